/**
 * The small event-side tables the embedded file shares with ClickHouse's events database, moved
 * beside the raw rows: refusal counts, the consent banner's answers per day, the record of
 * visitors' rights requests, and the page views retention kept of days whose hits it deleted.
 * Their columns are the same by name in both engines (duckdb/duckdb-refusals.ts,
 * store/queries/consent-choices-table.ts, duckdb/rights-requests-sql.ts, duckdb/retention-sql.ts
 * against clickhouse/refused-hits-table.ts, consent-choices-table.ts, rights-requests-table.ts,
 * page-views-daily-table.ts); only how a value is written differs.
 *
 * Two of them are SummingMergeTree counts, where a row inserted twice counts twice, and none has
 * a batch column to look rows up by. So each chunk goes in as one INSERT between two rows of the
 * batch journal (`event_batches`: `started`, then `stored`): a chunk journaled `stored` is skipped
 * on a second run; one `started` and never `stored` (a run cut inside that one statement) is
 * refused with a line saying what to check, rather than guessed.
 */
import { OperatorError } from '../operator-error.js';
import { BATCHES_TABLE, batchJournalSql, batchPhasesSql, type BatchPhase } from '../store/clickhouse/batches-table.js';
import type { ClickHouseTransport } from '../store/clickhouse/clickhouse-transport.js';
import { MAX_ROWS_PER_INSERT } from '../store/clickhouse/event-batch-writer.js';
import { countRowsInsertSql } from '../store/clickhouse/move-count-sql.js';
import { countRowsSql, type CountColumn, type CountColumnKind } from '../store/duckdb/move-source-sql.js';
import type { EmbeddedSource } from './embedded-source.js';
import { MOVE_COLLECTOR, type TableMoved } from './move-events.js';

interface CountTable {
  name: string;
  columns: readonly CountColumn[];
  /** ClickHouse's `page_views_daily` names the drain batch of each row; moved rows name the move. */
  batchColumn?: string;
}

const COUNT_TABLES: readonly CountTable[] = [
  table('refused_hits', [
    ['day', 'date'],
    ['report_suite', 'text'],
    ['reason', 'text'],
    ['hits', 'integer'],
  ]),
  table('consent_choices', [
    ['day', 'date'],
    ['report_suite', 'text'],
    ['choice', 'text'],
    ['choices', 'integer'],
  ]),
  table('rights_requests', [
    ['requested_at', 'epoch-ms'],
    ['kind', 'text'],
    ['visitor_id', 'text'],
    ['requested_by_user_id', 'nullable-text'],
    ['requested_by_email', 'nullable-text'],
    ['hits', 'integer'],
    ['heartbeats', 'integer'],
    ['media_sessions', 'integer'],
    ['decision_events', 'integer'],
  ]),
  {
    ...table('page_views_daily', [
      ['report_suite', 'text'],
      ['day', 'date'],
      ['section', 'nullable-text'],
      ['page_name', 'nullable-text'],
      ['is_bot', 'boolean'],
      ['page_views', 'integer'],
    ]),
    batchColumn: 'batch_id',
  },
];

function table(name: string, columns: [string, CountColumnKind][]): CountTable {
  return { name, columns: columns.map(([column, kind]) => ({ name: column, kind })) };
}

export async function moveCountTables(source: EmbeddedSource, transport: ClickHouseTransport, database: string, report: (moved: TableMoved) => void): Promise<void> {
  for (const countTable of COUNT_TABLES) report(await moveCountTable(source, transport, database, countTable));
}

async function moveCountTable(source: EmbeddedSource, transport: ClickHouseTransport, database: string, countTable: CountTable): Promise<TableMoved> {
  const moved: TableMoved = { table: countTable.name, read: 0, written: 0, refused: 0, leftOutColumns: [] };
  if (!(await source.hasTable('events', countTable.name))) return moved;
  const journal = batchJournal(transport, database);
  // Every column in the order: the same rows fall in the same chunk on every run.
  const rows = (await source.connection.runAndReadAll(countRowsSql(countTable.name, countTable.columns))).getRowObjectsJson();
  moved.read = rows.length;
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
    const batchId = `${MOVE_COLLECTOR}/${countTable.name}-${start / MAX_ROWS_PER_INSERT + 1}`;
    const phases = await journal.phases(batchId);
    if (phases.has('stored')) continue;
    if (phases.has('started')) {
      throw new OperatorError(
        `an earlier move stopped while writing ${countTable.name} into ClickHouse (batch ${batchId}): look at ${database}.${countTable.name}, delete the rows that move wrote if any, delete that batch's rows from ${database}.${BATCHES_TABLE}, and run the move again`,
      );
    }
    const chunk = rows.slice(start, start + MAX_ROWS_PER_INSERT);
    await journal.record(batchId, 'started', chunk.length);
    await transport.command(countRowsInsertSql({ database, table: countTable.name, columns: countTable.columns, batchColumn: countTable.batchColumn, batchId }, chunk));
    await journal.record(batchId, 'stored', chunk.length);
    moved.written += chunk.length;
  }
  return moved;
}

function batchJournal(transport: ClickHouseTransport, database: string) {
  return {
    async phases(batchId: string): Promise<Set<BatchPhase>> {
      const rows = await transport.query<{ phase: BatchPhase }>(batchPhasesSql(database, batchId));
      return new Set(rows.map((row) => row.phase));
    },
    async record(batchId: string, phase: BatchPhase, rowCount: number): Promise<void> {
      await transport.command(batchJournalSql(database, batchId, phase, rowCount, Date.now()));
    },
  };
}
