/**
 * The console's hit reports answer the same on both engines (issue text "Same answers"): one data
 * set (helpers/hit-reports-fixture.ts) goes through the collector's beacon endpoint into a server
 * on the embedded DuckDB store and into a collector draining into ClickHouse; an API node then
 * reads ClickHouse, once its roll-up job has built the visits of the data set's closed days. Every report of the catalogue but the media area (compared in
 * clickhouse-media-reports.test.ts) is asked on both with the same parameters, plain, filtered,
 * compared and both: exact figures equal, ratios to 1e-9, visitor counts within their documented
 * error. Every one answers there: none is left to answer 501 MESURA_ERR_NOT_ON_ENGINE. The banner's
 * consent choices, posted to each engine's collecting process, are compared the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReportAnswer, ReportCatalogueEntry } from '@mesura/protocol';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { localDayIn } from '../../../src/local-day.js';
import { measureRealtime } from '../../../src/reports/realtime-snapshot.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { createClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rollupWindow } from '../../../src/store/clickhouse/day-rollup-job.js';
import { readRollupSources } from '../../../src/store/clickhouse/day-rollup-reads.js';
import { VISIT_ROLLUP } from '../../../src/store/clickhouse/visit-rollup.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { FIXTURE_MORNING, FIXTURE_RANGE, hitReportsFixture, type FixtureBeacon } from '../../helpers/hit-reports-fixture.js';
import { TEST_ENV, authHeadersFor, beaconUrl, startTestServer, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * How far a visitor count may differ: DuckDB's cell sketches err by about 6 % (report-facts-schema.ts
 * CELL_SKETCH_KEYS), approx_count_distinct more on large sets; ClickHouse's uniq is exact below
 * 65,536. On this data set both are exact, so the bound only matters if the data grows.
 */
const VISITORS_RELATIVE_ERROR = 0.06;
/** Ratios are computed in a different order by each engine: equal to this relative difference. */
const RATIO_RELATIVE_ERROR = 1e-9;

/** Requests compared at once: each ClickHouse report runs several nested queries, mostly waiting. */
const REQUESTS_AT_ONCE = 4;

/** Report parameters asked besides the plain request, for the reports that take them. */
const PARAMS: Readonly<Record<string, readonly string[]>> = {
  'content/subsections': ['section=noticies'],
  'content/pages': ['section=noticies', 'programme=prog-1', 'author=Autor%200', 'thematic=tema-1'],
  'content/engaged-pages': ['section=noticies', 'author=Autor%201'],
  'engagement/event-links': ['event=3', 'event=10', 'event=x'],
  'acquisition/referrers': ['group=xarxes-socials', 'group=cercadors'],
  'geography/regions': ['country=ES'],
  'geography/cities': ['region=Catalonia'],
  // The fixture's home page, article 1 and search page (helpers/hit-reports-fixture.ts).
  'content/page-previous': ['page=http%3A%2F%2Flocalhost%3A8080%2Fnoticies%2Fpolitica%2Ftitol-1%2F', 'page=http%3A%2F%2Flocalhost%3A8080%2F', 'page=http%3A%2F%2Flocalhost%3A8080%2Fcercador%2F'],
  'content/page-next': ['page=http%3A%2F%2Flocalhost%3A8080%2Fnoticies%2Fpolitica%2Ftitol-1%2F', 'page=http%3A%2F%2Flocalhost%3A8080%2F', 'page=http%3A%2F%2Flocalhost%3A8080%2Fcercador%2F'],
  'content/entry-paths': [
    'entry=http%3A%2F%2Flocalhost%3A8080%2F',
    'entry=http%3A%2F%2Flocalhost%3A8080%2Fnoticies%2Fpolitica%2Ftitol-1%2F',
    'entry=http%3A%2F%2Flocalhost%3A8080%2Fnoticies%2Fpolitica%2Ftitol-1%2F&second=http%3A%2F%2Flocalhost%3A8080%2Fcercador%2F',
  ],
};

/** The same query, plain, filtered (a filter every engine applies to visits and pages), compared, and both; by place too, which page rankings read from the page views. */
const VARIANTS = ['', '&f=device:desktop', '&compare=previous', '&f=device:mobile&compare=previous', '&f=section:noticies&f=campaign:Tardor', '&f=country:ES&f=region:Catalonia&compare=previous'];

describeWithClickHouse('the hit reports answer the same on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const cleanups: (() => Promise<void>)[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-equivalence-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const clickhouseServer = (role: 'collector' | 'api') => {
    const { username, password, endpoint, database } = db().location;
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_MIN_COHORT: '1' };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };
  const send = async (server: MesuraServer, beacon: FixtureBeacon) => {
    clock = beacon.at;
    const answer = await server.app.inject({ url: beaconUrl(beacon.hit, beacon.type), headers: { 'user-agent': beacon.ua }, remoteAddress: beacon.address });
    expect(answer.statusCode).toBe(200);
  };

  beforeAll(async () => {
    const beacons = hitReportsFixture();
    duck = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    // Two collectors, as behind a load balancer: the resent copy reaches the one that did not see it.
    const collectors = [await clickhouseServer('collector'), await clickhouseServer('collector')];
    for (const beacon of beacons) {
      await send(duck.server, beacon);
      await send(collectors[beacon.resent ? 1 : 0]!, beacon);
    }
    // Answers to the consent banner on the fixture's first day, split between the collectors.
    clock = FIXTURE_MORNING;
    for (const [i, choice] of ['accept-all', 'accept-all', 'reject-all', 'custom', 'accept-all'].entries()) {
      for (const server of [duck.server, collectors[i % 2]!]) {
        const answer = await server.app.inject({ method: 'POST', url: '/api/consent/choices', payload: { choice } });
        expect(answer.statusCode).toBe(204);
      }
    }
    // Each drains what it acknowledged, and flushes its refusal counts.
    for (const collector of collectors) await collector.close();
    const copies = await db().transport.query<{ n: string }>(`SELECT count() AS n FROM ${db().location.database}.hits GROUP BY event_id HAVING count() > 1`);
    expect(copies, 'ClickHouse holds each resent hit twice (a page view and an engagement hit)').toEqual([{ n: '2' }, { n: '2' }]);
    // Days later, when every day of the data set is closed: the API node's roll-up job builds their
    // visits, and the reports read them from it (clickhouse-visit-rollup.test.ts compares those rows
    // with the ones cut from the hits, which the reports read for days not closed yet).
    clock = Date.parse(`${FIXTURE_RANGE.to}T00:00:00Z`) + 4 * 86_400_000;
    api = await clickhouseServer('api');
    await api.dayRollups!.runNow();
    const transport = createClickHouseTransport(db().location, { database: db().location.database });
    const sources = await readRollupSources(transport, VISIT_ROLLUP, { suite: 'mesuradev', ...FIXTURE_RANGE }).finally(() => transport.close());
    expect(sources.rolledTo, 'the range is read from the visit roll-up').toBe(FIXTURE_RANGE.to);
    // The API node's /healthz shows each roll-up's last run, and how far its builds reach: every closed day.
    const health = (await api.app.inject({ url: '/healthz' })).json() as { dayRollups: Record<string, { lastRunAtMs: number; closedThrough: string; failing: boolean }> };
    expect(Object.keys(health.dayRollups)).toEqual(['visits', 'media sessions', 'live minutes']);
    const { closedTo: closedThrough } = rollupWindow(VISIT_ROLLUP, clock, localDayIn('Europe/Madrid'), 395);
    expect(health.dayRollups.visits).toMatchObject({ lastRunAtMs: clock, closedThrough, builtThrough: closedThrough, failing: false });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await duck?.dispose();
  });

  const ask = async (server: MesuraServer, url: string) => {
    const answer = await server.app.inject({ url, headers: await authHeadersFor(server, 'analyst') });
    return { status: answer.statusCode, body: answer.json() };
  };

  it('lists the same catalogue on both', async () => {
    expect((await ask(api, '/api/reports/catalogue')).body).toEqual((await ask(duck.server, '/api/reports/catalogue')).body);
  });

  it('answers every hit report alike, plain, with its parameters, filtered and compared', async () => {
    const catalogue = (await ask(duck.server, '/api/reports/catalogue')).body as ReportCatalogueEntry[];
    const reports = catalogue.filter((entry) => entry.area !== 'media');
    expect(reports.length).toBeGreaterThan(25);
    const urls = reports.flatMap(({ report }) =>
      ['', ...(PARAMS[report] ?? []).map((p) => `&${p}`)].flatMap((params) => VARIANTS.map((variant) => `/api/reports/${report}?from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}${params}${variant}`)),
    );
    let withRows = 0;
    await inTurns(urls, REQUESTS_AT_ONCE, async (url) => {
      const [expected, actual] = await Promise.all([ask(duck.server, url), ask(api, url)]);
      expect(expected.status, url).toBe(200);
      expect(actual.status, `${url}: ${JSON.stringify(actual.body)}`).toBe(200);
      expectSameAnswer(expected.body as ReportAnswer, actual.body as ReportAnswer, url);
      if ((expected.body as ReportAnswer).rows.some((row) => Object.values(row.values).some((value) => value !== 0 && value !== null))) withRows += 1;
    });
    expect(urls).toHaveLength((reports.length + Object.values(PARAMS).flat().length) * VARIANTS.length);
    // Most answers have figures to compare, not only empty rows (filters and parameters leave some empty on purpose).
    expect(withRows / urls.length).toBeGreaterThan(0.7);
  }, 600_000);

  it('pages a ranking alike', async () => {
    for (const page of ['limit=1', 'limit=2&offset=1', 'limit=2&offset=50']) {
      const url = `/api/reports/content/pages?from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}&${page}`;
      expectSameAnswer((await ask(duck.server, url)).body, (await ask(api, url)).body, url);
    }
  });

  it("the data set reaches every kind of row: visits cut at 30 minutes, the resent hit once, bots and the refused hit left out, the banner's answers counted", async () => {
    const range = `from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}`;
    const audience = (await ask(api, `/api/reports/audience/by-day?${range}`)).body as ReportAnswer;
    // A 3 visits (55 idle minutes cut, 30 do not, 31 do), B 1, C 2 (one across midnight), D 1; page views A 5, B 3, C 4, D 2 (its resent hit once).
    expect(audience.totals.values).toMatchObject({ visits: 7, page_views: 14, visitors: 4 });
    // Those visits last from 0 s (one page) to tens of minutes: the duration bands compared above are not all one.
    const durations = (await ask(api, `/api/reports/audience/visit-duration?${range}`)).body as ReportAnswer;
    const bandVisits = durations.rows.map((row) => row.values.visits ?? 0);
    expect(bandVisits.reduce((sum, visits) => sum + visits, 0)).toBe(7);
    expect(bandVisits.filter((visits) => visits > 0).length).toBeGreaterThan(1);
    expect(audience.totals.values.avg_duration).toBeGreaterThan(0);
    // Engagement hits of A (2), B (its resent one once), C and D; the bot's left out: 30 + 120 + 20 + 5 + 60 s.
    const engaged = (await ask(api, `/api/reports/content/engaged-time?${range}`)).body as ReportAnswer;
    expect(engaged.totals.values).toMatchObject({ pages: 5, engaged_time: 235 });
    const refusals = (await ask(api, `/api/reports/consent/refusals?${range}`)).body as ReportAnswer;
    expect(refusals.totals.values.consent_purpose).toBe(1);
    const choices = (await ask(api, `/api/reports/consent/choices?${range}`)).body as ReportAnswer;
    expect(choices.totals.values).toMatchObject({ accept_all: 3, reject_all: 1, custom: 1, total: 5 });
  });
  // Last: it stops the DuckDB server to read its store directly (the stream never ends, so app.inject cannot read it).
  it('measures the real-time snapshot alike', async () => {
    const nowMs = FIXTURE_MORNING + 86_400_000 + 64 * 60_000;
    const transport = createClickHouseTransport(db().location, { database: db().location.database });
    cleanups.push(() => transport.close());
    const sources = { channels: [{ slug: 'tv3', name: 'TV3' }], stations: [] };
    // With a cohort of 1 every page is listed; of 2, the pages of one visitor are added up instead.
    const settings = (minCohort: number) => ({ reportSuite: 'mesuradev', minCohort, sources });
    const chReader = new ClickHouseAnalyticsReader(transport, { timeZone: 'Europe/Madrid' });
    const clickhouse = [await measureRealtime({ ...settings(1), reader: chReader }, nowMs), await measureRealtime({ ...settings(2), reader: chReader }, nowMs)];
    await duck.server.close();
    const store = await openDuckDbStore(duck.dataDir, variableNames(SITE_VARIABLE_MAP), 'Europe/Madrid');
    cleanups.push(() => store.close());
    const duckdb = [await measureRealtime({ ...settings(1), reader: store }, nowMs), await measureRealtime({ ...settings(2), reader: store }, nowMs)];
    expect(clickhouse[0]!.activePages.pages.length).toBeGreaterThan(0);
    expect(clickhouse[0]!.activePages.total).not.toBeNull();
    expect(clickhouse).toEqual(duckdb);
  });
});

/** The answers are equal but for visitor counts (within VISITORS_RELATIVE_ERROR) and ratios (RATIO_RELATIVE_ERROR). */
function expectSameAnswer(expected: ReportAnswer, actual: ReportAnswer, url: string): void {
  const approximate = new Set(expected.metrics.filter((metric) => metric.approximate).map((metric) => metric.key));
  compare(expected, actual, url, approximate, '');
}

function compare(expected: unknown, actual: unknown, url: string, approximate: ReadonlySet<string>, at: string): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const key = at.split('.').at(-1) ?? '';
    const scale = Math.max(Math.abs(expected), Math.abs(actual), 1);
    if (approximate.has(key)) expect(Math.abs(expected - actual) / scale, `${url} ${at}`).toBeLessThanOrEqual(VISITORS_RELATIVE_ERROR);
    else if (Number.isInteger(expected)) expect(actual, `${url} ${at}`).toBe(expected);
    else expect(Math.abs(expected - actual) / scale, `${url} ${at}: ${expected} vs ${actual}`).toBeLessThanOrEqual(RATIO_RELATIVE_ERROR);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    expect(actual.length, `${url} ${at}.length`).toBe(expected.length);
    expected.forEach((item, i) => compare(item, actual[i], url, approximate, `${at}[${i}]`));
    return;
  }
  if (expected !== null && actual !== null && typeof expected === 'object' && typeof actual === 'object') {
    expect(Object.keys(actual).sort(), `${url} ${at} keys`).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) compare((expected as never)[key], (actual as never)[key], url, approximate, `${at}.${key}`);
    return;
  }
  expect(actual, `${url} ${at}`).toEqual(expected);
}

/** Runs `each` over `items`, at most `atOnce` at a time. */
async function inTurns<T>(items: readonly T[], atOnce: number, each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]!);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}
