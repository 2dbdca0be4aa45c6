import { createHash } from 'node:crypto';
import type { LogRecord } from '../row-batch.js';
import { batchJournalSql, batchPhasesSql, type BatchPhase } from './batches-table.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { EventTables } from './event-tables.js';
import { columnLiteral, type EventTable } from './event-table.js';
import { sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/** One batch of the ingest log's records, named for ever by its id. */
export interface EventBatch {
  /**
   * Names these rows and no others, on every attempt, from every process: e.g. the collector's
   * name, the log segment's, the offset of the batch's first line and a digest of its lines
   * (clickhouse-batch-sink.ts, row-batch.ts).
   */
  id: string;
  rows: readonly LogRecord[];
}

/** Why a write ended as it did. */
export type BatchOutcome =
  /** No attempt had begun: every row was inserted now. */
  | 'stored'
  /** An earlier attempt began and did not finish: the rows it had not stored were inserted now. */
  | 'completed'
  /** An earlier attempt stored every row: nothing was inserted. */
  | 'already-stored';

export interface BatchWriteResult {
  outcome: BatchOutcome;
  /** Rows inserted by this call. */
  rowsInserted: number;
  /**
   * Rows no column could hold (a NOT NULL field missing, a day that is no date, a number that is
   * not an integer), left out of the batch on every attempt alike, so that one bad row never
   * holds back the rows behind it. Found before anything is sent; empty when already stored.
   */
  refused: RefusedRow[];
}

export interface RefusedRow {
  /** The row's place in the batch. */
  batchRow: number;
  /** One line, from sql-literal.ts or event-table.ts. */
  reason: string;
}

/** An earlier attempt's insert is still running on the server: try the batch again later. */
export class BatchInFlightError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_BATCH_IN_FLIGHT';
}

/** What a batch id may hold: it is written into SQL (as a literal) and logs. */
export const BATCH_ID_PATTERN = /^[A-Za-z0-9_.:/-]{1,200}$/;
/**
 * Rows per INSERT statement: ~10 MB of SQL at ~1 KB a row. A batch has as many statements as it
 * needs; each is named (query id) so that a later attempt can tell whether it still runs.
 */
export const MAX_ROWS_PER_INSERT = 10_000;

export interface EventBatchWriterOptions {
  transport: ClickHouseTransport;
  database: string;
  tables: EventTables;
  /** The clock the journal's rows are dated by (epoch ms). */
  now: () => number;
}

/** A table's rows of a batch, each with its place in the batch (batch_row) and its VALUES tuple. */
interface TableRows {
  table: EventTable;
  rows: { row: LogRecord; index: number; values: string }[];
}

/**
 * Inserts one batch of log records into the events tables exactly once, however often it is
 * tried: after a timeout whose insert the server finished anyway, after a crash between two
 * inserts, from a new process. ClickHouse 18.16's MergeTree does not deduplicate inserts (only
 * replicated tables and, later, `non_replicated_deduplication_window` do), and a batch that spans
 * two months, or holds hits and heartbeats, is several parts, so the writer keeps its own record:
 *
 * 1. The journal (`event_batches`, one key lookup) says `stored`: every row is in; nothing is done.
 * 2. Without `started`, no attempt has inserted a row (an attempt journals `started` and hears the
 *    answer before it inserts anything): all rows are inserted.
 * 3. With `started` but not `stored`, an attempt may have inserted some rows. Its inserts carried
 *    query ids made from the batch id; while one of them still runs on the server the write stops
 *    (BatchInFlightError: try later), else the batch's rows are looked up by (batch_id, batch_row)
 *    within the batch's partitions and key ranges, and only the missing ones are inserted.
 * 4. `stored` is journaled. If its answer is lost, the next attempt finds every row in step 3.
 *
 * Each row carries batch_id and batch_row, so the rows stored are each row of the batch once.
 * What this cannot see is an insert still travelling to the server after its client gave up and
 * after the next attempt's step 3 (a request delayed in the network for longer than the request
 * timeout plus the retry's delay); on loopback or one LAN hop that does not happen.
 */
export class EventBatchWriter {
  constructor(private readonly options: EventBatchWriterOptions) {
    sqlIdentifier(options.database);
  }

  async write(batch: EventBatch): Promise<BatchWriteResult> {
    if (!BATCH_ID_PATTERN.test(batch.id)) {
      throw new Error(`batch id '${batch.id.slice(0, 40)}' must be 1 to 200 letters, digits or _.:/-`);
    }
    if (batch.rows.length === 0) return { outcome: 'stored', rowsInserted: 0, refused: [] };
    const phases = await this.journalPhases(batch.id);
    if (phases.has('stored')) return { outcome: 'already-stored', rowsInserted: 0, refused: [] };
    const { groups, refused } = this.prepare(batch);
    const resumed = phases.has('started');
    if (resumed) {
      await this.assertNoInsertRunning(batch.id);
      for (const group of groups) group.rows = await this.missingRows(batch.id, group);
    } else {
      await this.journal(batch.id, 'started', batch.rows.length);
    }
    let rowsInserted = 0;
    for (const group of groups.filter((g) => g.rows.length > 0)) rowsInserted += await this.insert(batch.id, group);
    await this.journal(batch.id, 'stored', batch.rows.length);
    return { outcome: resumed ? 'completed' : 'stored', rowsInserted, refused };
  }

  /** Each row's table and VALUES tuple, made before anything is sent; rows that have none are refused. */
  private prepare(batch: EventBatch): { groups: TableRows[]; refused: RefusedRow[] } {
    const { hits, heartbeats, decisions } = this.options.tables;
    const groups = new Map<EventTable, TableRows>();
    const refused: RefusedRow[] = [];
    const id = sqlString(batch.id);
    batch.rows.forEach((row, index) => {
      const table = !('kind' in row) ? hits : row.kind === 'heartbeat' ? heartbeats : decisions;
      let values: string;
      try {
        values = `(${table.columns.map((column) => columnLiteral(column, row)).join(', ')}, ${id}, ${sqlInteger(index)})`;
      } catch (error) {
        refused.push({ batchRow: index, reason: error instanceof Error ? error.message : String(error) });
        return;
      }
      const group = groups.get(table) ?? { table, rows: [] };
      groups.set(table, group);
      group.rows.push({ row, index, values });
    });
    return { groups: [...groups.values()], refused };
  }

  private async journalPhases(batchId: string): Promise<Set<BatchPhase>> {
    const rows = await this.options.transport.query<{ phase: BatchPhase }>(batchPhasesSql(this.options.database, batchId));
    return new Set(rows.map((row) => row.phase));
  }

  private async journal(batchId: string, phase: BatchPhase, rowCount: number): Promise<void> {
    await this.options.transport.command(batchJournalSql(this.options.database, batchId, phase, rowCount, this.options.now()));
  }

  /** Fails while an insert of an earlier attempt is still running (it could land after the lookup). */
  private async assertNoInsertRunning(batchId: string): Promise<void> {
    const prefix = batchQueryIdPrefix(batchId);
    const running = await this.options.transport.query<{ n: string }>(`SELECT count() AS n FROM system.processes WHERE substring(query_id, 1, ${prefix.length}) = ${sqlString(prefix)}`);
    if (Number(running[0]?.n ?? 0) > 0) {
      throw new BatchInFlightError(`an earlier insert of batch ${batchId} still runs on ClickHouse; try the batch again later`);
    }
  }

  private async missingRows(batchId: string, group: TableRows): Promise<TableRows['rows']> {
    const stored = await this.options.transport.query<{ batch_row: number }>(
      `SELECT batch_row FROM ${this.qualified(group.table.name)}
       WHERE ${group.table.scope(group.rows.map((entry) => entry.row))} AND batch_id = ${sqlString(batchId)}`,
    );
    const present = new Set(stored.map((row) => Number(row.batch_row)));
    return group.rows.filter((entry) => !present.has(entry.index));
  }

  private async insert(batchId: string, group: TableRows): Promise<number> {
    const { table } = group;
    const names = [...table.columns.map((column) => sqlIdentifier(column.name)), 'batch_id', 'batch_row'].join(', ');
    for (let start = 0; start < group.rows.length; start += MAX_ROWS_PER_INSERT) {
      const values = group.rows.slice(start, start + MAX_ROWS_PER_INSERT).map((entry) => entry.values);
      await this.options.transport.command(`INSERT INTO ${this.qualified(table.name)} (${names}) VALUES ${values.join(', ')}`, {
        queryId: `${batchQueryIdPrefix(batchId)}_${table.name}_${start}`,
      });
    }
    return group.rows.length;
  }

  private qualified(table: string): string {
    return `${sqlIdentifier(this.options.database)}.${sqlIdentifier(table)}`;
  }
}

/** The query ids of a batch's inserts start with this: the same on every attempt, from every process. */
export function batchQueryIdPrefix(batchId: string): string {
  return `mesura_batch_${createHash('sha256').update(batchId).digest('hex').slice(0, 32)}`;
}
