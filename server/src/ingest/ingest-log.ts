import { close, closeSync, fdatasync, fsync, ftruncateSync, mkdirSync, open, openSync, readdirSync, statSync, writeSync } from 'node:fs';
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

/**
 * Zeros written ahead of a segment's rows, so that an fdatasync finds the file's size and blocks
 * already on disk and flushes the rows alone: on ext4, a sync of a file that grew also commits the
 * journal, and took about half again as much of the machine (docs/capacity.md §4). Each extension
 * is as large as the rows written so far, within these bounds: a quiet log writes little ahead, a
 * busy one extends a few times a second. Node has no fallocate; its unwritten extents would need
 * the journal on the first write anyway.
 */
export const SEGMENT_EXTENT_MIN_BYTES = 16 * 1024;
export const SEGMENT_EXTENT_MAX_BYTES = 2 * 1024 * 1024;
const ZEROS = Buffer.alloc(SEGMENT_EXTENT_MAX_BYTES);

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
 * write) belongs to a batch that was never acknowledged; segment-batches.ts skips it. The rows are
 * followed by zeros written ahead (SEGMENT_EXTENT_MIN_BYTES), cut off when the segment is sealed;
 * a segment a crash left keeps them, and its readers stop at the first zero byte, which no row
 * holds (JSON escapes it). Every acknowledged row lies before it: each sync covers all the writes
 * made before it, and the zeros are only ever written past the last row.
 */
export class IngestLog {
  /** Whether the current segment holds any rows, and of which kinds. */
  private written = false;
  private kinds: SegmentKinds = { hits: false, heartbeats: false, decisions: false };
  /** Syncs under way per open file; a file is closed only after its syncs end. */
  private readonly syncs = new Map<number, Set<Promise<void>>>();
  /** Per open file, the sync of the folder that names it: its rows are durable once both are synced. */
  private readonly named = new Map<number, Promise<void>>();
  /** Every segment on disk, sealed or current, until it is discarded: the bytes not yet in the store. */
  private readonly sizes = new Map<string, SegmentSize>();
  /** Where the current segment's next row goes, and where the zeros written ahead of it end. */
  private position = 0;
  private allocated = 0;

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
    const files = readdirSync(dir)
      .filter((f) => SEGMENT_PATTERN.test(f))
      .sort();
    const leftover = files.map((f) => ({ file: path.join(dir, f) }));
    const lastSeq = files.length ? Number(SEGMENT_PATTERN.exec(files.at(-1)!)![1]) : 0;
    const { file, fd, named } = createSegment(dir, lastSeq + 1);
    const log = new IngestLog(dir, lastSeq + 1, file, fd, options.now ?? Date.now);
    log.named.set(fd, named);
    for (const segment of leftover) {
      const stat = statSync(segment.file);
      log.sizes.set(segment.file, { bytes: stat.size, firstWrittenMs: stat.mtimeMs });
    }
    return { log, leftover };
  }

  /**
   * Bytes of every segment on disk that the store does not hold yet (sealed, current, left over):
   * the rows, without the zeros written ahead of the current segment's (at most
   * SEGMENT_EXTENT_MAX_BYTES beyond its rows); a segment a crash left counts its zeros too.
   */
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
      text += `${JSON.stringify(row)}\n`;
      if (!('kind' in row)) this.kinds.hits = true;
      else if (row.kind === 'decision') this.kinds.decisions = true;
      else this.kinds.heartbeats = true;
    }
    const bytes = Buffer.from(text);
    try {
      this.makeRoom(bytes.length);
      writeAll(this.fd, bytes, this.position);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    this.position += bytes.length;
    const size = this.sizes.get(this.file)!;
    size.bytes += bytes.length;
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
    const length = this.position;
    this.seq += 1;
    const next = createSegment(this.dir, this.seq);
    ({ file: this.file, fd: this.fd } = next);
    this.named.set(next.fd, next.named);
    this.position = 0;
    this.allocated = 0;
    this.sizes.set(this.file, { bytes: 0, firstWrittenMs: undefined });
    this.written = false;
    this.kinds = { hits: false, heartbeats: false, decisions: false };
    await this.closeWhenSynced(previous, length);
    return sealed;
  }

  /** Deletes a segment once its rows are in the store. */
  async discard(segment: SealedSegment): Promise<void> {
    await unlink(segment.file);
    this.sizes.delete(segment.file);
  }

  /** Closes the current segment, deleting it when it is empty. */
  async close(): Promise<void> {
    await this.closeWhenSynced(this.fd, this.position);
    if (!this.written) {
      await unlink(this.file);
      this.sizes.delete(this.file);
    }
  }

  private sync(fd: number): Promise<void> {
    const pending = this.syncs.get(fd) ?? new Set<Promise<void>>();
    this.syncs.set(fd, pending);
    const written = new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    const sync = Promise.all([this.named.get(fd), written]).then(() => undefined);
    pending.add(sync);
    const forget = () => pending.delete(sync);
    sync.then(forget, forget);
    return sync;
  }

  /**
   * Writes zeros past the last row when `bytes` more would not fit: synchronously, before the rows,
   * so that the two writes reach the page cache in order and the zeros never cover a row.
   */
  private makeRoom(bytes: number): void {
    if (this.position + bytes <= this.allocated) return;
    const ahead = Math.min(SEGMENT_EXTENT_MAX_BYTES, Math.max(SEGMENT_EXTENT_MIN_BYTES, this.position));
    const end = this.position + bytes + ahead;
    for (let at = this.allocated; at < end; ) at += writeSync(this.fd, ZEROS, 0, Math.min(ZEROS.length, end - at), at);
    this.allocated = end;
  }

  /**
   * Closes `fd` once its syncs have ended, cutting off the zeros past its `length` bytes of rows.
   * A cut that fails leaves them, which its readers skip as they skip a crashed segment's, so it
   * does not hold back the segment's load.
   */
  private async closeWhenSynced(fd: number, length: number): Promise<void> {
    await Promise.allSettled([...(this.syncs.get(fd) ?? []), this.named.get(fd)]);
    this.syncs.delete(fd);
    this.named.delete(fd);
    try {
      ftruncateSync(fd, length);
    } catch {
      // The zeros stay; see above.
    }
    closeSync(fd);
  }
}

/** Writes all of `bytes` at `position` (a write to a file may take fewer). */
function writeAll(fd: number, bytes: Buffer, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/**
 * A new segment's file, and the sync of the folder that names it: the name must survive a crash
 * too. The folder's sync runs on libuv's threads, not this one: on ext4 it commits the journal,
 * which waits behind whatever else the disk is writing (a store's checkpoint of hundreds of MB),
 * and the event loop would wait with it. Its rows' syncs wait for it instead (`named`).
 */
function createSegment(dir: string, seq: number): { file: string; fd: number; named: Promise<void> } {
  const file = path.join(dir, `${String(seq).padStart(12, '0')}.ndjson`);
  // Not 'a': rows are written at their place, before the zeros written ahead of them.
  const fd = openSync(file, 'wx');
  const named = syncFolder(dir);
  // Awaited by the segment's row syncs, which report its failure; a segment sealed without rows awaits it settled.
  named.catch(() => undefined);
  return { file, fd, named };
}

function syncFolder(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    open(dir, 'r', (openError, folder) => {
      if (openError) return reject(openError);
      fsync(folder, (syncError) => close(folder, () => (syncError ? reject(syncError) : resolve())));
    });
  });
}
