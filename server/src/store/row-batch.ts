import type { DecisionEventRow } from './decision-row.js';
import type { HeartbeatRow } from './heartbeat-row.js';
import type { HitRow } from './hit-row.js';

/** What the ingest log and its batches hold: analytics hits, media heartbeats and decision events (told apart by their `kind`). */
export type LogRecord = HitRow | HeartbeatRow | DecisionEventRow;

/** Which kinds of record a segment or batch holds, so that the store reads only the tables it must fill. */
export interface SegmentKinds {
  hits: boolean;
  heartbeats: boolean;
  /** Impressions and conversions of activities (decide/). */
  decisions: boolean;
}

/** What rows of unknown kinds may be: a segment a previous process left says nothing of its kinds. */
export const ALL_KINDS: Readonly<SegmentKinds> = Object.freeze({ hits: true, heartbeats: true, decisions: true });

/**
 * Rows on their way from the collector to the store, with everything a store needs and nothing of
 * the collector's disk: an engine on another machine takes them as they are. The ingest side makes
 * them from sealed segments (ingest/segment-batches.ts); a test or a tool can make one in memory
 * (ndjson-batch.ts `rowBatchOf`).
 */
export interface RowBatch {
  /**
   * Names these rows and no others among the batches of one ingest log, the same on every read of
   * the segment: `<segment file>/<byte offset of the first line>/<digest of the lines>`. An engine
   * that stores a batch once by name (ClickHouse) adds the collector's name, since every
   * collector's log numbers its segments from 1.
   */
  readonly id: string;
  /** Which kinds of record the rows may be (every kind a row is, perhaps more). */
  readonly kinds: Readonly<SegmentKinds>;
  /**
   * The rows as NDJSON of LogRecord, the bytes the ingest log wrote, each line ended by \n: an
   * engine that reads NDJSON itself takes them without a parse and a new serialisation.
   */
  readonly lines: Buffer;
  /**
   * Lines of the segment that hold no record, counted here: a torn last line (a crash in the
   * middle of a write, never acknowledged), and, once records() has run, lines it could not parse.
   */
  readonly skippedLines: number;
  /** The rows parsed, on first call only (later calls answer the same array). */
  records(): readonly LogRecord[];
}

export interface StoreBatchOptions {
  /** A retry: an earlier attempt, whose answer was lost, may have stored some or all of the rows. */
  skipStored: boolean;
}

/** Where the ingest loader sends batches: a Store, or a collector's ClickHouse sink. */
export interface RowBatchSink {
  /**
   * How many rows the sink takes per batch; Infinity asks for each segment whole, as one batch
   * (one load per segment, whose work does not grow with the number of batches).
   */
  readonly batchRows: number;
  /**
   * Stores the batch's rows and resolves once they are durable; with `skipStored`, only those an
   * earlier attempt did not store. Storing a batch again stores none of its rows twice. Answers
   * how many rows it added.
   */
  storeBatch(batch: RowBatch, options: StoreBatchOptions): Promise<number>;
}
