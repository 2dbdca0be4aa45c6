/**
 * Media goals, funnel steps and segment conditions of a moment (start, complete) and a stream (live,
 * on demand) answer the same on DuckDB and ClickHouse (hit-match.ts mediaMatch,
 * media-session-hits.ts): page views, media start hits and their sessions' heartbeats
 * (helpers/media-goal-traffic.ts) go into a server on the embedded DuckDB store and a collector
 * draining into ClickHouse; goals, funnels and segments of those kinds are defined on both after
 * the events were stored, and their reports are asked on both, plain, filtered and compared. Named
 * clickhouse-* so that it runs on 18.16 and on current ClickHouse (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FunnelDefinition, GoalDefinition, ReportAnswer, SegmentDefinition } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { GOAL_BREAKDOWNS } from '../../../src/reports/goal-reports.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { MEDIA_HOME, MEDIA_LIVE_PROGRAMME, MEDIA_RANGE, mediaGoalTraffic, type MediaGoalRequest } from '../../helpers/media-goal-traffic.js';
import { TEST_ENV, authHeadersFor, startTestServer, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** Ratios are computed in a different order by each engine: equal to this relative difference. */
const RATIO_RELATIVE_ERROR = 1e-9;

const GOALS: GoalDefinition[] = [
  { id: 'started', name: 'Inici', type: 'media' },
  { id: 'completed', name: 'Vist sencer', type: 'media', moment: 'complete' },
  { id: 'live', name: 'En directe', type: 'media', stream: 'live' },
  { id: 'on-demand-prog-1', name: 'Programa 1 sencer', type: 'media', moment: 'complete', stream: 'on-demand', programme: 'prog-1', channel: 'tv3' },
  { id: 'live-programme', name: 'Telenotícies', type: 'media', programme: MEDIA_LIVE_PROGRAMME },
];

const FUNNELS: FunnelDefinition[] = [
  {
    id: 'in-visit',
    name: 'Portada i vist sencer',
    scope: 'visit',
    steps: [
      { type: 'page', name: 'Portada', url: MEDIA_HOME, match: 'exact' },
      { type: 'media', name: 'Vist sencer', moment: 'complete' },
    ],
  },
  {
    id: 'one-day',
    name: 'En un dia',
    scope: 'days',
    days: 1,
    steps: [
      { type: 'page', name: 'Portada', url: MEDIA_HOME, match: 'exact' },
      { type: 'media', name: 'A la carta sencer', moment: 'complete', stream: 'on-demand' },
    ],
  },
  // A first step of the heartbeats' kind takes the report's filters as a start hit does.
  {
    id: 'from-live',
    name: 'Des del directe',
    scope: 'visit',
    steps: [
      { type: 'media', name: 'Directe', stream: 'live' },
      { type: 'goal', name: 'Inici', goal: 'started' },
    ],
  },
];

const segment = (id: string, condition: SegmentDefinition['groups'][number]['conditions'][number]): SegmentDefinition => ({
  id,
  name: id,
  shared: true,
  match: 'all',
  groups: [{ match: 'all', conditions: [condition] }],
});
const SEGMENTS: SegmentDefinition[] = [segment('completed', { type: 'media', moment: 'complete' }), segment('live', { type: 'media', stream: 'live', channel: 'tv3' })];

describeWithClickHouse('media goals, steps and conditions of a moment and a stream answer the same on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const cleanups: (() => Promise<void>)[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const clickhouseServer = (role: 'collector' | 'api') => {
    const { username, password, endpoint, database } = db().location;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-media-goals-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_MIN_COHORT: '1' };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };
  const send = async (server: MesuraServer, request: MediaGoalRequest) => {
    clock = request.at;
    const answer = await server.app.inject({ url: request.url, headers: { 'user-agent': request.ua } });
    expect(answer.statusCode, request.url).toBe(200);
  };
  const put = async (server: MesuraServer, kind: 'goals' | 'funnels' | 'segments', definition: { id: string }) => {
    const answer = await server.app.inject({ method: 'PUT', url: `/api/${kind}/${definition.id}`, headers: await authHeadersFor(server, 'editor'), payload: definition });
    expect(answer.statusCode, answer.body).toBe(201);
  };

  beforeAll(async () => {
    duck = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    const collector = await clickhouseServer('collector');
    for (const request of mediaGoalTraffic()) {
      await send(duck.server, request);
      await send(collector, request);
    }
    await collector.close();
    // Days later, with the visits of the traffic's days rolled up, as the hit reports are compared.
    clock = Date.parse(`${MEDIA_RANGE.to}T00:00:00Z`) + 4 * 86_400_000;
    api = await clickhouseServer('api');
    await api.dayRollups!.runNow();
    for (const server of [duck.server, api]) {
      for (const goal of GOALS) await put(server, 'goals', goal);
      for (const funnel of FUNNELS) await put(server, 'funnels', funnel);
      for (const definition of SEGMENTS) await put(server, 'segments', definition);
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

  it('answers every goal, funnel and segmented report alike, plain, filtered and compared', async () => {
    const range = `from=${MEDIA_RANGE.from}&to=${MEDIA_RANGE.to}`;
    const urls = [
      ...GOALS.flatMap((goal) => GOAL_BREAKDOWNS.map(({ name }) => `/api/reports/goals/${name}?goal=${goal.id}&${range}`)),
      `/api/reports/goals/by-day?goal=completed&${range}&f=device:desktop&compare=previous`,
      ...FUNNELS.flatMap((funnel) => [
        ...['', '&f=device:mobile', '&f=section:programes&compare=previous', '&s=completed'].map((variant) => `/api/reports/funnels/steps?funnel=${funnel.id}&${range}${variant}`),
        `/api/reports/funnels/lost?funnel=${funnel.id}&step=2&${range}`,
      ]),
      ...SEGMENTS.flatMap(({ id }) => ['audience/by-day', 'technology/devices', 'content/pages'].map((report) => `/api/reports/${report}?s=${id}&${range}`)),
    ];
    for (const url of urls) {
      const [expected, actual] = await Promise.all([ask(duck.server, url), ask(api, url)]);
      expect(expected.status, `${url}: ${JSON.stringify(expected.body)}`).toBe(200);
      expect(actual.status, `${url}: ${JSON.stringify(actual.body)}`).toBe(200);
      compare(expected.body, actual.body, url, '');
    }
  }, 600_000);

  it('finds what the traffic reaches on ClickHouse', { timeout: 120_000 }, async () => {
    const range = `from=${MEDIA_RANGE.from}&to=${MEDIA_RANGE.to}`;
    const conversions: Record<string, unknown> = {};
    for (const goal of GOALS) conversions[goal.id] = (await ask(api, `/api/reports/goals/by-day?goal=${goal.id}&${range}`)).body.totals.values.conversions;
    expect(conversions).toEqual({ started: 4, completed: 1, live: 1, 'on-demand-prog-1': 1, 'live-programme': 1 });
    const reached: Record<string, unknown> = {};
    for (const funnel of FUNNELS) reached[funnel.id] = (await ask(api, `/api/reports/funnels/steps?funnel=${funnel.id}&${range}`)).body.rows.map((row) => row.values.visitors);
    // from-live: B's live start is the start goal's own hit, not one after it.
    expect(reached).toEqual({ 'in-visit': [4, 1], 'one-day': [4, 2], 'from-live': [1, 0] });
    const visitors = (id: string) => ask(api, `/api/reports/audience/by-day?s=${id}&${range}`).then((answer) => answer.body.totals.values.visitors);
    expect([await visitors('completed'), await visitors('live')]).toEqual([2, 1]);
  });
});

function compare(expected: unknown, actual: unknown, url: string, at: string): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Number.isInteger(expected)) expect(actual, `${url} ${at}`).toBe(expected);
    else expect(Math.abs(expected - actual) / Math.max(Math.abs(expected), 1), `${url} ${at}: ${expected} vs ${actual}`).toBeLessThanOrEqual(RATIO_RELATIVE_ERROR);
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
