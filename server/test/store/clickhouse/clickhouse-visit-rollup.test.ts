/**
 * The visits of closed days that the API nodes keep on ClickHouse (store/clickhouse/visit-rollup.ts, day-rollup-*.ts):
 * the fixture of the report-equivalence test goes through a collector into ClickHouse, and the
 * visit rows a report reads (report-facts-sql.ts CLICKHOUSE_VISITS) are compared, row by row, with
 * the same rows cut from the hits, as the roll-up job builds days, builds them again after a late
 * page view, and loses a visitor to an erasure and old days to retention.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { localDayIn } from '../../../src/local-day.js';
import type { EngineQuery } from '../../../src/store/analytics-reader.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { ClickHouseRetention } from '../../../src/store/clickhouse/clickhouse-retention.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ClickHouseVisitorData } from '../../../src/store/clickhouse/clickhouse-visitor-data.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { bindValues } from '../../../src/store/clickhouse/bind-values.js';
import { columnList, NO_ROLLUP_DAY } from '../../../src/store/clickhouse/day-rollup.js';
import { DayRollupJob } from '../../../src/store/clickhouse/day-rollup-job.js';
import { computedOnly, readRollupSources, type RollupRange } from '../../../src/store/clickhouse/day-rollup-reads.js';
import { CLICKHOUSE_VISITS } from '../../../src/store/clickhouse/report-facts-sql.js';
import { VISIT_ROLLUP } from '../../../src/store/clickhouse/visit-rollup.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { hitReportsFixture, FIXTURE_RANGE } from '../../helpers/hit-reports-fixture.js';
import { TEST_ENV, beaconUrl, testHit } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const SUITE = 'mesuradev';
const TIME_ZONE = 'Europe/Madrid';
/** Every day of the fixture (21 to 24 November) and two quiet days after. */
const ALL_DAYS: RollupRange = { suite: SUITE, from: '2026-11-20', to: '2026-11-26' };
/** Every visit row of a range, bots too, in one order. */
const VISIT_ROWS: EngineQuery = {
  name: 'visit rows',
  duckdb: 'SELECT * FROM visits WHERE report_suite = $suite AND day BETWEEN $from AND $to ORDER BY visit_key',
  clickhouse: `SELECT * FROM ${CLICKHOUSE_VISITS} AS visits WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) ORDER BY visit_key`,
};
const tables = eventTables({ variables: variableNames(SITE_VARIABLE_MAP) });

describeWithClickHouse('the visits of closed days, kept by the API nodes on ClickHouse', () => {
  const db = useTestDatabase();
  const dirs: string[] = [];
  let clock = 0;
  let transport: ClickHouseTransport;
  let reader: ClickHouseAnalyticsReader;
  let rollup: DayRollupJob;

  const collector = (): Promise<MesuraServer> => {
    const { username, password, endpoint, database } = db().location;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-visit-rollup-'));
    dirs.push(dataDir);
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: 'collector' };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };
  const visitRows = (range: RollupRange, sources?: Record<string, string>) => reader.read(VISIT_ROWS, { ...range, ...sources });
  /** The rows as the reports cut them from the hits, whatever the roll-up holds. */
  const computedRows = (range: RollupRange) => visitRows(range, computedOnly(VISIT_ROLLUP, range));
  const sourcesOf = (range: RollupRange) => readRollupSources(transport, VISIT_ROLLUP, range);
  const count = async (sql: string) => Number((await transport.query<{ n: string }>(sql))[0]!.n);

  beforeAll(async () => {
    const server = await collector();
    for (const beacon of hitReportsFixture().filter((b) => !b.resent)) {
      clock = beacon.at;
      const answer = await server.app.inject({ url: beaconUrl(beacon.hit, beacon.type), headers: { 'user-agent': beacon.ua }, remoteAddress: beacon.address });
      expect(answer.statusCode).toBe(200);
    }
    await server.close();
    transport = createClickHouseTransport(db().location, { database: db().location.database });
    reader = new ClickHouseAnalyticsReader(transport, { timeZone: TIME_ZONE });
    // Slices of three page views: every day of the fixture is built in several, by visitor.
    rollup = new DayRollupJob({ ...VISIT_ROLLUP, sliceRows: 3 }, { transport, database: db().location.database, timeZone: TIME_ZONE, localDay: localDayIn(TIME_ZONE), retentionDays: 395 });
  }, 60_000);

  afterAll(async () => {
    await transport?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('cuts every visit from the hits while no day is built', async () => {
    expect(await sourcesOf(ALL_DAYS)).toEqual({ rolledTo: NO_ROLLUP_DAY, computedFrom: ALL_DAYS.from, computedTo: ALL_DAYS.to });
    const computed = await computedRows(ALL_DAYS);
    // P and Q one each; A three (55 idle minutes cut, 30 do not, 31 do), B one, C two (one across midnight), the bot one; D one.
    expect(computed).toHaveLength(10);
    expect(await visitRows(ALL_DAYS)).toEqual(computed);
  });

  it('builds each closed day once, in order from the first page view, drops what another node built meanwhile, and the reports read the same rows from it', async () => {
    // Rows another node built for the 21st at the same moment, under an older name its record never named.
    const orphan = `INSERT INTO visit_rollup (${columnList(VISIT_ROLLUP)}, build) SELECT ${columnList(VISIT_ROLLUP)}, '000000000000000-other' FROM (${VISIT_ROLLUP.rowsSql})`;
    await transport.command(bindValues(orphan, { suite: SUITE, day: '2026-11-21', tz: TIME_ZONE, slice: 0, slices: 1 }, 'orphan build'));
    // At noon UTC on the 24th, the 22nd is the last day whose next day ended over DAY_CLOSE_GRACE_MS ago.
    // A run stopped before its first day (the server closing) built nothing: built through the day before the first page view.
    expect(await rollup.run(Date.UTC(2026, 10, 24, 12), () => true)).toEqual({ built: 0, rebuilt: 0, closedThrough: '2026-11-22', builtThrough: '2026-11-20' });
    expect(await rollup.run(Date.UTC(2026, 10, 24, 12))).toEqual({ built: 2, rebuilt: 0, closedThrough: '2026-11-22', builtThrough: '2026-11-22' });
    expect(await count(`SELECT count() AS n FROM visit_rollup WHERE build = '000000000000000-other'`)).toBe(0);
    expect(await sourcesOf(ALL_DAYS)).toEqual({ rolledTo: '2026-11-22', computedFrom: '2026-11-23', computedTo: ALL_DAYS.to });
    expect(await visitRows(ALL_DAYS)).toEqual(await computedRows(ALL_DAYS));

    const later = Date.UTC(2026, 10, 28, 12);
    expect(await rollup.run(later)).toEqual({ built: 4, rebuilt: 0, closedThrough: '2026-11-26', builtThrough: '2026-11-26' });
    expect(await sourcesOf(ALL_DAYS)).toEqual({ rolledTo: ALL_DAYS.to, computedFrom: NO_ROLLUP_DAY, computedTo: NO_ROLLUP_DAY });
    for (const range of [ALL_DAYS, { suite: SUITE, ...FIXTURE_RANGE }, { suite: SUITE, from: '2026-11-24', to: '2026-11-24' }]) {
      expect(await visitRows(range), `${range.from} to ${range.to}`).toEqual(await computedRows(range));
    }
    expect(await count('SELECT count() AS n FROM visit_rollup')).toBe(10);
    // Days before the suite's first build are empty, and read as such from the roll-up.
    expect((await sourcesOf({ suite: SUITE, from: '2026-10-01', to: '2026-11-24' })).rolledTo).toBe('2026-11-24');
    expect(await rollup.run(later)).toEqual({ built: 0, rebuilt: 0, closedThrough: '2026-11-26', builtThrough: '2026-11-26' });
  });

  it('builds a day again, and its neighbours, when a page view of it is drained after its build, and drops the older build', async () => {
    const late = await collector();
    clock = Date.UTC(2026, 10, 23, 20);
    const hit = testHit({ visitor: { fid: 'LATE' }, pageName: 'portada', url: 'http://localhost:8080/' });
    expect((await late.app.inject({ url: beaconUrl(hit, 'page_view') })).statusCode).toBe(200);
    await late.close();
    // The 22nd, 23rd and 24th read the 23rd's page views.
    expect(await rollup.run(Date.UTC(2026, 10, 28, 12, 10))).toEqual({ built: 3, rebuilt: 3, closedThrough: '2026-11-26', builtThrough: '2026-11-26' });
    const rows = await visitRows(ALL_DAYS);
    expect(rows).toHaveLength(11);
    expect(rows).toEqual(await computedRows(ALL_DAYS));
    expect(await count(`SELECT count() AS n FROM visit_rollup WHERE day = toDate('2026-11-23')`)).toBe(rows.filter((r) => r.day === '2026-11-23').length);
  });

  it("loses an erased visitor's visits at once", async () => {
    // D, the one visitor whose visit starts on the 24th (its first page came from t.co).
    const [visitor] = await transport.query<{ visitor_id: string }>(`SELECT visitor_id FROM hits WHERE referrer = 'https://t.co/abc' LIMIT 1`);
    await new ClickHouseVisitorData({ transport, database: db().location.database, tables }).eraseVisitor(visitor!.visitor_id);
    const rows = await visitRows(ALL_DAYS);
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.day === '2026-11-24')).toEqual([]);
    expect(rows).toEqual(await computedRows(ALL_DAYS));
  });

  it('loses the days retention deletes, and still reads the range from the roll-up', async () => {
    const before = await visitRows(ALL_DAYS);
    await new ClickHouseRetention({ transport, database: db().location.database, tables }).deleteBefore({ day: '2026-11-23', atMs: Date.UTC(2026, 10, 23) });
    expect(await count(`SELECT count() AS n FROM visit_rollup WHERE day < toDate('2026-11-23')`)).toBe(0);
    expect(await count(`SELECT count() AS n FROM visit_rollup_days WHERE day < toDate('2026-11-23')`)).toBe(0);
    expect((await sourcesOf(ALL_DAYS)).rolledTo).toBe(ALL_DAYS.to);
    expect(await visitRows(ALL_DAYS)).toEqual(before.filter((r) => String(r.day) >= '2026-11-23'));
  });

  it("builds again every day an earlier revision built, however old, and leaves a later revision's days alone", async () => {
    const rebuiltRange = { suite: SUITE, from: '2026-11-23', to: ALL_DAYS.to };
    const before = await visitRows(rebuiltRange);
    const jobOf = (revision: number) =>
      new DayRollupJob({ ...VISIT_ROLLUP, revision, sliceRows: 3 }, { transport, database: db().location.database, timeZone: TIME_ZONE, localDay: localDayIn(TIME_ZONE), retentionDays: 395 });
    // On 20 December the days checked again begin on the 5th: the 23rd to the 26th are older.
    const december = Date.UTC(2026, 11, 20, 12);
    // A first run of this revision builds the days since the last run (the 27th on) and none again.
    expect(await jobOf(VISIT_ROLLUP.revision).run(december)).toMatchObject({ built: 22, rebuilt: 0, builtThrough: '2026-12-18' });
    // Each day's current build (a replaced build keeps its record).
    const builds = async () =>
      transport.query<{ build: string }>(`SELECT max(build) AS build FROM visit_rollup_days WHERE day BETWEEN toDate('2026-11-23') AND toDate('2026-11-26') GROUP BY day ORDER BY day`);
    expect((await builds()).every(({ build }) => build.includes(`-r${VISIT_ROLLUP.revision}-`))).toBe(true);
    expect(await jobOf(VISIT_ROLLUP.revision - 1).run(december + 60_000)).toMatchObject({ built: 0, rebuilt: 0 });
    // The 23rd to the 18th of December: 26 days.
    expect(await jobOf(VISIT_ROLLUP.revision + 1).run(december + 120_000)).toMatchObject({ built: 26, rebuilt: 26 });
    expect((await builds()).map(({ build }) => build.includes(`-r${VISIT_ROLLUP.revision + 1}-`))).toEqual([true, true, true, true]);
    expect(await visitRows(rebuiltRange)).toEqual(before);
    expect(await count(`SELECT count() AS n FROM visit_rollup WHERE day <= toDate('2026-11-26')`)).toBe(before.length);
  });

  it('drops a roll-up made before a visit attribute was kept, at the next start, and builds its days again with it', async () => {
    const { database } = db().location;
    // What a release from before `viewport` was a visit attribute (store/visit-attributes.ts) made.
    await transport.command('ALTER TABLE visit_rollup DROP COLUMN viewport');
    await ensureSchema(transport, database, tables);
    expect(await count(`SELECT count() AS n FROM system.columns WHERE database = '${database}' AND table = 'visit_rollup' AND name = 'viewport'`)).toBe(1);
    expect(await count('SELECT count() AS n FROM visit_rollup_days')).toBe(0);
    // Meanwhile the reports cut every day from the hits, viewport included.
    expect(await sourcesOf(ALL_DAYS)).toEqual({ rolledTo: NO_ROLLUP_DAY, computedFrom: ALL_DAYS.from, computedTo: ALL_DAYS.to });
    const computed = await computedRows(ALL_DAYS);
    expect(computed.some((row) => row.viewport !== null)).toBe(true);
    expect((await rollup.run(Date.UTC(2026, 10, 28, 12))).built).toBeGreaterThan(0);
    expect((await sourcesOf(ALL_DAYS)).rolledTo).toBe(ALL_DAYS.to);
    expect(await visitRows(ALL_DAYS)).toEqual(computed);
    // Unchanged columns: the next start keeps what was built.
    await ensureSchema(transport, database, tables);
    expect(await count('SELECT count() AS n FROM visit_rollup_days')).toBeGreaterThan(0);
  });
});
