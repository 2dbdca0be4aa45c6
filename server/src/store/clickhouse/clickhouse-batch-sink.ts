import type { RowBatch, RowBatchSink } from '../row-batch.js';
import { describeClickHouse, type ClickHouseLocation } from './clickhouse-url.js';
import { COLLECTOR_NAME_PATTERN } from './collector-name.js';
import type { BatchWriteResult, EventBatchWriter, RefusedRow } from './event-batch-writer.js';

/**
 * Rows per batch a collector sends: about 20 MB of SQL at ~1 KB a row, sent as MAX_ROWS_PER_INSERT
 * statements. Changing it renames the batches of segments already half stored (their ids hold the
 * offset of the first line), so change it only with an empty ingest log.
 */
export const DRAIN_BATCH_ROWS = 20_000;

/** A batch that could not be stored; the message names the server and never its password. */
export class ClickHouseDrainError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_DRAIN';
}

/** What a stored batch left out: log it. */
export interface LeftOut {
  /** The batch's id as ClickHouse keeps it (the collector's name first). */
  batchId: string;
  /** Rows no ClickHouse column can hold (EventBatchWriter's `refused`). */
  refused: RefusedRow[];
  /** Lines that held no record: a torn last line, written by a crash and never acknowledged. */
  skippedLines: number;
}

export interface ClickHouseBatchSinkOptions {
  writer: Pick<EventBatchWriter, 'write'>;
  /**
   * Tells this collector's batches from every other's: segment names restart at 1 in each
   * collector's log, and the batch journal is shared by all that write to one database.
   */
  collector: string;
  location: ClickHouseLocation;
  /** Default DRAIN_BATCH_ROWS. */
  batchRows?: number;
  /** Called for a batch that left rows or lines out. */
  onLeftOut: (leftOut: LeftOut) => void;
}

/**
 * The ingest loader's way into ClickHouse (row-batch.ts RowBatchSink): each batch goes to the
 * batch writer as `<collector>/<batch id>`, and the writer stores a batch id once however often it
 * is sent (a retry, a restart, an answer lost), so `skipStored` needs no work here. A failure
 * becomes one line for the log and /healthz.
 */
export function clickHouseBatchSink(options: ClickHouseBatchSinkOptions): RowBatchSink {
  if (!COLLECTOR_NAME_PATTERN.test(options.collector)) {
    throw new Error(`collector name '${options.collector.slice(0, 64)}' must be 1 to 64 letters, digits or _.-`);
  }
  const server = describeClickHouse(options.location);
  const { password } = options.location;
  return {
    batchRows: options.batchRows ?? DRAIN_BATCH_ROWS,
    async storeBatch(batch: RowBatch) {
      const batchId = `${options.collector}/${batch.id}`;
      const rows = batch.records();
      let written: BatchWriteResult;
      try {
        written = await options.writer.write({ id: batchId, rows });
      } catch (error) {
        const text = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
        const reason = password === '' ? text : text.replaceAll(password, '***');
        throw new ClickHouseDrainError(`draining the ingest log into ClickHouse at ${server} failed: ${reason}`);
      }
      if (written.refused.length > 0 || batch.skippedLines > 0) {
        options.onLeftOut({ batchId, refused: written.refused, skippedLines: batch.skippedLines });
      }
      return written.rowsInserted;
    },
  };
}
