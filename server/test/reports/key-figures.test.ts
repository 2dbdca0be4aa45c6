import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyFiguresAnswer } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const DAY_MS = 86_400_000;
/** A server start and its traffic: generous, as the test machine may be busy. */
const SETUP_TIMEOUT_MS = 120_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MONDAY = Date.UTC(2026, 10, 23, 9, 0);
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home = { pageName: 'mesura:portada', url: 'http://localhost:8080/', eVars: { 1: 'portada', 8: 'portada', ...NOT_A_SEARCH } };
const article = { pageName: 'noticies:titol-x', url: 'http://localhost:8080/noticies/titol-x/', eVars: { 1: 'noticies', 8: 'noticia', ...NOT_A_SEARCH } };

/** Day offset from MONDAY, visitor, page, phone: two visitors on the 23rd, three on the 24th (one on a phone). */
const TRAFFIC: readonly [number, string, typeof home, boolean][] = [
  [0, 'A', home, false],
  [0, 'A', article, false],
  [0, 'B', home, false],
  [1, 'A', home, false],
  [1, 'C', article, false],
  [1, 'D', home, true],
  [1, 'D', article, true],
];

const figure = (answer: KeyFiguresAnswer, key: string) => {
  const found = answer.figures.find((f) => f.key === key);
  if (found === undefined) throw new Error(`no figure ${key} in ${answer.figures.map((f) => f.key).join(', ')}`);
  return found;
};

describe('key figures of an area (GET /api/key-figures/{area})', () => {
  let t: TestServer;
  let low: TestServer;
  let clock = MONDAY;
  const ask = async (server: TestServer, path: string) => {
    const response = await server.server.app.inject({ url: `/api/key-figures/${path}`, headers: await server.authHeaders('analyst') });
    return response;
  };
  const figures = async (path: string, server = t): Promise<KeyFiguresAnswer> => {
    const response = await ask(server, path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as KeyFiguresAnswer;
  };

  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1', MESURA_LOG_LEVEL: 'error' }, () => clock);
    low = await startTestServer({ MESURA_MIN_COHORT: '3', MESURA_LOG_LEVEL: 'error' }, () => clock);
    for (const server of [t, low]) {
      for (const [[day, visitor, page, phone], i] of TRAFFIC.map((entry, index) => [entry, index] as const)) {
        clock = MONDAY + day * DAY_MS + i * 60_000;
        const response = await server.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid: visitor }, ...page }), 'page_view'), headers: { 'user-agent': phone ? PHONE_UA : BROWSER_UA } });
        expect(response.statusCode).toBe(200);
      }
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.dispose();
    await low?.dispose();
  });

  it('answers the audience figures of the period, the previous period and a value per day', async () => {
    const answer = await figures('audience?from=2026-11-23&to=2026-11-24');
    expect(answer.compare).toEqual({ from: '2026-11-21', to: '2026-11-22' });
    expect(answer.days).toEqual(['2026-11-23', '2026-11-24']);
    expect(answer.figures.map((f) => f.key)).toEqual(['visits', 'visitors', 'page_views', 'pages_per_visit', 'bounce_rate', 'avg_duration']);
    expect(figure(answer, 'page_views')).toMatchObject({ label: 'Pàgines vistes', format: 'count', value: 7, previous: 0, series: [3, 4] });
    expect(figure(answer, 'visits')).toMatchObject({ value: 5, series: [2, 3] });
    expect(figure(answer, 'visitors')).toMatchObject({ approximate: true, value: 4, series: [2, 3] });
  });

  it('compares with the period just before: the second day against the first', async () => {
    const answer = await figures('audience?from=2026-11-24&to=2026-11-24');
    expect(answer.compare).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(figure(answer, 'page_views')).toMatchObject({ value: 4, previous: 3, series: [4] });
  });

  it('follows the filters as the reports do', async () => {
    const answer = await figures('audience?from=2026-11-23&to=2026-11-24&f=device:mobile');
    expect(answer.filters).toEqual([{ dimension: 'device', value: 'mobile' }]);
    expect(figure(answer, 'visits')).toMatchObject({ value: 1, series: [0, 1] });
    expect(figure(answer, 'page_views')).toMatchObject({ value: 2 });
  });

  it('follows a segment as the reports do', async () => {
    const segment = { id: 'mobils', name: 'Mòbils', shared: true, match: 'all', groups: [{ match: 'all', conditions: [{ type: 'visit', attribute: 'device', value: 'mobile' }] }] };
    const put = await t.server.app.inject({ method: 'PUT', url: '/api/segments/mobils', headers: await t.authHeaders('analyst'), payload: segment });
    expect(put.statusCode, put.body).toBe(201);
    const answer = await figures('audience?from=2026-11-23&to=2026-11-24&s=mobils');
    expect(answer.segment).toEqual({ id: 'mobils', name: 'Mòbils' });
    expect(figure(answer, 'visitors')).toMatchObject({ value: 1 });
  });

  it('hides what the minimum cohort hides: a day of two visitors under a cohort of three', async () => {
    const answer = await figures('audience?from=2026-11-23&to=2026-11-24', low);
    expect(figure(answer, 'visitors')).toMatchObject({ value: 4, series: [null, 3] });
    const phone = await figures('audience?from=2026-11-23&to=2026-11-24&f=device:mobile', low);
    expect(figure(phone, 'visits')).toMatchObject({ value: null, hidden: true, series: [0, null] });
  });

  it('gives the content, media and consent areas their own figures', async () => {
    const content = await figures('content?from=2026-11-23&to=2026-11-24');
    expect(content.figures.map((f) => f.key)).toEqual(['page_views', 'engaged_time', 'avg_engaged']);
    expect(figure(content, 'page_views').value).toBe(7);
    const media = await figures('media?from=2026-11-23&to=2026-11-24');
    // No media played: the media reports' totals say none, as their charts do.
    expect(media.figures.map((f) => [f.key, f.value, f.series])).toEqual([
      ['plays', null, [0, 0]],
      ['seconds_played', null, [null, null]],
      ['visitors', 0, [0, 0]],
      ['peak_viewers', null, [0, 0]],
    ]);
    const consent = await figures('consent?from=2026-11-23&to=2026-11-24&s=mobils');
    expect(consent.ignoredSegment).toBe(true);
  });

  it('refuses, in one line, what the reports refuse and parameters it does not take', async () => {
    for (const path of ['audience?from=2026-11-24&to=2026-11-23', 'audience?from=2026-11-23&to=2026-11-24&limit=5', 'audience?from=2026-11-23&to=2026-11-24&f=colour:red']) {
      const response = await ask(t, path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe('MESURA_ERR_BAD_QUERY');
    }
    expect((await ask(t, 'funnels?from=2026-11-23&to=2026-11-24')).statusCode).toBe(404);
  });

  it('answers only a signed-in person', async () => {
    const response = await t.server.app.inject({ url: '/api/key-figures/audience?from=2026-11-23&to=2026-11-24' });
    expect(response.statusCode).toBe(401);
  });
});
