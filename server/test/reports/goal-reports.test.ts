import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsHit, GoalDefinition, HitType } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const MINUTE_MS = 60_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-24';
const ARTICLE = 'http://localhost:8080/noticies/politica/titol-x/';
const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home = { pageName: 'mesura:portada', url: 'http://localhost:8080/', eVars: { 1: 'portada', 8: 'portada', 20: 'Portada', ...NOT_A_SEARCH } };
const article = { pageName: 'noticies:politica:titol-x', url: ARTICLE, eVars: { 1: 'noticies', 2: 'politica', 8: 'noticia', 20: 'Títol X', ...NOT_A_SEARCH } };

let t: TestServer;
let clock = MORNING;

/** B's network, which the shipped database places in Catalonia (hit-reports-fixture.ts); the others are placed nowhere. */
const ADDRESSES: Readonly<Record<string, string>> = { B: '83.50.1.57' };

async function send(visitor: string, minutes: number, hit: Partial<AnalyticsHit>, type: HitType = 'page_view', ua = BROWSER_UA) {
  clock = MORNING + minutes * MINUTE_MS;
  const full = testHit({ visitor: { fid: visitor }, ...hit });
  const response = await t.server.app.inject({ url: beaconUrl(full, type), headers: { 'user-agent': ua }, remoteAddress: ADDRESSES[visitor] ?? '203.0.113.9' });
  expect(response.statusCode).toBe(200);
}

async function put(goal: Partial<GoalDefinition> & { id: string }, role: 'editor' | 'analyst' | 'admin' = 'editor') {
  return t.server.app.inject({ method: 'PUT', url: `/api/goals/${goal.id}`, headers: await t.authHeaders(role), payload: goal });
}

async function report(by: string, goal: string, extra = '') {
  const response = await t.server.app.inject({ url: `/api/reports/goals/${by}?goal=${goal}&${RANGE}${extra}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    rows: { key: string; label: string; values: Record<string, number | null>; previous?: Record<string, number | null> }[];
    totals: { values: Record<string, number | null> };
  };
}

const total = async (goal: string) => (await report('by-source', goal)).totals.values;

describe('site goals (minimum cohort 1)', () => {
  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1', MESURA_LOG_LEVEL: 'error' }, () => clock);
    // The events come first: every goal below is defined after them, so past data must count.
    // A, visit 1: from a search engine, the article, then takes part in a poll (scParticipar, event15).
    await send('A', 0, { ...home, referrer: 'https://www.google.es/' });
    await send('A', 5, article);
    await send('A', 6, { ...article, events: [{ id: 15 }], link: { type: 'o', name: 'Vota' } }, 'link_o');
    // A, visit 2 (an hour later, direct): subscribes to the newsletter (the call to action's scClicBoto).
    await send('A', 65, home);
    await send('A', 66, { ...home, events: [{ id: 10 }], link: { type: 'o', name: 'Subscriu-te al butlletí' } }, 'link_o');
    // B: a phone, from a social network with a campaign: the article, a search, a programme's video started.
    await send('B', 10, { ...article, referrer: 'https://m.facebook.com/', eVars: { ...article.eVars, 0: 'Tardor' } }, 'page_view', PHONE_UA);
    await send('B', 11, { pageName: 'cercador', url: 'http://localhost:8080/cercador/', eVars: { 1: 'cercador', 8: 'cercador', 23: 'temps', 24: '4' } }, 'page_view', PHONE_UA);
    await send('B', 12, { ...article, eVars: { ...article.eVars, 5: 'prog-1', 7: 'tv3' }, media: { kind: 'ms_s', mediaType: 'video' } }, 'media_start', PHONE_UA);
    // C, the next day: the link that confirms a new account lands on the sign-in page.
    await send('C', 24 * 60, { pageName: 'mesura:entrar', url: 'http://localhost:8080/entrar/?compte=confirmat', eVars: { 1: 'usuari', 8: 'login', ...NOT_A_SEARCH } });
    // A button click that is not the newsletter's, after the idle time of C's visit: no visit of its own.
    await send('C', 24 * 60 + 45, { ...home, events: [{ id: 10 }], link: { type: 'o', name: 'Subscriu-te al butlletí' } }, 'link_o');
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('counts each goal type on the visits that reached it, over every visit of the range', async () => {
    const goals: GoalDefinition[] = [
      { id: 'article', name: 'Article', type: 'page', match: 'exact', url: ARTICLE },
      { id: 'news', name: 'Notícies', type: 'page', match: 'pattern', url: '*/noticies/*' },
      // `_` and `%` stand for themselves: this pattern matches no address the visitors saw.
      { id: 'underscore', name: 'Guió baix', type: 'page', match: 'pattern', url: 'http://localhost:8080/noticies/politica/titol_x/' },
      { id: 'poll', name: 'Participació', type: 'call', call: '15' },
      { id: 'newsletter', name: 'Butlletí', type: 'newsletter' },
      { id: 'signup', name: 'Alta', type: 'signup' },
      { id: 'video', name: 'Vídeo', type: 'media' },
      { id: 'video-prog', name: 'Vídeo del programa', type: 'media', programme: 'prog-1', channel: 'tv3' },
      { id: 'video-other', name: 'Un altre programa', type: 'media', programme: 'prog-2' },
      { id: 'search', name: 'Cerca', type: 'search' },
    ];
    for (const goal of goals) expect((await put(goal)).statusCode).toBe(201);
    const expected: Record<string, number> = { article: 2, news: 2, underscore: 0, poll: 1, newsletter: 1, signup: 1, video: 1, 'video-prog': 1, 'video-other': 0, search: 1 };
    for (const [id, conversions] of Object.entries(expected)) {
      const values = await total(id);
      expect({ id, conversions: values.conversions, visits: values.visits, rate: values.conversion_rate }).toEqual({ id, conversions, visits: 4, rate: conversions / 4 });
    }
  });

  it('breaks conversions down by day, source, campaign, device, place and entry page', async () => {
    expect((await put({ id: 'article', name: 'Article', type: 'page', match: 'exact', url: ARTICLE })).statusCode).toBe(200);
    const byDay = await report('by-day', 'article');
    expect(byDay.rows.map((r) => [r.key, r.values.conversions, r.values.visits])).toEqual([
      ['2026-11-23', 2, 3],
      ['2026-11-24', 0, 1],
    ]);
    const bySource = Object.fromEntries((await report('by-source', 'article')).rows.map((r) => [r.key, [r.values.conversions, r.values.visits, r.label]]));
    expect(bySource).toEqual({ cercadors: [1, 1, 'Cercadors'], 'xarxes-socials': [1, 1, 'Xarxes socials'], directe: [0, 2, 'Directe'] });
    expect((await report('by-campaign', 'article')).rows.map((r) => [r.key, r.values.conversions, r.values.conversion_rate])).toEqual([['tardor', 1, 1]]);
    const byDevice = Object.fromEntries((await report('by-device', 'article')).rows.map((r) => [r.label, r.values.conversions]));
    expect(byDevice).toEqual({ Mòbil: 1, Ordinador: 1 });
    const byEntry = Object.fromEntries((await report('by-entry-page', 'article')).rows.map((r) => [r.key, r.values.conversions]));
    expect(byEntry).toEqual({ 'http://localhost:8080/': 1, [ARTICLE]: 1, 'http://localhost:8080/entrar/?compte=confirmat': 0 });
    expect((await report('by-country', 'article')).rows.map((r) => [r.key, r.label, r.values.conversions, r.values.visits])).toEqual([['ES', 'Espanya', 1, 1]]);
  });

  it('applies filters and compares with the previous period', async () => {
    const phone = await report('by-day', 'article', '&f=device:mobile&compare=previous');
    expect(phone.totals.values).toMatchObject({ conversions: 1, visits: 1, conversion_rate: 1 });
    expect(phone.rows[0]?.previous).toMatchObject({ conversions: 0, visits: 0 });
  });

  it('lets an analyst read goals but not change them; bad input is a one-line 400 that changes nothing', async () => {
    const before = (await t.server.app.inject({ url: '/api/goals', headers: await t.authHeaders('analyst') })).json();
    expect((await put({ id: 'by-analyst', name: 'No', type: 'search' }, 'analyst')).statusCode).toBe(403);
    const analystDelete = await t.server.app.inject({ method: 'DELETE', url: '/api/goals/article', headers: await t.authHeaders('analyst') });
    expect(analystDelete.statusCode).toBe(403);
    const bad = [
      { id: 'bad', name: 'Sense tipus', type: 'everything' },
      { id: 'bad', name: 'Sense adreça', type: 'page', match: 'exact' },
      { id: 'bad', name: 'Regex', type: 'page', match: 'regex', url: '.*' },
      { id: 'Bad Id', name: 'Id', type: 'search' },
      { id: 'bad', name: 'Camp de més', type: 'search', url: 'x' },
      { id: 'bad', name: 'Dues\nlínies', type: 'search' },
      { id: 'other', name: 'Id diferent', type: 'search' },
    ];
    for (const goal of bad) {
      const response = await t.server.app.inject({ method: 'PUT', url: '/api/goals/bad', headers: await t.authHeaders('editor'), payload: goal });
      expect(response.statusCode, JSON.stringify(goal)).toBe(400);
      expect(response.json().code).toBe('MESURA_ERR_BAD_GOAL');
      expect(response.json().error).not.toContain('\n');
    }
    const after = (await t.server.app.inject({ url: '/api/goals', headers: await t.authHeaders('analyst') })).json();
    expect(after).toEqual(before);
    const unknown = await t.server.app.inject({ url: `/api/reports/goals/by-day?goal=none&${RANGE}`, headers: await t.authHeaders('analyst') });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps who changed a goal, and deletes it', async () => {
    expect((await put({ id: 'temporary', name: 'Temporal', type: 'search' })).statusCode).toBe(201);
    expect((await put({ id: 'temporary', name: 'Temporal 2', type: 'search' }, 'admin')).statusCode).toBe(200);
    const deleted = await t.server.app.inject({ method: 'DELETE', url: '/api/goals/temporary', headers: await t.authHeaders('editor') });
    expect(deleted.statusCode).toBe(204);
    const history = (await t.server.app.inject({ url: '/api/goals/temporary/history', headers: await t.authHeaders('analyst') })).json().changes;
    expect(history.map((c: { before: { name: string } | null; after: { name: string } | null }) => [c.before?.name ?? null, c.after?.name ?? null])).toEqual([
      [null, 'Temporal'],
      ['Temporal', 'Temporal 2'],
      ['Temporal 2', null],
    ]);
    expect(history.every((c: { by: string }) => c.by.includes('@'))).toBe(true);
    const gone = await t.server.app.inject({ url: '/api/goals/temporary', headers: await t.authHeaders('analyst') });
    expect(gone.statusCode).toBe(404);
  });
});
