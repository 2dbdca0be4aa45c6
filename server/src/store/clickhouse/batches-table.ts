import { sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/** The batch writer's journal (event-batch-writer.ts): one row when a batch's first attempt begins, one when it is stored. */
export const BATCHES_TABLE = 'event_batches';

/** The phases the journal records, in their order. */
export type BatchPhase =
  /** An attempt is about to insert rows: a later attempt must look for what it stored. */
  | 'started'
  /** Every row of the batch is in its table: a later attempt writes nothing. */
  | 'stored';

/**
 * Sorted by batch id, so that a batch's journal is one key lookup; partitioned by month of the
 * writer's clock (UTC), so that retention can drop old journal months with the events of their time.
 */
export function createBatchesTableSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${BATCHES_TABLE}
    (batch_id String, phase String, row_count UInt32, written_at Int64)
    ENGINE = MergeTree PARTITION BY toYYYYMM(toDateTime(intDiv(written_at, 1000)), 'UTC') ORDER BY (batch_id, phase)`;
}

/** The phases a batch's journal holds: one key lookup (the table is sorted by batch id). */
export function batchPhasesSql(database: string, batchId: string): string {
  return `SELECT DISTINCT phase FROM ${sqlIdentifier(database)}.${BATCHES_TABLE} WHERE batch_id = ${sqlString(batchId)}`;
}

/** One row of the journal: `phase` reached for `batchId`, at `writtenAtMs` of the writer's clock. */
export function batchJournalSql(database: string, batchId: string, phase: BatchPhase, rowCount: number, writtenAtMs: number): string {
  return `INSERT INTO ${sqlIdentifier(database)}.${BATCHES_TABLE} (batch_id, phase, row_count, written_at)
    VALUES (${sqlString(batchId)}, ${sqlString(phase)}, ${sqlInteger(rowCount)}, ${sqlInteger(writtenAtMs)})`;
}
