import { beforeAll, expect, it } from 'vitest';
import type { LogRecord } from '../../../src/ingest/ingest-log.js';
import type { ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { BatchInFlightError, EventBatchWriter, batchQueryIdPrefix } from '../../../src/store/clickhouse/event-batch-writer.js';
import { readEventRows } from '../../../src/store/clickhouse/event-rows-reader.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, skipOnEmbedded, useTestDatabase } from '../../helpers/clickhouse.js';
import { LAST_HOUR_OF_JANUARY_MS, decisionRow, heartbeatRow, hitRow } from '../../helpers/event-rows.js';

const HOUR_MS = 3_600_000;
const tables = eventTables({ variables: ['section', 'pageType'] });

/** A batch with hits, heartbeats and decisions on both sides of a month's end: five parts in three tables. */
function mixedBatch(prefix: string): LogRecord[] {
  const february = LAST_HOUR_OF_JANUARY_MS + 2 * HOUR_MS;
  return [
    hitRow(`${prefix}-h1`),
    heartbeatRow(LAST_HOUR_OF_JANUARY_MS),
    hitRow(`${prefix}-h2`, { day: '2026-02-01', receivedAtMs: february, variables: {}, referrer: `${prefix}\u2028` }),
    decisionRow(`${prefix}-d1`, LAST_HOUR_OF_JANUARY_MS),
    heartbeatRow(february, february),
    decisionRow(`${prefix}-d2`, february),
  ];
}

/** The transport, except that the answers to statements matching `lose` are lost after the server ran them. */
function losingAnswers(transport: ClickHouseTransport, lose: (sql: string) => boolean): ClickHouseTransport {
  let lost = false;
  return {
    ...transport,
    command: async (sql, options) => {
      await transport.command(sql, options);
      if (!lost && lose(sql)) {
        lost = true;
        throw new Error('timeout: the answer was lost');
      }
    },
  };
}

/** The transport, except that the first statement matching `fail` never reaches the server (a crash before it). */
function failingBefore(transport: ClickHouseTransport, fail: (sql: string) => boolean): ClickHouseTransport {
  let failed = false;
  return {
    ...transport,
    command: async (sql, options) => {
      if (!failed && fail(sql)) {
        failed = true;
        throw new Error('connection refused');
      }
      await transport.command(sql, options);
    },
  };
}

describeWithClickHouse('EventBatchWriter on ClickHouse (exactly once per batch id)', () => {
  const db = useTestDatabase();
  const writerOn = (transport: ClickHouseTransport) => new EventBatchWriter({ transport, database: db().location.database, tables, now: () => LAST_HOUR_OF_JANUARY_MS });
  const batchRows = async (batchId: string) => {
    const where = `batch_id = ${sqlString(batchId)}`;
    const read = (table: typeof tables.hits) => readEventRows(db().transport, db().location.database, table, where);
    return [...(await read(tables.hits)), ...(await read(tables.heartbeats)), ...(await read(tables.decisions))];
  };
  const rowId = (row: LogRecord) => ('kind' in row ? (row.kind === 'decision' ? row.decisionId : row.heartbeatId) : row.eventId);
  const sortById = (rows: readonly LogRecord[]) => [...rows].sort((a, b) => rowId(a).localeCompare(rowId(b)));

  beforeAll(() => ensureSchema(db().transport, db().location.database, tables));

  it('creates the tables MergeTree, partitioned by month and sorted for the reports, on first start only', async () => {
    await ensureSchema(db().transport, db().location.database, tables);
    const rows = await db().transport.query<{ name: string; engine: string; partition_key: string; sorting_key: string }>(
      `SELECT name, engine, partition_key, sorting_key FROM system.tables WHERE database = ${sqlString(db().location.database)} ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'consent_choices', engine: 'SummingMergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, choice' },
      { name: 'decision_events', engine: 'MergeTree', partition_key: "toYYYYMM(toDateTime(intDiv(decided_at, 1000)), 'UTC')", sorting_key: 'activity_id, experience_id, type, decided_at' },
      { name: 'event_batches', engine: 'MergeTree', partition_key: "toYYYYMM(toDateTime(intDiv(written_at, 1000)), 'UTC')", sorting_key: 'batch_id, phase' },
      { name: 'heartbeats', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, content_id, session_id, ts_ms' },
      { name: 'hits', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, hit_type, visitor_id, received_at' },
      { name: 'live_minute_rollup', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, build, session_id, received_at' },
      { name: 'live_minute_rollup_days', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, build' },
      { name: 'mesura_schema_version', engine: 'MergeTree', partition_key: '', sorting_key: 'version' },
      { name: 'page_views_daily', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, is_bot, batch_id' },
      { name: 'refused_hits', engine: 'SummingMergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, reason' },
      { name: 'rights_requests', engine: 'MergeTree', partition_key: '', sorting_key: 'requested_at' },
      { name: 'session_rollup', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, build, session_id' },
      { name: 'session_rollup_days', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, build' },
      { name: 'visit_rollup', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, build, visit_key' },
      { name: 'visit_rollup_days', engine: 'MergeTree', partition_key: 'toYYYYMM(day)', sorting_key: 'report_suite, day, build' },
    ]);
  });

  it('adds the column of a variable named after the table was made', async () => {
    await ensureSchema(db().transport, db().location.database, eventTables({ variables: ['section', 'pageType', 'campaignCode'] }));
    const columns = await db().transport.query<{ type: string }>(`SELECT type FROM system.columns WHERE database = ${sqlString(db().location.database)} AND table = 'hits' AND name = 'campaign_code'`);
    expect(columns).toEqual([{ type: 'Nullable(String)' }]);
  });

  it('reads back every row as written, across two months and three tables', async () => {
    const rows = mixedBatch('read-back');
    expect(await writerOn(db().transport).write({ id: 'c1/000000000001.ndjson/0', rows })).toEqual({ outcome: 'stored', rowsInserted: 6, refused: [] });
    expect(sortById(await batchRows('c1/000000000001.ndjson/0'))).toEqual(sortById(rows));
  });

  it('stores a batch written twice once', async () => {
    const rows = mixedBatch('twice');
    const writer = writerOn(db().transport);
    await writer.write({ id: 'c1/twice/0', rows });
    expect(await writer.write({ id: 'c1/twice/0', rows })).toEqual({ outcome: 'already-stored', rowsInserted: 0, refused: [] });
    expect(await batchRows('c1/twice/0')).toHaveLength(6);
  });

  it('does not store again rows whose insert timed out after the server stored them', async () => {
    const rows = mixedBatch('timeout');
    const lossy = losingAnswers(db().transport, (sql) => sql.startsWith(`INSERT INTO ${db().location.database}.heartbeats`));
    await expect(writerOn(lossy).write({ id: 'c1/timeout/0', rows })).rejects.toThrow('timeout: the answer was lost');
    // The hits and heartbeats are in; the decisions were never sent. A new process tries again.
    expect(await writerOn(db().transport).write({ id: 'c1/timeout/0', rows })).toEqual({ outcome: 'completed', rowsInserted: 2, refused: [] });
    expect(sortById(await batchRows('c1/timeout/0'))).toEqual(sortById(rows));
  });

  it('finishes a batch whose attempt crashed between two inserts, and one whose last answer was lost', async () => {
    const rows = mixedBatch('crash');
    const crashing = failingBefore(db().transport, (sql) => sql.startsWith(`INSERT INTO ${db().location.database}.decision_events`));
    await expect(writerOn(crashing).write({ id: 'c1/crash/0', rows })).rejects.toThrow('connection refused');
    const lossy = losingAnswers(db().transport, (sql) => sql.includes("'stored'"));
    await expect(writerOn(lossy).write({ id: 'c1/crash/0', rows })).rejects.toThrow('timeout: the answer was lost');
    expect(await writerOn(db().transport).write({ id: 'c1/crash/0', rows })).toEqual({ outcome: 'already-stored', rowsInserted: 0, refused: [] });
    expect(sortById(await batchRows('c1/crash/0'))).toEqual(sortById(rows));
  });

  it('waits while an earlier attempt of the batch still runs on the server', async (context) => {
    skipOnEmbedded(context, 'query ids in system.processes (chDB names every statement with a UUID of its own)');
    const rows = mixedBatch('in-flight');
    const crashing = failingBefore(db().transport, (sql) => sql.startsWith('INSERT INTO') && !sql.includes('event_batches'));
    await expect(writerOn(crashing).write({ id: 'c1/in-flight/0', rows })).rejects.toThrow('connection refused');
    // A statement under one of the batch's query ids stands for the earlier attempt's insert, still running.
    const straggler = db().transport.query(`SELECT sleepEachRow(0.25) FROM system.numbers LIMIT 4`, { queryId: `${batchQueryIdPrefix('c1/in-flight/0')}_hits_0` });
    await waitUntilRunning(db().transport, batchQueryIdPrefix('c1/in-flight/0'));
    await expect(writerOn(db().transport).write({ id: 'c1/in-flight/0', rows })).rejects.toThrow(BatchInFlightError);
    await straggler;
    expect(await writerOn(db().transport).write({ id: 'c1/in-flight/0', rows })).toEqual({ outcome: 'completed', rowsInserted: 6, refused: [] });
  });

  it('leaves out the rows no column can hold, alike on every attempt, and stores the others', async () => {
    const good = mixedBatch('refused');
    const bad = [hitRow('refused-day', { day: '2026-02-30' }), { ...heartbeatRow(LAST_HOUR_OF_JANUARY_MS), sessionId: null } as unknown as LogRecord];
    const rows = [good[0]!, bad[0]!, ...good.slice(1), bad[1]!];
    const refused = [
      { batchRow: 1, reason: "'2026-02-30' is not a day written YYYY-MM-DD" },
      { batchRow: 7, reason: 'session_id has no value, and the column holds no NULL' },
    ];
    const crashing = failingBefore(db().transport, (sql) => sql.startsWith(`INSERT INTO ${db().location.database}.heartbeats`));
    await expect(writerOn(crashing).write({ id: 'c1/refused/0', rows })).rejects.toThrow('connection refused');
    expect(await writerOn(db().transport).write({ id: 'c1/refused/0', rows })).toEqual({ outcome: 'completed', rowsInserted: 4, refused });
    expect(sortById(await batchRows('c1/refused/0'))).toEqual(sortById(good));
  });

  it('refuses a batch id that could not name a batch', async () => {
    await expect(writerOn(db().transport).write({ id: "x'; DROP TABLE hits", rows: mixedBatch('bad') })).rejects.toThrow('must be 1 to 200 letters, digits or _.:/-');
  });
});

/** Polls system.processes until a query id with `prefix` shows (at most 100 reads, no timers). */
async function waitUntilRunning(transport: ClickHouseTransport, prefix: string): Promise<void> {
  for (let read = 0; read < 100; read += 1) {
    const rows = await transport.query(`SELECT 1 FROM system.processes WHERE substring(query_id, 1, ${prefix.length}) = ${sqlString(prefix)}`);
    if (rows.length > 0) return;
  }
  throw new Error(`no query with id ${prefix}… ever ran`);
}
