import { closeSync, fdatasync, fsyncSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { LogRecord, SegmentKinds } from '../store/row-batch.js';

/** What the log holds; the type lives with the batches that carry it to a store (store/row-batch.ts). */
export type { LogRecord };

/** A closed log segment, waiting to be loaded into the store. */
export interface SealedSegment {
  file: string;
  /** Absent for segments a previous process left: they may hold either kind. */
  kinds?: SegmentKinds;
}

const SEGMENT_PATTERN = /^(\d{12})\.ndjson$/;

/** What a segment not yet discarded holds on disk, for the collector's health (ingest/collector-health.ts). */
interface SegmentSize {
  bytes: number;
  /** When its first row was written (epoch ms); for a segment a previous process left, its file's last change. */
  firstWrittenMs: number | undefined;
}

/**
 * The collector's append-only log: the place where an event becomes durable. A batch is written
 * and fdatasync'd before any of its requests is answered; a loader then moves sealed segments into
 * the store in large batches and deletes them. A commit to this log costs one fdatasync, far less
 * than a database commit, so the answer to the browser does not wait for the database.
 *
 * Segments are NDJSON files of LogRecord (one durable path for beacons and heartbeats: one fdatasync
 * covers both), named by a rising sequence number. A torn last line (a crash in the middle of a
 * write) belongs to a batch that was never acknowledged; segment-batches.ts skips it.
 */
export class IngestLog {
  /** Whether the current segment holds any rows, and of which kinds. */
  private written = false;
  private kinds: SegmentKinds = { hits: false, heartbeats: false, decisions: false };
  /** Syncs under way per open file; a file is closed only after its syncs end. */
  private readonly syncs = new Map<number, Set<Promise<void>>>();
  /** Every segment on disk, sealed or current, until it is discarded: the bytes not yet in the store. */
  private readonly sizes = new Map<string, SegmentSize>();

  private constructor(
    private readonly dir: string,
    private seq: number,
    private file: string,
    private fd: number,
    private readonly now: () => number,
  ) {
    this.sizes.set(file, { bytes: 0, firstWrittenMs: undefined });
  }

  /** Opens the log in `dir`, returning the segments a previous process left unloaded. */
  static open(dir: string, options: { now?: () => number } = {}): { log: IngestLog; leftover: SealedSegment[] } {
    mkdirSync(dir, { recursive: true });
    const files = readdirSync(dir).filter((f) => SEGMENT_PATTERN.test(f)).sort();
    const leftover = files.map((f) => ({ file: path.join(dir, f) }));
    const lastSeq = files.length ? Number(SEGMENT_PATTERN.exec(files.at(-1)!)![1]) : 0;
    const { file, fd } = createSegment(dir, lastSeq + 1);
    const log = new IngestLog(dir, lastSeq + 1, file, fd, options.now ?? Date.now);
    for (const segment of leftover) {
      const stat = statSync(segment.file);
      log.sizes.set(segment.file, { bytes: stat.size, firstWrittenMs: stat.mtimeMs });
    }
    return { log, leftover };
  }

  /** Bytes of every segment on disk that the store does not hold yet (sealed, current, left over). */
  get undrainedBytes(): number {
    let bytes = 0;
    for (const size of this.sizes.values()) bytes += size.bytes;
    return bytes;
  }

  /** When the oldest row not yet in the store was written (epoch ms); undefined when there is none. */
  oldestUndrainedMs(): number | undefined {
    let oldest: number | undefined;
    for (const { firstWrittenMs } of this.sizes.values()) {
      if (firstWrittenMs !== undefined && (oldest === undefined || firstWrittenMs < oldest)) oldest = firstWrittenMs;
    }
    return oldest;
  }

  /**
   * Resolves once the rows are on disk. The write itself is synchronous (a copy into the page
   * cache, which keeps batches in order); only the fdatasync waits, and the next batch's write
   * overlaps it. A sync covers every write made to its file before it.
   */
  append(rows: readonly LogRecord[]): Promise<void> {
    let text = '';
    for (const row of rows) {
      text += JSON.stringify(row) + '\n';
      if (!('kind' in row)) this.kinds.hits = true;
      else if (row.kind === 'decision') this.kinds.decisions = true;
      else this.kinds.heartbeats = true;
    }
    let bytes: number;
    try {
      bytes = writeSync(this.fd, text);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const size = this.sizes.get(this.file)!;
    size.bytes += bytes;
    size.firstWrittenMs ??= this.now();
    this.written = true;
    return this.sync(this.fd);
  }

  /**
   * Starts the next segment and hands over the current one, if it holds rows, once every write to
   * it is synced (the loader reads it from disk).
   */
  async seal(): Promise<SealedSegment | undefined> {
    if (!this.written) return undefined;
    const sealed = { file: this.file, kinds: this.kinds };
    const previous = this.fd;
    this.seq += 1;
    ({ file: this.file, fd: this.fd } = createSegment(this.dir, this.seq));
    this.sizes.set(this.file, { bytes: 0, firstWrittenMs: undefined });
    this.written = false;
    this.kinds = { hits: false, heartbeats: false, decisions: false };
    await this.closeWhenSynced(previous);
    return sealed;
  }

  /** Deletes a segment once its rows are in the store. */
  async discard(segment: SealedSegment): Promise<void> {
    await unlink(segment.file);
    this.sizes.delete(segment.file);
  }

  /** Closes the current segment, deleting it when it is empty. */
  async close(): Promise<void> {
    await this.closeWhenSynced(this.fd);
    if (!this.written) {
      await unlink(this.file);
      this.sizes.delete(this.file);
    }
  }

  private sync(fd: number): Promise<void> {
    const pending = this.syncs.get(fd) ?? new Set<Promise<void>>();
    this.syncs.set(fd, pending);
    const sync = new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    pending.add(sync);
    const forget = () => pending.delete(sync);
    sync.then(forget, forget);
    return sync;
  }

  private async closeWhenSynced(fd: number): Promise<void> {
    await Promise.allSettled(this.syncs.get(fd) ?? []);
    this.syncs.delete(fd);
    closeSync(fd);
  }
}

function createSegment(dir: string, seq: number): { file: string; fd: number } {
  const file = path.join(dir, `${String(seq).padStart(12, '0')}.ndjson`);
  const fd = openSync(file, 'a');
  // The new name must survive a crash too: sync the directory that holds it.
  const folder = openSync(dir, 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
  return { file, fd };
}
