/**
 * Retention on ClickHouse (store/clickhouse/clickhouse-retention.ts) against DuckDB's
 * (duckdb/retention-sql.ts), on one fixture stored through the ingest path in both engines
 * (helpers/both-engines.ts), with a fake clock: exactly the rows before the cutoff go (whole months
 * dropped, the cutoff's month by a DELETE mutation), the page-view report keeps their page views
 * as DuckDB's does, a run stopped between the roll-up and the deletion is not counted twice, and a
 * mutation that never finishes is a clear error after a bounded wait.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { LogRecord } from '../../../src/ingest/ingest-log.js';
import { localDayIn } from '../../../src/local-day.js';
import { retentionCutoff } from '../../../src/rights/retention-job.js';
import { ClickHouseReportStore } from '../../../src/store/clickhouse/clickhouse-report-store.js';
import { ClickHouseRetention } from '../../../src/store/clickhouse/clickhouse-retention.js';
import type { ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import { readEventRows } from '../../../src/store/clickhouse/event-rows-reader.js';
import { MUTATION_POLL_MS, MutationTimeoutError, waitForMutations } from '../../../src/store/clickhouse/mutations.js';
import type { PageViewQuery } from '../../../src/store/store.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { TEST_ENV } from '../../helpers/test-server.js';
import { FIXTURE_TIME_ZONE, FIXTURE_VARIABLES, OTHER, VISITOR, decision, heartbeat, noonOf, pageView } from '../../helpers/visitor-rights-fixture.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** 395 days (the default retention) after 2026-01-30 10:00 UTC: the cutoff is that instant and day. */
const NOW = Date.UTC(2027, 2, 1, 10);
const RETENTION_DAYS = 395;
const CUTOFF = retentionCutoff(NOW, RETENTION_DAYS, localDayIn(FIXTURE_TIME_ZONE));
const RANGE = { from: '2025-11-01', to: '2026-02-28' };

/** November and December are past wholly (their months are dropped); January 2026 is cut on the 30th. */
function retentionSegments(): LogRecord[][] {
  const resent = pageView('r2', VISITOR, '2025-11-20', 'noticies:b', { variables: { section: 'noticies' } });
  return [
    [
      pageView('r1', VISITOR, '2025-11-05', 'mesura:a'),
      resent,
      pageView('r3', OTHER, '2025-11-20', 'mesura:a'),
      pageView('r4', VISITOR, '2025-12-10', 'mesura:a', { hitType: 'link_o', linkName: 'enllaç' }),
      pageView('r5', OTHER, '2026-01-10', 'mesura:a', { isBot: true }),
      pageView('r6', VISITOR, '2026-01-29', 'noticies:b', { variables: { section: 'noticies' } }),
      pageView('r7', OTHER, '2026-01-30', 'mesura:a'),
      pageView('r8', VISITOR, '2026-02-15', 'mesura:a'),
      heartbeat('hb-a', 'session-a', VISITOR, '2025-11-20', 1),
      heartbeat('hb-b', 'session-b', VISITOR, '2026-01-29', 1),
      heartbeat('hb-c', 'session-c', OTHER, '2026-01-30', 1),
      decision('d-a', 'k-v', VISITOR, noonOf('2025-11-20')),
      decision('d-b', 'k-v', VISITOR, CUTOFF.atMs - 1),
      decision('d-c', 'k-o', OTHER, CUTOFF.atMs),
    ],
    // Resent: ClickHouse keeps both copies, in two batches.
    [{ ...resent }],
  ];
}

describeWithClickHouse('retention on ClickHouse', () => {
  const db = useTestDatabase();
  const tables = eventTables({ variables: FIXTURE_VARIABLES });
  let engines: BothEngines;
  let reports: ClickHouseReportStore;
  const retention = (transport: ClickHouseTransport = db().transport) => new ClickHouseRetention({ transport, database: db().location.database, tables });

  const ids = async () => {
    const { transport, location } = db();
    const read = (table: (typeof tables)[keyof typeof tables]) => readEventRows(transport, location.database, table);
    const id = (row: LogRecord) =>
      String((row as unknown as Record<string, unknown>).eventId ?? (row as unknown as Record<string, unknown>).heartbeatId ?? (row as unknown as Record<string, unknown>).decisionId);
    return {
      hits: (await read(tables.hits)).map(id).sort(),
      heartbeats: (await read(tables.heartbeats)).map(id).sort(),
      decisions: (await read(tables.decisions)).map(id).sort(),
    };
  };
  const pageViewReports = async (store: { pageViews(query: PageViewQuery): Promise<unknown> }) => {
    const answers = [];
    for (const by of ['day', 'section', 'pageName'] as const) {
      for (const includeBots of [false, true]) answers.push(await store.pageViews({ reportSuite: 'mesuraprod', ...RANGE, by, includeBots }));
    }
    return answers;
  };
  const activePartitions = async (table: string) =>
    (
      await db().transport.query<{ partition: string }>(`SELECT DISTINCT partition FROM system.parts WHERE active AND database = '${db().location.database}' AND table = '${table}' ORDER BY partition`)
    ).map((row) => row.partition);

  beforeAll(async () => {
    engines = await loadBothEngines({ segments: retentionSegments(), clickhouse: db(), variables: FIXTURE_VARIABLES, timeZone: FIXTURE_TIME_ZONE });
    reports = new ClickHouseReportStore({ transport: db().transport, database: db().location.database, variables: FIXTURE_VARIABLES });
  }, 120_000);

  afterAll(async () => {
    await engines?.close();
  });

  it('deletes exactly the rows before the cutoff and keeps their page views as DuckDB does, once after a run stopped midway', async () => {
    expect(CUTOFF).toEqual({ day: '2026-01-30', atMs: Date.UTC(2026, 0, 30, 10) });
    expect(await pageViewReports(reports)).toEqual(await pageViewReports(engines.duckdb));

    // A run that stops after the roll-up, before any deletion (the server went away).
    const failing: ClickHouseTransport = {
      ...db().transport,
      command: async (sql, options) => {
        if (sql.trimStart().startsWith('ALTER TABLE')) throw new Error('connection lost');
        return db().transport.command(sql, options);
      },
    };
    await expect(retention(failing).deleteBefore(CUTOFF)).rejects.toThrow('connection lost');
    expect(await ids()).toMatchObject({ hits: ['r1', 'r2', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'] });

    const result = await retention().deleteBefore(CUTOFF);
    // The pairs of day and batch rolled up by the stopped run are not rolled up again.
    expect(result).toEqual({ hits: 7, heartbeats: 2, decisionEvents: 2, reportRows: 0, pageViewAggregates: 0 });
    expect(await ids()).toEqual({ hits: ['r7', 'r8'], heartbeats: ['hb-c'], decisions: ['d-c'] });
    // Whole months past retention were dropped; the cutoff's month was cut by a mutation.
    expect(await activePartitions('hits')).toEqual(['202601', '202602']);
    expect(await activePartitions('heartbeats')).toEqual(['202601']);

    await engines.duckdb.deleteBefore(CUTOFF);
    const afterDuckDb = await pageViewReports(engines.duckdb);
    expect(await pageViewReports(reports)).toEqual(afterDuckDb);
    // Days past retention still answer their page views, with no visitors.
    expect(afterDuckDb[0]).toMatchObject({ rows: expect.arrayContaining([{ key: '2025-11-20', pageViews: 2, visitors: 0 }]) });
  });

  it('finds nothing more on a second run, and rolls up once a page view drained late for a deleted day', async () => {
    expect(await retention().deleteBefore(CUTOFF)).toEqual({ hits: 0, heartbeats: 0, decisionEvents: 0, reportRows: 0, pageViewAggregates: 0 });
    const day = { reportSuite: 'mesuraprod', from: '2025-11-20', to: '2025-11-20', by: 'day', includeBots: false } as const;
    expect((await reports.pageViews(day)).totalPageViews).toBe(2);

    const writer = new EventBatchWriter({ transport: db().transport, database: db().location.database, tables, now: () => NOW });
    await writer.write({ id: 'late-collector/segment/0', rows: [pageView('r9', OTHER, '2025-11-20', 'mesura:a')] });
    expect(await retention().deleteBefore(CUTOFF)).toEqual({ hits: 1, heartbeats: 0, decisionEvents: 0, reportRows: 0, pageViewAggregates: 1 });
    expect(await retention().deleteBefore(CUTOFF)).toMatchObject({ hits: 0, pageViewAggregates: 0 });
    expect(await reports.pageViews(day)).toEqual({ rows: [{ key: '2025-11-20', pageViews: 3, visitors: 0 }], totalPageViews: 3, totalVisitors: 0 });
    expect((await ids()).hits).toEqual(['r7', 'r8']);
    // Two API nodes running retention at the same moment may both roll up the same batches: counted once.
    const byPage = { ...day, from: RANGE.from, to: RANGE.to, by: 'pageName' } as const;
    const once = await reports.pageViews(byPage);
    await db().transport.command(`INSERT INTO ${db().location.database}.page_views_daily SELECT * FROM ${db().location.database}.page_views_daily`);
    expect(await reports.pageViews(byPage)).toEqual(once);
  });

  it('runs on an API node at start and daily, with its clock', async () => {
    const writer = new EventBatchWriter({ transport: db().transport, database: db().location.database, tables, now: () => NOW });
    await writer.write({ id: 'late-collector/segment/1', rows: [pageView('r10', OTHER, '2026-01-29', 'mesura:a'), pageView('r11', OTHER, '2026-01-30', 'mesura:a')] });
    const { username, password, endpoint, database } = db().location;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-ch-retention-'));
    const env = {
      ...TEST_ENV,
      MESURA_DATA_DIR: dataDir,
      MESURA_LOG_LEVEL: 'silent',
      MESURA_STORE: `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`,
      MESURA_ROLE: 'api',
      MESURA_TIMEZONE: FIXTURE_TIME_ZONE,
      MESURA_RETENTION_DAYS: String(RETENTION_DAYS),
    };
    const api = await createServer(loadConfig(env, repoRoot), { now: () => NOW });
    try {
      // Waits for the run at start, which did the work, then runs again and finds nothing.
      expect(await api.retention!.runNow()).toMatchObject({ hits: 0, pageViewAggregates: 0 });
      expect((await ids()).hits).toEqual(['r11', 'r7', 'r8']);
    } finally {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives up waiting for a mutation that never finishes after the bounded wait, on a fake clock, with a clear error', async () => {
    let clock = 0;
    const sleeps: number[] = [];
    const stuck: ClickHouseTransport = {
      ...db().transport,
      query: async <Row>(sql: string) => (sql.includes('system.mutations') ? [{ mutation_id: 'mutation_7.txt', is_done: 0 }] : db().transport.query(sql)) as Row[],
    };
    const waiting = waitForMutations({ transport: stuck, database: db().location.database, waitMs: 1000, clock: { now: () => clock, sleep: async (ms) => void sleeps.push((clock += ms)) } }, 'hits');
    await expect(waiting).rejects.toThrow(MutationTimeoutError);
    await expect(waiting).rejects.toThrow(`ClickHouse has not finished deleting rows of ${db().location.database}.hits after 1 s`);
    expect(sleeps).toHaveLength(1000 / MUTATION_POLL_MS);
    // On the real table nothing is pending: the wait answers at once.
    await waitForMutations({ transport: db().transport, database: db().location.database }, 'hits');
  });

  it('after an ALTER, waits for a mutation it did not list before, as a replica reads its mutations from ZooKeeper later', async () => {
    let clock = 0;
    // What system.mutations lists on each look: the old mutation alone twice, then the new one pending, then done.
    const looks = [
      [{ mutation_id: '0000000003', is_done: 1 }],
      [{ mutation_id: '0000000003', is_done: 1 }],
      [
        { mutation_id: '0000000003', is_done: 1 },
        { mutation_id: '0000000004', is_done: 0 },
      ],
      [
        { mutation_id: '0000000003', is_done: 1 },
        { mutation_id: '0000000004', is_done: 1 },
      ],
    ];
    let look = 0;
    const lagging: ClickHouseTransport = {
      ...db().transport,
      query: async <Row>(sql: string) => (sql.includes('system.mutations') ? looks[Math.min(look++, looks.length - 1)] : db().transport.query(sql)) as Row[],
    };
    const clockOptions = { now: () => clock, sleep: async (ms: number) => void (clock += ms) };
    await waitForMutations({ transport: lagging, database: db().location.database, clock: clockOptions }, 'hits', new Set(['0000000003']));
    expect(look).toBe(4);
    expect(clock).toBe(3 * MUTATION_POLL_MS);
  });
});
