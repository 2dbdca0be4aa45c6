import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsHit, FunnelDefinition, HitType } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-24';
const HOME = 'http://localhost:8080/';
const ARTICLE = 'http://localhost:8080/noticies/politica/titol-x/';
const SEARCH_PAGE = 'http://localhost:8080/cercador/';
const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home = { pageName: 'mesura:portada', url: HOME, eVars: { 1: 'portada', 8: 'portada', 20: 'Portada', ...NOT_A_SEARCH } };
const article = { pageName: 'noticies:politica:titol-x', url: ARTICLE, eVars: { 1: 'noticies', 2: 'politica', 8: 'noticia', 20: 'Títol X', ...NOT_A_SEARCH } };
const searchPage = { pageName: 'cercador', url: SEARCH_PAGE, eVars: { 1: 'cercador', 8: 'cercador', ...NOT_A_SEARCH } };
const poll = { ...article, events: [{ id: 15 }], link: { type: 'o' as const, name: 'Vota' } };

type Send = (visitor: string, minutes: number, hit: Partial<AnalyticsHit>, type?: HitType, ua?: string) => Promise<void>;

/**
 * The traffic, in minutes from MORNING (visit = 30 minutes without a page view):
 * - A: home, article 5 min later, the poll 1 min after: the whole funnel in one visit;
 * - B: the article, then home: the steps out of order, so only step 1, then nothing (the exit);
 * - C: home, the search page, and the article the next day (24 h 5 min after home);
 * - D (a phone): home, the article 1 min later, and the poll two hours later, in no visit;
 * - E, two days before the range: home (the comparison period).
 */
export async function sendFunnelTraffic(send: Send): Promise<void> {
  await send('E', -2 * DAY_MINUTES, home);
  await send('A', 0, home);
  await send('A', 5, article);
  await send('A', 6, poll, 'link_o');
  await send('B', 10, article);
  await send('B', 11, home);
  await send('C', 20, home);
  await send('C', 21, searchPage);
  await send('C', DAY_MINUTES + 25, article);
  await send('D', 30, home, 'page_view', PHONE_UA);
  await send('D', 31, article, 'page_view', PHONE_UA);
  await send('D', 151, poll, 'link_o', PHONE_UA);
}

const STEPS: FunnelDefinition['steps'] = [
  { type: 'page', name: 'Portada', url: HOME, match: 'exact' },
  { type: 'page', name: 'Notícia', url: '*/noticies/*', match: 'pattern' },
  { type: 'call', name: 'Participació', call: '15' },
];

interface Answer {
  title: string;
  rows: { key: string; label: string; drill?: { report: string; params: Record<string, string> }; values: Record<string, number | null>; previous?: Record<string, number | null>; hidden?: boolean }[];
  totals: { values: Record<string, number | null> };
}

function serverOf(get: () => TestServer) {
  return {
    put: async (funnel: unknown, id: string, role: 'editor' | 'analyst' | 'admin' = 'editor') =>
      get().server.app.inject({ method: 'PUT', url: `/api/funnels/${id}`, headers: await get().authHeaders(role), payload: funnel as object }),
    report: async (name: string, query: string): Promise<Answer> => {
      const response = await get().server.app.inject({ url: `/api/reports/funnels/${name}?${query}&${RANGE}`, headers: await get().authHeaders('analyst') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Answer;
    },
  };
}

const column = (answer: Answer, metric: string) => answer.rows.map((row) => row.values[metric]);

describe('funnels (minimum cohort 1)', () => {
  let t: TestServer;
  let clock = MORNING;
  const { put, report } = serverOf(() => t);
  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1', MESURA_LOG_LEVEL: 'error' }, () => clock);
    await sendFunnelTraffic(async (visitor, minutes, hit, type = 'page_view', ua = BROWSER_UA) => {
      clock = MORNING + minutes * MINUTE_MS;
      const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid: visitor }, ...hit }), type), headers: { 'user-agent': ua } });
      expect(response.statusCode).toBe(200);
    });
    // The funnels are defined after the events: they apply to the stored past.
    expect((await put({ id: 'in-visit', name: 'Participació en una visita', scope: 'visit', steps: STEPS }, 'in-visit')).statusCode).toBe(201);
    expect((await put({ id: 'two-days', name: 'Participació en dos dies', scope: 'days', days: 2, steps: STEPS }, 'two-days')).statusCode).toBe(201);
    expect((await put({ id: 'one-day', name: 'Participació en un dia', scope: 'days', days: 1, steps: STEPS }, 'one-day')).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('counts a visitor at a step only after the steps before it, in order, within one visit', async () => {
    const steps = await report('steps', 'funnel=in-visit');
    expect(steps.rows.map((r) => [r.key, r.label])).toEqual([
      ['1', '1. Portada'],
      ['2', '2. Notícia'],
      ['3', '3. Participació'],
    ]);
    // B saw the article before home; C saw it the next day; D took part two hours later.
    expect(column(steps, 'visitors')).toEqual([4, 2, 1]);
    expect(column(steps, 'conversion')).toEqual([1, 0.5, 0.25]);
    expect(column(steps, 'step_conversion')).toEqual([null, 0.5, 0.5]);
    expect(column(steps, 'drop_off')).toEqual([null, 2, 1]);
    expect(column(steps, 'drop_off_rate')).toEqual([null, 0.5, 0.5]);
    // A: 5 min, D: 1 min to the article; A: 1 min to the poll.
    expect(column(steps, 'seconds_from_previous')).toEqual([null, 180, 60]);
    expect(steps.totals.values).toMatchObject({ visitors: 4, conversion: 0.25, drop_off: 3 });
    expect(steps.rows[1]?.drill).toEqual({ report: 'funnels/lost', params: { funnel: 'in-visit', step: '2' } });
  });

  it('follows a visitor across visits within the funnel days, counted from step 1', async () => {
    const twoDays = await report('steps', 'funnel=two-days');
    expect(column(twoDays, 'visitors')).toEqual([4, 3, 2]);
    // To the article: A 5 min, C 1 day 5 min, D 1 min; to the poll: A 1 min, D 2 h.
    expect(column(twoDays, 'seconds_from_previous')).toEqual([null, Math.round((300 + 86_700 + 60) / 3), Math.round((60 + 7200) / 2)]);
    // C's article came 24 h 5 min after home: past one day.
    expect(column(await report('steps', 'funnel=one-day'), 'visitors')).toEqual([4, 2, 2]);
  });

  it('says where the visitors lost before a step went: their next page, or the exit', async () => {
    const lostBeforeArticle = await report('lost', 'funnel=in-visit&step=2');
    expect(lostBeforeArticle.rows.map((r) => [r.key, r.label, r.values.visitors, r.values.share])).toEqual([
      ['(sortida)', 'Sortida (cap altra pàgina)', 1, 0.5],
      [SEARCH_PAGE, SEARCH_PAGE, 1, 0.5],
    ]);
    // D read the article and left: the poll came after the visit.
    expect((await report('lost', 'funnel=in-visit&step=3')).rows.map((r) => [r.key, r.values.visitors])).toEqual([['(sortida)', 1]]);
    const badStep = await t.server.app.inject({ url: `/api/reports/funnels/lost?funnel=in-visit&step=1&${RANGE}`, headers: await t.authHeaders('analyst') });
    expect(badStep.statusCode).toBe(400);
  });

  it('narrows the journeys by the filters of their first step and compares with the previous period', async () => {
    const phone = await report('steps', 'funnel=two-days&f=device:mobile');
    expect(column(phone, 'visitors')).toEqual([1, 1, 1]);
    const compared = await report('steps', 'funnel=in-visit&compare=previous');
    expect(compared.rows.map((r) => r.previous?.visitors)).toEqual([1, 0, 0]);
    expect(compared.rows[1]?.previous?.step_conversion).toBe(0);
  });

  it('reads a goal step as its goal: defined later, applied to the past', async () => {
    const goal = await t.server.app.inject({
      method: 'PUT',
      url: '/api/goals/poll',
      headers: await t.authHeaders('editor'),
      payload: { id: 'poll', name: 'Enquesta', type: 'call', call: '15' },
    });
    expect(goal.statusCode).toBe(201);
    const steps = [STEPS[0], STEPS[1], { type: 'goal', name: 'Objectiu: enquesta', goal: 'poll' }];
    expect((await put({ id: 'goal-step', name: 'Amb objectiu', scope: 'visit', steps }, 'goal-step')).statusCode).toBe(201);
    expect(column(await report('steps', 'funnel=goal-step'), 'visitors')).toEqual([4, 2, 1]);
  });

  it('lets an analyst read funnels but not change them; a bad definition is a one-line 400 that changes nothing', async () => {
    const list = async () => (await t.server.app.inject({ url: '/api/funnels', headers: await t.authHeaders('analyst') })).json();
    const before = await list();
    expect(before.funnels.map((f: FunnelDefinition) => f.id)).toContain('in-visit');
    expect((await put({ id: 'by-analyst', name: 'No', scope: 'visit', steps: STEPS }, 'by-analyst', 'analyst')).statusCode).toBe(403);
    const analystDelete = await t.server.app.inject({ method: 'DELETE', url: '/api/funnels/in-visit', headers: await t.authHeaders('analyst') });
    expect(analystDelete.statusCode).toBe(403);
    const bad = [
      { id: 'bad', name: 'Un pas', scope: 'visit', steps: [STEPS[0]] },
      { id: 'bad', name: 'Nou passos', scope: 'visit', steps: [...STEPS, ...STEPS, ...STEPS] },
      { id: 'bad', name: 'Sense dies', scope: 'days', steps: STEPS },
      { id: 'bad', name: 'Massa dies', scope: 'days', days: 31, steps: STEPS },
      { id: 'bad', name: 'Regex', scope: 'visit', steps: [STEPS[0], { type: 'page', name: 'x', url: '.*', match: 'regex' }] },
      { id: 'bad', name: 'Objectiu inexistent', scope: 'visit', steps: [STEPS[0], { type: 'goal', name: 'x', goal: 'none' }] },
      { id: 'bad', name: 'Camp de més', scope: 'visit', steps: STEPS, colour: 'red' },
      { id: 'other', name: 'Id diferent', scope: 'visit', steps: STEPS },
    ];
    for (const funnel of bad) {
      const response = await put(funnel, 'bad');
      expect(response.statusCode, JSON.stringify(funnel)).toBe(400);
      expect(response.json().code).toBe('MESURA_ERR_BAD_FUNNEL');
      expect(response.json().error).not.toContain('\n');
    }
    expect(await list()).toEqual(before);
    const unknown = await t.server.app.inject({ url: `/api/reports/funnels/steps?funnel=none&${RANGE}`, headers: await t.authHeaders('analyst') });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps who changed a funnel, and deletes it', async () => {
    expect((await put({ id: 'temporary', name: 'Temporal', scope: 'visit', steps: STEPS }, 'temporary')).statusCode).toBe(201);
    expect((await put({ id: 'temporary', name: 'Temporal 2', scope: 'visit', steps: STEPS }, 'temporary', 'admin')).statusCode).toBe(200);
    const deleted = await t.server.app.inject({ method: 'DELETE', url: '/api/funnels/temporary', headers: await t.authHeaders('editor') });
    expect(deleted.statusCode).toBe(204);
    const history = (await t.server.app.inject({ url: '/api/funnels/temporary/history', headers: await t.authHeaders('analyst') })).json().changes;
    expect(history.map((c: { before: { name: string } | null; after: { name: string } | null }) => [c.before?.name ?? null, c.after?.name ?? null])).toEqual([
      [null, 'Temporal'],
      ['Temporal', 'Temporal 2'],
      ['Temporal 2', null],
    ]);
    expect(history.every((c: { by: string }) => c.by.includes('@'))).toBe(true);
  });
});

describe('funnels (minimum cohort 2)', () => {
  let t: TestServer;
  let clock = MORNING;
  const { put, report } = serverOf(() => t);
  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '2', MESURA_LOG_LEVEL: 'error' }, () => clock);
    await sendFunnelTraffic(async (visitor, minutes, hit, type = 'page_view', ua = BROWSER_UA) => {
      clock = MORNING + minutes * MINUTE_MS;
      const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid: visitor }, ...hit }), type), headers: { 'user-agent': ua } });
      expect(response.statusCode).toBe(200);
    });
    expect((await put({ id: 'in-visit', name: 'En una visita', scope: 'visit', steps: STEPS }, 'in-visit')).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('hides a step, and a next page, reached by fewer visitors than the minimum cohort', async () => {
    const steps = await report('steps', 'funnel=in-visit');
    expect(steps.rows.map((r) => [r.values.visitors, r.hidden ?? false])).toEqual([
      [4, false],
      [2, false],
      [null, true],
    ]);
    expect((await report('lost', 'funnel=in-visit&step=2')).rows.every((r) => r.hidden)).toBe(true);
  });
});
