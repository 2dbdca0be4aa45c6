/**
 * The funnel reports (reports/funnel-reports.ts, docs/funnels.md) answer the same on DuckDB and
 * ClickHouse: the hit reports' data set (helpers/hit-reports-fixture.ts) and a media start go into
 * a server on the embedded DuckDB store and a collector draining into ClickHouse; funnels of every
 * step type and both scopes are defined on the DuckDB server and on an API node reading ClickHouse
 * after the events were stored, and their steps and lost visitors are asked on both, plain,
 * filtered and compared. Named clickhouse-* so that it runs on 18.16 and on current ClickHouse
 * (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FunnelDefinition, GoalDefinition, ReportAnswer } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { FIXTURE_MORNING, FIXTURE_RANGE, hitReportsFixture, type FixtureBeacon } from '../../helpers/hit-reports-fixture.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, startTestServer, testHit, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const MINUTE_MS = 60_000;
/** Ratios are computed in a different order by each engine: equal to this relative difference. */
const RATIO_RELATIVE_ERROR = 1e-9;
const HOME = 'http://localhost:8080/';

const GOALS: GoalDefinition[] = [
  { id: 'shares', name: 'Comparticions', type: 'call', call: '3' },
  { id: 'search', name: 'Cerca', type: 'search' },
];

const FUNNELS: FunnelDefinition[] = [
  {
    id: 'read-and-share',
    name: 'Llegir i compartir',
    scope: 'visit',
    steps: [
      { type: 'page', name: 'Títol 1', url: '*/titol-1/*', match: 'pattern' },
      { type: 'call', name: 'Compartir', call: '3' },
      { type: 'page', name: 'Qualsevol pàgina', url: '*', match: 'pattern' },
    ],
  },
  {
    id: 'four-steps',
    name: 'Quatre passos',
    scope: 'visit',
    steps: [
      { type: 'page', name: 'Portada', url: HOME, match: 'exact' },
      { type: 'page', name: 'Títol 1', url: '*/titol-1/*', match: 'pattern' },
      { type: 'page', name: 'Títol 2', url: '*/titol-2/*', match: 'pattern' },
      { type: 'call', name: 'DVR', call: 'enllaç: scDVR' },
    ],
  },
  {
    id: 'across-days',
    name: 'En dos dies',
    scope: 'days',
    days: 2,
    steps: [
      { type: 'page', name: 'Política', url: '*/politica/*', match: 'pattern' },
      { type: 'goal', name: 'Cerca', goal: 'search' },
      { type: 'goal', name: 'Comparticions', goal: 'shares' },
    ],
  },
  {
    id: 'to-video',
    name: 'Fins al vídeo',
    scope: 'days',
    days: 1,
    steps: [
      { type: 'page', name: 'Notícies', url: '*/noticies/*', match: 'pattern' },
      { type: 'media', name: 'Programa 1', programme: 'prog-1' },
    ],
  },
];

const VARIANTS = ['', '&compare=previous', '&f=device:mobile', '&f=section:noticies&compare=previous'];

/** A media start of programme 1, in A's last visit, so that a media step has something to reach. */
function mediaBeacon(): FixtureBeacon {
  const article = { pageName: 'noticies:politica:titol-3', url: 'http://localhost:8080/noticies/politica/titol-3/', eVars: { 1: 'noticies', 2: 'politica', 5: 'prog-1', 7: 'tv3' } };
  return {
    at: FIXTURE_MORNING + 124 * MINUTE_MS,
    hit: testHit({ visitor: { fid: 'A' }, ...article, media: { kind: 'ms_s', mediaType: 'video' } }),
    type: 'media_start',
    ua: BROWSER_UA,
    address: '203.0.113.9',
  };
}

describeWithClickHouse('the funnel reports answer the same on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const cleanups: (() => Promise<void>)[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const clickhouseServer = (role: 'collector' | 'api') => {
    const { username, password, endpoint, database } = db().location;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-funnels-'));
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
  const put = async (server: MesuraServer, kind: 'goals' | 'funnels', definition: { id: string }) => {
    const answer = await server.app.inject({ method: 'PUT', url: `/api/${kind}/${definition.id}`, headers: await authHeadersFor(server, 'editor'), payload: definition });
    expect(answer.statusCode, answer.body).toBe(201);
  };

  beforeAll(async () => {
    const beacons = [...hitReportsFixture(), mediaBeacon()].sort((a, b) => a.at - b.at);
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
    for (const server of [duck.server, api]) {
      for (const goal of GOALS) await put(server, 'goals', goal);
      for (const funnel of FUNNELS) await put(server, 'funnels', funnel);
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

  it("answers every funnel's steps and lost visitors alike, plain, filtered and compared", async () => {
    const range = `from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}`;
    const urls = FUNNELS.flatMap((funnel) => [
      ...VARIANTS.map((variant) => `/api/reports/funnels/steps?funnel=${funnel.id}&${range}${variant}`),
      ...funnel.steps.slice(1).map((_, i) => `/api/reports/funnels/lost?funnel=${funnel.id}&step=${i + 2}&${range}`),
    ]);
    for (const url of urls) {
      const [expected, actual] = await Promise.all([ask(duck.server, url), ask(api, url)]);
      expect(expected.status, `${url}: ${JSON.stringify(expected.body)}`).toBe(200);
      expect(actual.status, `${url}: ${JSON.stringify(actual.body)}`).toBe(200);
      compare(expected.body, actual.body, url, '');
    }
  }, 600_000);

  it('reaches every funnel past its first step on this data set', { timeout: 120_000 }, async () => {
    const reached: Record<string, unknown> = {};
    for (const funnel of FUNNELS) {
      const answer = (await ask(api, `/api/reports/funnels/steps?funnel=${funnel.id}&from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}`)).body;
      reached[funnel.id] = answer.rows.map((row) => row.values.visitors);
    }
    // read-and-share: A and B read title 1, B shares, and views no page after; four-steps: A reaches
    // title 1 (title 2 comes in a later visit); across-days: B and D search after a politics page and
    // share after; to-video: A, B and D read news, A starts programme 1.
    expect(reached).toEqual({ 'read-and-share': [2, 1, 0], 'four-steps': [1, 1, 0, 0], 'across-days': [4, 2, 2], 'to-video': [3, 1] });
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
