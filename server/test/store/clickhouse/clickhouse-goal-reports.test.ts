/**
 * The goal reports (reports/goal-reports.ts, docs/goals.md) answer the same on DuckDB and
 * ClickHouse: the hit reports' data set (helpers/hit-reports-fixture.ts) and a few beacons that
 * reach the goals it lacks (a newsletter sign-up, a confirmed account, media starts) go into a
 * server on the embedded DuckDB store and a collector draining into ClickHouse; one goal of each
 * type is defined on the DuckDB server and on an API node reading ClickHouse after the events were
 * stored, and every breakdown is asked on both, plain, filtered and compared. Named clickhouse-*
 * so that it runs on 18.16 and on current ClickHouse (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnalyticsHit, GoalDefinition, HitType, ReportAnswer } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { GOAL_BREAKDOWNS } from '../../../src/reports/goal-reports.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { FIXTURE_MORNING, FIXTURE_RANGE, hitReportsFixture, type FixtureBeacon } from '../../helpers/hit-reports-fixture.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, startTestServer, testHit, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const MINUTE_MS = 60_000;
/** Ratios are computed in a different order by each engine: equal to this relative difference. */
const RATIO_RELATIVE_ERROR = 1e-9;
/** Requests compared at once, as the hit reports' equivalence test asks them. */
const REQUESTS_AT_ONCE = 4;
/** Visitor counts: both engines are exact on this data set; the bound is the hit reports' (report-equivalence-clickhouse.test.ts). */
const VISITORS_RELATIVE_ERROR = 0.06;

const GOALS: GoalDefinition[] = [
  { id: 'article-1', name: 'Títol 1', type: 'page', match: 'exact', url: 'http://localhost:8080/noticies/politica/titol-1/' },
  { id: 'politics', name: 'Política', type: 'page', match: 'pattern', url: '*/politica/*' },
  { id: 'odd-pattern', name: 'Guió baix', type: 'page', match: 'pattern', url: '*/titol_1/*' },
  { id: 'shares', name: 'Comparticions', type: 'call', call: '3' },
  { id: 'dvr', name: 'DVR', type: 'call', call: 'enllaç: scDVR' },
  { id: 'newsletter', name: 'Butlletí', type: 'newsletter' },
  { id: 'signup', name: 'Alta', type: 'signup' },
  { id: 'media', name: 'Vídeo', type: 'media' },
  { id: 'media-prog', name: 'Programa 1 a TV3', type: 'media', programme: 'prog-1', channel: 'tv3' },
  { id: 'search', name: 'Cerca', type: 'search' },
];

/** Besides the plain query: filtered, compared, and both (asked of VARIED_GOALS' VARIED_BREAKDOWNS only: each ClickHouse answer takes seconds on a busy machine). */
const VARIANTS = ['&f=device:desktop', '&compare=previous', '&f=device:mobile&compare=previous', '&f=section:noticies&f=campaign:Tardor'];
/** One goal over page views and one over link hits, in a time series and a ranking. */
const VARIED_GOALS = ['politics', 'shares'];
const VARIED_BREAKDOWNS = ['by-day', 'by-source'];

/** Beacons that reach the goals the hit reports' data set does not: each within a visit of it. */
function goalBeacons(): FixtureBeacon[] {
  const at = (day: number, minutes: number) => FIXTURE_MORNING + day * 86_400_000 + minutes * MINUTE_MS;
  const article = { pageName: 'noticies:politica:titol-1', url: 'http://localhost:8080/noticies/politica/titol-1/', eVars: { 1: 'noticies', 2: 'politica', 5: 'prog-1', 7: 'tv3' } };
  const beacon = (visitor: string, time: number, hit: Partial<AnalyticsHit>, type: HitType): FixtureBeacon => ({
    at: time,
    hit: testHit({ visitor: { fid: visitor }, ...hit }),
    type,
    ua: BROWSER_UA,
    address: '203.0.113.9',
  });
  return [
    // A's first visit: the newsletter's call to action; its last: a video of programme 1 on TV3.
    beacon('A', at(0, 6), { ...article, events: [{ id: 10 }], link: { type: 'o', name: 'Subscriu-te al butlletí' } }, 'link_o'),
    beacon('A', at(0, 124), { ...article, media: { kind: 'ms_s', mediaType: 'video' } }, 'media_start'),
    // D, on the second day: confirms an account, then plays another programme's audio.
    beacon('D', at(1, 65), { pageName: 'mesura:entrar', url: 'http://localhost:8080/entrar/?compte=confirmat', eVars: { 1: 'usuari', 8: 'login' } }, 'page_view'),
    beacon('D', at(1, 66), { ...article, eVars: { 1: 'radio', 5: 'prog-2' }, media: { kind: 'ms_s', mediaType: 'audio' } }, 'media_start'),
  ];
}

describeWithClickHouse('the goal reports answer the same on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const cleanups: (() => Promise<void>)[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const clickhouseServer = (role: 'collector' | 'api') => {
    const { username, password, endpoint, database } = db().location;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-goals-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_MIN_COHORT: '1' };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };
  const send = async (server: MesuraServer, beacon: FixtureBeacon) => {
    clock = beacon.at;
    const answer = await server.app.inject({ url: beaconUrl(beacon.hit, beacon.type), headers: { 'user-agent': beacon.ua }, remoteAddress: beacon.address });
    expect(answer.statusCode).toBe(200);
  };

  beforeAll(async () => {
    const beacons = [...hitReportsFixture(), ...goalBeacons()].sort((a, b) => a.at - b.at);
    duck = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    const collectors = [await clickhouseServer('collector'), await clickhouseServer('collector')];
    for (const beacon of beacons) {
      await send(duck.server, beacon);
      await send(collectors[beacon.resent ? 1 : 0]!, beacon);
    }
    for (const collector of collectors) await collector.close();
    // Days later, with the visits of the data set's days rolled up, as the hit reports are compared.
    clock = Date.parse(`${FIXTURE_RANGE.to}T00:00:00Z`) + 4 * 86_400_000;
    api = await clickhouseServer('api');
    await api.dayRollups!.runNow();
    // Defined after the events were stored: goals apply to past data.
    for (const server of [duck.server, api]) {
      for (const goal of GOALS) {
        const answer = await server.app.inject({ method: 'PUT', url: `/api/goals/${goal.id}`, headers: await authHeadersFor(server, 'editor'), payload: goal });
        expect(answer.statusCode).toBe(201);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await duck?.dispose();
  });

  const ask = async (server: MesuraServer, url: string) => {
    const answer = await server.app.inject({ url, headers: await authHeadersFor(server, 'analyst') });
    return { status: answer.statusCode, body: answer.json() as ReportAnswer };
  };

  it('answers every goal and breakdown alike, plain, filtered and compared', async () => {
    const range = `from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}`;
    const variants = (goal: string, breakdown: string) => ['', ...(VARIED_GOALS.includes(goal) && VARIED_BREAKDOWNS.includes(breakdown) ? VARIANTS : [])];
    const urls = GOALS.flatMap((goal) => GOAL_BREAKDOWNS.flatMap(({ name }) => variants(goal.id, name).map((variant) => `/api/reports/goals/${name}?goal=${goal.id}&${range}${variant}`)));
    expect(urls).toHaveLength(GOAL_BREAKDOWNS.length * GOALS.length + VARIED_GOALS.length * VARIED_BREAKDOWNS.length * VARIANTS.length);
    let next = 0;
    // A few at once: each ClickHouse answer is several nested queries, mostly waiting.
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const [expected, actual] = await Promise.all([ask(duck.server, url), ask(api, url)]);
        expect(expected.status, `${url}: ${JSON.stringify(expected.body)}`).toBe(200);
        expect(actual.status, `${url}: ${JSON.stringify(actual.body)}`).toBe(200);
        compare(expected.body, actual.body, url, '');
      }
    };
    await Promise.all(Array.from({ length: REQUESTS_AT_ONCE }, worker));
  }, 600_000);

  it('finds conversions of every goal the data set reaches', { timeout: 120_000 }, async () => {
    const totals: Record<string, unknown> = {};
    for (const goal of GOALS) {
      const answer = (await ask(api, `/api/reports/goals/by-day?goal=${goal.id}&from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}`)).body;
      totals[goal.id] = answer.totals.values.conversions;
    }
    // 7 visits (A 3, B 1, C 2, D 1): A's first two and B's see article 1; every one sees a politics page.
    expect(totals).toEqual({
      'article-1': 3,
      politics: 7,
      'odd-pattern': 0,
      shares: 2,
      dvr: 1,
      newsletter: 1,
      signup: 1,
      media: 2,
      'media-prog': 1,
      search: 2,
    });
  });
});

function compare(expected: unknown, actual: unknown, url: string, at: string): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const scale = Math.max(Math.abs(expected), Math.abs(actual), 1);
    if (at.endsWith('.visitors')) expect(Math.abs(expected - actual) / scale, `${url} ${at}`).toBeLessThanOrEqual(VISITORS_RELATIVE_ERROR);
    else if (Number.isInteger(expected)) expect(actual, `${url} ${at}`).toBe(expected);
    else expect(Math.abs(expected - actual) / scale, `${url} ${at}: ${expected} vs ${actual}`).toBeLessThanOrEqual(RATIO_RELATIVE_ERROR);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    expect(actual.length, `${url} ${at}.length`).toBe(expected.length);
    expected.forEach((item, i) => compare(item, actual[i], url, `${at}[${i}]`));
    return;
  }
  if (expected !== null && actual !== null && typeof expected === 'object' && typeof actual === 'object') {
    expect(Object.keys(actual).sort(), `${url} ${at} keys`).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) compare((expected as never)[key], (actual as never)[key], url, `${at}.${key}`);
    return;
  }
  expect(actual, `${url} ${at}`).toEqual(expected);
}
