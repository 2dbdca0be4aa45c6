import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { NdjsonBatch, parseRecord } from '../store/ndjson-batch.js';
import { ALL_KINDS, type RowBatch, type RowBatchSink, type SegmentKinds, type StoreBatchOptions } from '../store/row-batch.js';
import type { SealedSegment } from './ingest-log.js';

/**
 * Bytes read at a time from a segment cut into batches of a bounded size: about a thousand lines,
 * so that a segment grown large while the store was down is never held whole. A segment taken
 * whole (batchRows Infinity) is read in one go.
 */
export const SEGMENT_READ_CHUNK_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const NEWLINE_BYTES = Buffer.from('\n');

/**
 * Stores one sealed segment through `sink`, batch after batch, and answers how many rows were
 * added. It resolves only once every batch is stored: a failed batch fails the whole segment,
 * which stays in the log and is read again on the next try, into the same batches.
 */
export async function storeSegment(sink: RowBatchSink, segment: SealedSegment, options: StoreBatchOptions): Promise<number> {
  let rows = 0;
  for await (const batch of segmentBatches(segment, sink.batchRows)) rows += await sink.storeBatch(batch, options);
  return rows;
}

/**
 * A sealed segment as batches of at most `batchRows` rows in log order (Infinity: one batch),
 * each line as the log wrote it. Reading a segment again makes the same batches with the same ids
 * (row-batch.ts): the batches of a segment read before a crash, or before a new version of the
 * collector, keep their names. A line that is not a record is left out and counted (skippedLines):
 * a torn last line, which no client was told was stored. A segment of such lines alone still
 * yields one (empty) batch, so that they are counted.
 */
export async function* segmentBatches(segment: SealedSegment, batchRows: number): AsyncGenerator<RowBatch> {
  const handle = await open(segment.file, 'r');
  try {
    const cutter = new BatchCutter(path.basename(segment.file), segment.kinds ?? ALL_KINDS, batchRows);
    const chunkBytes = Number.isFinite(batchRows) ? SEGMENT_READ_CHUNK_BYTES : undefined;
    for await (const run of lineRuns(handle, chunkBytes)) yield* cutter.take(run);
    const last = cutter.finish();
    if (last) yield last;
  } finally {
    await handle.close();
  }
}

/** Bytes of a segment from `offset`: whole lines, but for a segment's last bytes when they end without \n. */
interface LineRun {
  bytes: Buffer;
  offset: number;
}

/**
 * The segment's bytes in runs of whole lines, read `chunkBytes` at a time (undefined: all at once),
 * up to the first zero byte: the zeros the log writes ahead of its rows, which a crash leaves in
 * the segment it was writing (ingest-log.ts).
 */
async function* lineRuns(handle: FileHandle, chunkBytes: number | undefined): AsyncGenerator<LineRun> {
  // A sealed segment no longer grows, nor does a previous process's.
  let { size } = await handle.stat();
  let carry = Buffer.alloc(0);
  let position = 0;
  while (position < size) {
    const buffer = Buffer.allocUnsafe(carry.length + Math.min(chunkBytes ?? size, size - position));
    carry.copy(buffer);
    const { bytesRead } = await handle.read(buffer, carry.length, buffer.length - carry.length, position);
    if (bytesRead === 0) break;
    const zero = buffer.subarray(carry.length, carry.length + bytesRead).indexOf(0);
    const kept = zero < 0 ? bytesRead : zero;
    position += kept;
    if (zero >= 0) size = position;
    const filled = buffer.subarray(0, carry.length + kept);
    const wholeLines = filled.lastIndexOf(NEWLINE) + 1;
    if (wholeLines > 0) yield { bytes: filled.subarray(0, wholeLines), offset: position - filled.length };
    carry = filled.subarray(wholeLines);
  }
  if (carry.length > 0) yield { bytes: carry, offset: position - carry.length };
}

/**
 * Gathers lines into batches of `batchRows`. Consecutive lines of one read are kept as one slice
 * of it, so a segment taken whole is handed on without a copy.
 */
class BatchCutter {
  private readonly pieces: Buffer[] = [];
  /** Kept lines of the last run not yet in `pieces`. */
  private open: { bytes: Buffer; start: number; end: number } | undefined;
  private rows = 0;
  private skipped = 0;
  private firstOffset = 0;

  constructor(
    private readonly name: string,
    private readonly kinds: Readonly<SegmentKinds>,
    private readonly batchRows: number,
  ) {}

  /** Takes a run of lines; answers the batches it filled. */
  take(run: LineRun): RowBatch[] {
    const filled: RowBatch[] = [];
    const { bytes, offset } = run;
    for (let start = 0; start < bytes.length; ) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline < 0 ? bytes.length : newline + 1;
      const line = newline < 0 ? this.lastLine(bytes.subarray(start)) : this.wholeLine(bytes, start, newline);
      if (line !== undefined) {
        const batch = this.add(line.bytes, line.start, line.end, offset + start);
        if (batch) filled.push(batch);
      }
      start = end;
    }
    return filled;
  }

  /** The rest: a last batch when it holds rows or skipped lines. */
  finish(): RowBatch | undefined {
    return this.rows > 0 || this.skipped > 0 ? this.cut() : undefined;
  }

  /**
   * A line the log ended with \n, kept when it looks like a record: the log writes one JSON object
   * per line, and a crash leaves a torn line at the end only, without its \n. An engine that
   * parses the line (records(), DuckDB's reader) skips one that is no JSON after all.
   */
  private wholeLine(bytes: Buffer, start: number, newline: number): { bytes: Buffer; start: number; end: number } | undefined {
    if (newline === start) return undefined;
    if (bytes[start] === OPEN_BRACE && bytes[newline - 1] === CLOSE_BRACE) return { bytes, start, end: newline + 1 };
    this.skipped += 1;
    return undefined;
  }

  /** A segment's last bytes without \n: a record written whole but for its \n is kept (with one), a torn line is skipped. */
  private lastLine(tail: Buffer): { bytes: Buffer; start: number; end: number } | undefined {
    if (parseRecord(tail.toString('utf8')) === undefined) {
      this.skipped += 1;
      return undefined;
    }
    const line = Buffer.concat([tail, NEWLINE_BYTES]);
    return { bytes: line, start: 0, end: line.length };
  }

  private add(bytes: Buffer, start: number, end: number, offset: number): RowBatch | undefined {
    if (this.rows === 0) this.firstOffset = offset;
    this.rows += 1;
    if (this.open?.bytes === bytes && this.open.end === start) this.open.end = end;
    else {
      this.closeOpen();
      this.open = { bytes, start, end };
    }
    return this.rows >= this.batchRows ? this.cut() : undefined;
  }

  private closeOpen(): void {
    if (this.open) this.pieces.push(this.open.bytes.subarray(this.open.start, this.open.end));
    this.open = undefined;
  }

  private cut(): RowBatch {
    this.closeOpen();
    const lines = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces);
    const batch = new NdjsonBatch({ name: this.name, offset: this.firstOffset, lines, skippedLines: this.skipped, kinds: this.kinds });
    this.pieces.length = 0;
    this.rows = 0;
    this.skipped = 0;
    return batch;
  }
}
