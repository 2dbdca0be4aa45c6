import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentDefinition } from '@mesura/protocol';
import type { AnalyticsHit, HitType } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const MINUTE_MS = 60_000;
/** A server start and its traffic: generous, as the test machine may be busy. */
const SETUP_TIMEOUT_MS = 120_000;
/** 10:00 in Barcelona on 2026-11-23, as the funnel traffic counts its minutes from. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-24';
const HOME = 'http://localhost:8080/';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home = { pageName: 'mesura:portada', url: HOME, eVars: { 1: 'portada', 8: 'portada', ...NOT_A_SEARCH } };
const article = { pageName: 'noticies:titol-x', url: 'http://localhost:8080/noticies/titol-x/', eVars: { 1: 'noticies', 8: 'noticia', ...NOT_A_SEARCH } };
const searchPage = { pageName: 'cercador', url: 'http://localhost:8080/cercador/', eVars: { 1: 'cercador', 8: 'cercador', ...NOT_A_SEARCH } };
const poll = { ...article, events: [{ id: 15 }], link: { type: 'o' as const, name: 'Vota' } };

/** Minutes from MORNING, visitor, hit, its type, and whether it comes from a phone. */
const TRAFFIC: readonly [number, string, Partial<AnalyticsHit>, HitType, boolean][] = [
  // A, on a desktop: home, the article, the poll.
  [0, 'A', home, 'page_view', false],
  [5, 'A', article, 'page_view', false],
  [6, 'A', poll, 'link_o', false],
  // B: the article, then home.
  [10, 'B', article, 'page_view', false],
  [11, 'B', home, 'page_view', false],
  // C: home, then the search page.
  [20, 'C', home, 'page_view', false],
  [21, 'C', searchPage, 'page_view', false],
  // D, on a phone: home, the article, the poll.
  [30, 'D', home, 'page_view', true],
  [31, 'D', article, 'page_view', true],
  [32, 'D', poll, 'link_o', true],
];

async function sendTraffic(t: TestServer, setClock: (ms: number) => void): Promise<void> {
  for (const [minutes, visitor, hit, type, phone] of TRAFFIC) {
    setClock(MORNING + minutes * MINUTE_MS);
    const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid: visitor }, ...hit }), type), headers: { 'user-agent': phone ? PHONE_UA : BROWSER_UA } });
    expect(response.statusCode).toBe(200);
  }
}

type Role = 'analyst' | 'editor' | 'admin';
type Groups = SegmentDefinition['groups'];
interface Answer {
  rows: { key: string; values: Record<string, number | null>; hidden?: boolean }[];
  totals: { values: Record<string, number | null>; hidden?: boolean };
  segment?: { id: string; name: string };
  ignoredSegment?: boolean;
}

const PHONE: Groups[number]['conditions'][number] = { type: 'visit', attribute: 'device', value: 'mobile' };
const POLLED: Groups[number]['conditions'][number] = { type: 'call', call: '15' };
const SEARCH_PAGE: Groups[number]['conditions'][number] = { type: 'page', url: '*/cercador/*', match: 'pattern' };

describe('segments narrow every report to their visitors (minimum cohort 1)', () => {
  let t: TestServer;
  let clock = MORNING;
  const put = async (id: string, groups: Groups, options: { match?: 'all' | 'any'; shared?: boolean; role?: Role } = {}) =>
    t.server.app.inject({
      method: 'PUT',
      url: `/api/segments/${id}`,
      headers: await t.authHeaders(options.role ?? 'analyst'),
      payload: { id, name: `Segment ${id}`, shared: options.shared ?? false, match: options.match ?? 'all', groups },
    });
  const ask = async (path: string, role: Role = 'analyst') => t.server.app.inject({ url: `/api/reports/${path}${path.includes('?') ? '&' : '?'}${RANGE}`, headers: await t.authHeaders(role) });
  const report = async (path: string, role: Role = 'analyst'): Promise<Answer> => {
    const response = await ask(path, role);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const keys = (answer: Answer) => answer.rows.map((row) => row.key).sort();

  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1', MESURA_LOG_LEVEL: 'error' }, () => clock);
    await sendTraffic(t, (ms) => {
      clock = ms;
    });
    expect((await put('phone', [{ match: 'all', conditions: [PHONE] }], { shared: true })).statusCode).toBe(201);
    expect((await put('polled', [{ match: 'all', conditions: [POLLED] }], { shared: true })).statusCode).toBe(201);
    expect((await put('phone-or-searched', [{ match: 'any', conditions: [PHONE, SEARCH_PAGE] }], { shared: true })).statusCode).toBe(201);
    // (phone or searched) and polled: D alone.
    expect(
      (
        await put('searched-or-phone-and-polled', [
          { match: 'any', conditions: [PHONE, SEARCH_PAGE] },
          { match: 'all', conditions: [POLLED] },
        ])
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await put(
          'home-or-polled',
          [
            { match: 'all', conditions: [{ type: 'page', url: HOME, match: 'exact' }] },
            { match: 'all', conditions: [POLLED] },
          ],
          { match: 'any' },
        )
      ).statusCode,
    ).toBe(201);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.dispose();
  });

  it('narrows a visit ranking and says which segment it applied', async () => {
    const all = await report('technology/devices');
    expect(all.totals.values.visitors).toBe(4);
    const phone = await report('technology/devices?s=phone');
    expect(phone.segment).toEqual({ id: 'phone', name: 'Segment phone' });
    expect(phone.rows.map((row) => [row.key, row.values.visitors])).toEqual([['mobile', 1]]);
    // A visitor is in the segment for all their visits: C's desktop visits stay when C searched.
    const either = await report('technology/devices?s=phone-or-searched');
    expect(either.totals.values.visitors).toBe(2);
  });

  it('narrows the audience series (the rows, not the day cells)', async () => {
    const all = await report('audience/by-day');
    const polled = await report('audience/by-day?s=polled');
    expect(all.totals.values.visitors).toBe(4);
    expect(polled.totals.values.visitors).toBe(2);
  });

  it('narrows a page ranking by reading the page views, not the page cells', async () => {
    const pages = await report('content/pages?s=searched-or-phone-and-polled');
    expect(pages.segment?.id).toBe('searched-or-phone-and-polled');
    // D alone: home and the article.
    expect(pages.totals.values.page_views).toBe(2);
    expect(keys(await report('content/sections?s=phone-or-searched'))).toEqual(['cercador', 'noticies', 'portada']);
  });

  it('narrows an engagement report: the calls of the segment visitors only', async () => {
    expect((await report('engagement/calls')).totals.values.calls).toBe(2);
    expect((await report('engagement/calls?s=phone')).totals.values.calls).toBe(1);
    expect((await report('engagement/calls?s=phone-or-searched&f=device:desktop')).rows).toEqual([]);
  });

  it('joins groups with any: the home page seen or a poll answered', async () => {
    expect((await report('audience/by-day?s=home-or-polled')).totals.values.visitors).toBe(4);
  });

  it('narrows a funnel: step 1 counts only the segment visitors', async () => {
    const funnel = {
      id: 'home-article',
      name: 'Portada i notícia',
      scope: 'visit',
      steps: [
        { type: 'page', name: 'Portada', url: HOME, match: 'exact' },
        { type: 'page', name: 'Notícia', url: '*/noticies/*', match: 'pattern' },
      ],
    };
    const saved = await t.server.app.inject({ method: 'PUT', url: '/api/funnels/home-article', headers: await t.authHeaders('editor'), payload: funnel });
    expect(saved.statusCode).toBe(201);
    const all = await report('funnels/steps?funnel=home-article');
    expect(all.rows.map((row) => row.values.visitors)).toEqual([4, 2]);
    const polled = await report('funnels/steps?funnel=home-article&s=polled');
    expect(polled.rows.map((row) => row.values.visitors)).toEqual([2, 2]);
    expect(polled.segment?.id).toBe('polled');
  });

  it('narrows a path: the pages after home of the segment visitors', async () => {
    const all = await report(`content/page-next?page=${encodeURIComponent(HOME)}`);
    const next = await report(`content/page-next?page=${encodeURIComponent(HOME)}&s=phone`);
    expect(next.segment?.id).toBe('phone');
    // D went from home to the article; C's search page is not the segment's.
    expect(keys(all)).toContain(searchPage.url);
    expect(keys(next)).not.toContain(searchPage.url);
    expect(keys(next)).toContain(article.url);
  });

  it('keeps a private segment to its owner: to anyone else it does not exist', async () => {
    expect((await report('audience/by-day?s=searched-or-phone-and-polled', 'analyst')).totals.values.visitors).toBe(1);
    const foreign = await ask('audience/by-day?s=searched-or-phone-and-polled', 'editor');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'MESURA_ERR_NOT_FOUND' });
    const list = await t.server.app.inject({ url: '/api/segments', headers: await t.authHeaders('editor') });
    expect((list.json() as { segments: { id: string }[] }).segments.map((s) => s.id)).toEqual(['phone', 'phone-or-searched', 'polled']);
    // Nobody changes another's private segment, nor takes its id.
    const taken = await put('searched-or-phone-and-polled', [{ match: 'all', conditions: [PHONE] }], { role: 'admin' });
    expect(taken.statusCode).toBe(400);
    const deleted = await t.server.app.inject({ method: 'DELETE', url: '/api/segments/searched-or-phone-and-polled', headers: await t.authHeaders('admin') });
    expect(deleted.statusCode).toBe(404);
    expect((await report('audience/by-day?s=searched-or-phone-and-polled', 'analyst')).totals.values.visitors).toBe(1);
  });

  it('lets an editor change a shared segment, keeping its owner and its history', async () => {
    const changed = await put('phone', [{ match: 'all', conditions: [PHONE] }], { shared: true, role: 'editor' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ owner: 'analyst@test.local' });
    const history = await t.server.app.inject({ url: '/api/segments/phone/history', headers: await t.authHeaders('analyst') });
    expect((history.json() as { changes: { by: string }[] }).changes.map((c) => c.by)).toEqual(['analyst@test.local', 'editor@test.local']);
    // Another's private segment has no history to show, as it has no segment.
    const foreign = await t.server.app.inject({ url: '/api/segments/searched-or-phone-and-polled/history', headers: await t.authHeaders('editor') });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers a bad, unknown or foreign s= with one line, and changes nothing', async () => {
    for (const [query, status] of [
      ['audience/by-day?s=No%20Such', 400],
      ['audience/by-day?s=nobody', 404],
      ['audience/by-day?s=phone&s=polled', 400],
    ] as const) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(status);
      expect((response.json() as { error: string }).error).not.toContain('\n');
    }
    const refused = await put('bad', [{ match: 'all', conditions: [{ type: 'visit', attribute: 'url' as never, value: 'x' }] }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'MESURA_ERR_BAD_SEGMENT' });
    expect((await t.server.app.inject({ url: '/api/segments/bad', headers: await t.authHeaders('analyst') })).statusCode).toBe(404);
  });

  it('writes every value as a literal: a quote in a value matches nobody and breaks nothing', async () => {
    expect(
      (
        await put('quoted', [
          {
            match: 'all',
            conditions: [
              { type: 'visit', attribute: 'campaign', value: "x' OR '1'='1" },
              { type: 'page', url: "*'%_\\*", match: 'pattern' },
            ],
          },
        ])
      ).statusCode,
    ).toBe(201);
    const answer = await report('audience/by-day?s=quoted');
    expect(answer.totals.values.visitors ?? 0).toBe(0);
  });

  it('says when a report cannot apply a segment (the consent reports keep no visitor)', async () => {
    const consent = await report('consent/choices?s=phone', 'admin');
    expect(consent.ignoredSegment).toBe(true);
    expect(consent.segment).toBeUndefined();
  });
});

describe('segments and the minimum cohort', () => {
  let t: TestServer;
  let clock = MORNING;
  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '2', MESURA_LOG_LEVEL: 'error' }, () => clock);
    await sendTraffic(t, (ms) => {
      clock = ms;
    });
    const response = await t.server.app.inject({
      method: 'PUT',
      url: '/api/segments/phone',
      headers: await t.authHeaders('analyst'),
      payload: { id: 'phone', name: 'Mòbil', shared: false, match: 'all', groups: [{ match: 'all', conditions: [PHONE] }] },
    });
    expect(response.statusCode).toBe(201);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.dispose();
  });

  it('hides a segment of fewer visitors than the minimum cohort', async () => {
    const response = await t.server.app.inject({ url: `/api/reports/technology/devices?s=phone&${RANGE}`, headers: await t.authHeaders('analyst') });
    const answer = response.json() as Answer;
    expect(answer.totals.hidden).toBe(true);
    expect(answer.rows.every((row) => row.hidden)).toBe(true);
  });
});
