/**
 * Segments (docs/segments.md) narrow the reports alike on DuckDB and ClickHouse: the hit reports'
 * data set (helpers/hit-reports-fixture.ts) goes into a server on the embedded DuckDB store and a
 * collector draining into ClickHouse; two segments (one group of `any`, and two groups joined by
 * `all`, with a page pattern, a call, a goal, a media start and visit attributes) are saved on both,
 * and a ranking, the audience series, pages, calls, a funnel and a path are asked with each, plain,
 * compared and filtered. Named clickhouse-* so that it runs on 18.16 and on current ClickHouse
 * (vitest.config.ts): the segment's SQL uses neither window functions nor INTERSECT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReportAnswer, SegmentDefinition } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { FIXTURE_MORNING, FIXTURE_RANGE, hitReportsFixture, type FixtureBeacon } from '../../helpers/hit-reports-fixture.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, startTestServer, testHit, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const MINUTE_MS = 60_000;
/** Ratios are summed in another order by each engine: compared to this many significant digits. */
const SIGNIFICANT_DIGITS = 10;
const HOME = 'http://localhost:8080/';

const SEGMENTS: SegmentDefinition[] = [
  {
    id: 'phone-or-sharer',
    name: 'Mòbil o comparteix',
    shared: true,
    match: 'all',
    groups: [
      {
        match: 'any',
        conditions: [
          { type: 'visit', attribute: 'device', value: 'mobile' },
          { type: 'call', call: '3' },
        ],
      },
    ],
  },
  {
    id: 'reader-who-searched',
    name: 'Lector que cerca',
    shared: true,
    match: 'all',
    groups: [
      {
        match: 'any',
        conditions: [
          { type: 'page', url: '*/titol-1/*', match: 'pattern' },
          { type: 'media', programme: 'prog-1' },
          { type: 'visit', attribute: 'section', value: 'noticies' },
        ],
      },
      { match: 'all', conditions: [{ type: 'goal', goal: 'search' }] },
    ],
  },
];

const REPORTS = [
  'technology/devices',
  'audience/by-day',
  'content/pages',
  'content/sections',
  'engagement/calls',
  'acquisition/referrer-groups',
  'funnels/steps?funnel=news-then-search',
  `content/page-next?page=${encodeURIComponent(HOME)}`,
  `content/page-previous?page=${encodeURIComponent(HOME)}`,
  `content/entry-paths?entry=${encodeURIComponent(HOME)}`,
];
const VARIANTS = ['', '&compare=previous', '&f=device:desktop'];

/** A media start of programme 1, in A's last visit, so that a media condition has something to reach. */
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

/** The answer with every number cut to SIGNIFICANT_DIGITS, so that two engines' sums compare equal. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Number(value.toPrecision(SIGNIFICANT_DIGITS));
  if (Array.isArray(value)) return value.map(rounded);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rounded(item)]));
  return value;
}

describeWithClickHouse('segments narrow the reports alike on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const cleanups: (() => Promise<void>)[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const clickhouseServer = (role: 'collector' | 'api') => {
    const { username, password, endpoint, database } = db().location;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-segments-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: process.env.SEGMENT_TEST_LOG ?? 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_MIN_COHORT: '1' };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };
  const send = async (server: MesuraServer, beacon: FixtureBeacon) => {
    clock = beacon.at;
    const answer = await server.app.inject({ url: beaconUrl(beacon.hit, beacon.type), headers: { 'user-agent': beacon.ua }, remoteAddress: beacon.address });
    expect(answer.statusCode).toBe(200);
  };
  const put = async (server: MesuraServer, kind: string, definition: { id: string }) => {
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
    // Days later, with the data set's visits rolled up, as the hit reports are compared.
    clock = Date.parse(`${FIXTURE_RANGE.to}T00:00:00Z`) + 4 * 86_400_000;
    api = await clickhouseServer('api');
    await api.dayRollups!.runNow();
    for (const server of [duck.server, api]) {
      await put(server, 'goals', { id: 'search', name: 'Cerca', type: 'search' } as { id: string });
      await put(server, 'funnels', {
        id: 'news-then-search',
        name: 'Notícia i cerca',
        scope: 'days',
        days: 2,
        steps: [
          { type: 'page', name: 'Notícies', url: '*/noticies/*', match: 'pattern' },
          { type: 'goal', name: 'Cerca', goal: 'search' },
        ],
      } as { id: string });
      for (const segment of SEGMENTS) await put(server, 'segments', segment);
    }
  }, 180_000);

  afterAll(async () => {
    await api?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await duck?.dispose();
  });

  const ask = async (server: MesuraServer, url: string) => {
    const answer = await server.app.inject({ url, headers: await authHeadersFor(server, 'analyst') });
    return { status: answer.statusCode, body: answer.json() as ReportAnswer };
  };

  it('answers each report with each segment alike, plain, compared and filtered', async () => {
    const range = `from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}`;
    for (const segment of SEGMENTS) {
      for (const report of REPORTS) {
        for (const variant of VARIANTS) {
          const url = `/api/reports/${report}${report.includes('?') ? '&' : '?'}${range}&s=${segment.id}${variant}`;
          const [expected, actual] = await Promise.all([ask(duck.server, url), ask(api, url)]);
          expect(expected.status, `${url}: ${JSON.stringify(expected.body)}`).toBe(200);
          expect(actual.status, `${url}: ${JSON.stringify(actual.body)}`).toBe(200);
          expect(expected.body.segment, url).toEqual({ id: segment.id, name: segment.name });
          expect(rounded(actual.body), url).toEqual(rounded(expected.body));
        }
      }
    }
  }, 600_000);

  it('narrows: each segment counts fewer visitors than the whole, and more than none', { timeout: 120_000 }, async () => {
    const range = `from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}`;
    const visitors = async (query: string) => (await ask(api, `/api/reports/audience/by-day?${range}${query}`)).body.totals.values.visitors ?? 0;
    const all = await visitors('');
    for (const segment of SEGMENTS) {
      const some = await visitors(`&s=${segment.id}`);
      expect(some, segment.id).toBeGreaterThan(0);
      expect(some, segment.id).toBeLessThan(all);
    }
  });
});
