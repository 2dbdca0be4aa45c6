import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { LogRecord } from '../../ingest/ingest-log.js';
import type { EventBatchWriter, RefusedRow } from './event-batch-writer.js';

/**
 * Rows per batch drained from a segment: about 20 MB of SQL at ~1 KB a row, sent as
 * MAX_ROWS_PER_INSERT statements. Changing it renames the batches of segments already half drained
 * (their ids hold the offset of the first line), so change it only with an empty ingest log.
 */
export const DRAIN_BATCH_ROWS = 20_000;

/** Base64url characters of a batch's SHA-256 in its id: 128 bits, no two batches alike by chance. */
const BATCH_DIGEST_CHARS = 22;

/** A collector's name in batch ids: ASCII letters, digits, `_`, `.` and `-`. */
export const COLLECTOR_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export interface SegmentDrainOptions {
  writer: EventBatchWriter;
  /**
   * Tells this collector's segments from every other's: segment names restart at 1 in each
   * collector's log, and the batch journal is shared by all that write to one database.
   */
  collector: string;
  /** Default DRAIN_BATCH_ROWS. */
  batchRows?: number;
}

export interface DrainResult {
  /** Rows of the segment (inserted now or by an earlier attempt). */
  rows: number;
  /** Rows this drain inserted. */
  rowsInserted: number;
  batches: number;
  /** Lines that were no JSON: a torn last line, written by a crash and never acknowledged. */
  skippedLines: number;
  /** Rows the writer refused (EventBatchWriter's `refused`), with the batch they were in: log them. */
  refused: (RefusedRow & { batchId: string })[];
}

/**
 * Moves a sealed ingest-log segment into ClickHouse through the batch writer, in batches named
 * `<collector>/<segment file>/<byte offset of the batch's first line>/<digest of its lines>`:
 * reading the same file again (a retry, a restart) makes the same batches, which the writer stores
 * once. The digest is there because a segment's name is not unique over time: a log emptied by
 * a clean shutdown numbers its next segment 1 again (IngestLog.open). This is the ClickHouse side
 * of what DuckDbStore.loadSegment does with read_ndjson.
 */
export class ClickHouseSegmentDrain {
  private readonly batchRows: number;

  constructor(private readonly options: SegmentDrainOptions) {
    if (!COLLECTOR_NAME_PATTERN.test(options.collector)) {
      throw new Error(`collector name '${options.collector.slice(0, 64)}' must be 1 to 64 letters, digits or _.-`);
    }
    this.batchRows = options.batchRows ?? DRAIN_BATCH_ROWS;
  }

  async drain(file: string): Promise<DrainResult> {
    const result: DrainResult = { rows: 0, rowsInserted: 0, batches: 0, skippedLines: 0, refused: [] };
    const prefix = `${this.options.collector}/${path.basename(file)}`;
    let batch: LogRecord[] = [];
    let digest: Hash = createHash('sha256');
    let batchOffset = 0;
    let offset = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const id = `${prefix}/${batchOffset}/${digest.digest('base64url').slice(0, BATCH_DIGEST_CHARS)}`;
      const written = await this.options.writer.write({ id, rows: batch });
      result.rows += batch.length;
      result.rowsInserted += written.rowsInserted;
      result.refused.push(...written.refused.map((refusal) => ({ ...refusal, batchId: id })));
      result.batches += 1;
      batch = [];
      digest = createHash('sha256');
    };
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of lines) {
      const lineOffset = offset;
      // The log writes UTF-8 lines ended by \n (ingest-log.ts): the next line starts one byte after.
      offset += Buffer.byteLength(line) + 1;
      const record = parseRecord(line);
      if (record === undefined) {
        if (line.length > 0) result.skippedLines += 1;
        continue;
      }
      if (batch.length === 0) batchOffset = lineOffset;
      batch.push(record);
      digest.update(line).update('\n');
      if (batch.length >= this.batchRows) await flush();
    }
    await flush();
    return result;
  }
}

function parseRecord(line: string): LogRecord | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as LogRecord) : undefined;
  } catch {
    return undefined;
  }
}
