import { close, closeSync, fdatasync, fsync, fsyncSync, ftruncate, mkdirSync, open, openSync, readdirSync, statSync, write } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
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
 *
 * Nothing here waits on the disk on the event loop: writes, syncs and the files of a new segment
 * all go through libuv's threads. A synchronous write to the page cache usually takes microseconds,
 * but while another writer flushed a few hundred MB (the store's checkpoint) it blocked for up to
 * 0.3 s, and the whole event loop with it. Writes and segment switches run one after another in the
 * order they were asked for (`queue`), so rows still reach the file in order and a segment is
 * switched only between writes.
 */
export class IngestLog {
  /** Whether the current segment holds any rows, and of which kinds. */
  private written = false;
  private kinds: SegmentKinds = { hits: false, heartbeats: false, decisions: false };
  /** Syncs under way per open file; a file is closed only after its syncs end. */
  private readonly syncs = new Map<number, Set<Promise<void>>>();
  /** Every segment on disk, sealed or current, until it is discarded: the bytes not yet in the store. */
  private readonly sizes = new Map<string, SegmentSize>();
  /** Where the current segment's next row goes, and where the zeros written ahead of it end. */
  private position = 0;
  private allocated = 0;
  /** The last write or segment switch asked for; the next one starts when it has ended. */
  private tail: Promise<unknown> = Promise.resolve();

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
    const { file, fd } = createSegmentAtOpen(dir, lastSeq + 1);
    const log = new IngestLog(dir, lastSeq + 1, file, fd, options.now ?? Date.now);
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
   * Resolves once the rows are on disk. The write waits for the writes asked for before it (which
   * keeps batches in order); its fdatasync does not hold the next write back, and a sync covers
   * every write made to its file before it.
   */
  append(rows: readonly LogRecord[]): Promise<void> {
    let text = '';
    const kinds: SegmentKinds = { hits: false, heartbeats: false, decisions: false };
    for (const row of rows) {
      text += JSON.stringify(row) + '\n';
      if (!('kind' in row)) kinds.hits = true;
      else if (row.kind === 'decision') kinds.decisions = true;
      else kinds.heartbeats = true;
    }
    const bytes = Buffer.from(text);
    // The step ends with the write, so that the next one starts while this one syncs.
    return this.queue(async () => ({ synced: await this.write(bytes, kinds) })).then(({ synced }) => synced);
  }

  /**
   * Starts the next segment and hands over the current one, if it holds rows, once every write to
   * it is synced (the loader reads it from disk).
   */
  async seal(): Promise<SealedSegment | undefined> {
    const switched = await this.queue(() => this.switchSegment());
    if (!switched) return undefined;
    await this.closeWhenSynced(switched.previous, switched.length);
    return switched.sealed;
  }

  /** Deletes a segment once its rows are in the store. */
  async discard(segment: SealedSegment): Promise<void> {
    await unlink(segment.file);
    this.sizes.delete(segment.file);
  }

  /** Closes the current segment, deleting it when it is empty. */
  async close(): Promise<void> {
    await this.queue(async () => undefined);
    await this.closeWhenSynced(this.fd, this.position);
    if (!this.written) {
      await unlink(this.file);
      this.sizes.delete(this.file);
    }
  }

  /** Runs `step` once every step asked for before it has ended, whatever their outcome. */
  private queue<T>(step: () => Promise<T>): Promise<T> {
    const run = this.tail.then(step);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Writes `bytes` after the current segment's rows; answers their sync, under way. */
  private async write(bytes: Buffer, kinds: SegmentKinds): Promise<Promise<void>> {
    await this.makeRoom(bytes.length);
    await writeAll(this.fd, bytes, this.position);
    this.position += bytes.length;
    const size = this.sizes.get(this.file)!;
    size.bytes += bytes.length;
    size.firstWrittenMs ??= this.now();
    this.written = true;
    this.kinds = {
      hits: this.kinds.hits || kinds.hits,
      heartbeats: this.kinds.heartbeats || kinds.heartbeats,
      decisions: this.kinds.decisions || kinds.decisions,
    };
    return this.sync(this.fd);
  }

  /** Opens the next segment when the current one holds rows; answers the current one and where its rows end. */
  private async switchSegment(): Promise<{ sealed: SealedSegment; previous: number; length: number } | undefined> {
    if (!this.written) return undefined;
    const next = await createSegment(this.dir, this.seq + 1);
    const switched = { sealed: { file: this.file, kinds: this.kinds }, previous: this.fd, length: this.position };
    this.seq += 1;
    ({ file: this.file, fd: this.fd } = next);
    this.position = 0;
    this.allocated = 0;
    this.sizes.set(this.file, { bytes: 0, firstWrittenMs: undefined });
    this.written = false;
    this.kinds = { hits: false, heartbeats: false, decisions: false };
    return switched;
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

  /**
   * Writes zeros past the last row when `bytes` more would not fit: before the rows, in the same
   * step, so that the zeros never cover a row.
   */
  private async makeRoom(bytes: number): Promise<void> {
    if (this.position + bytes <= this.allocated) return;
    const ahead = Math.min(SEGMENT_EXTENT_MAX_BYTES, Math.max(SEGMENT_EXTENT_MIN_BYTES, this.position));
    const end = this.position + bytes + ahead;
    for (let at = this.allocated; at < end; ) at += await writeAt(this.fd, ZEROS, 0, Math.min(ZEROS.length, end - at), at);
    this.allocated = end;
  }

  /**
   * Closes `fd` once its syncs have ended, cutting off the zeros past its `length` bytes of rows.
   * A cut that fails leaves them, which its readers skip as they skip a crashed segment's, so it
   * does not hold back the segment's load.
   */
  private async closeWhenSynced(fd: number, length: number): Promise<void> {
    await Promise.allSettled(this.syncs.get(fd) ?? []);
    this.syncs.delete(fd);
    // A cut that fails leaves the zeros; see above.
    await truncateAt(fd, length).catch(() => undefined);
    await closeFile(fd);
  }
}

/** Bytes written of `length` from `offset` of `buffer`, at `position` of the file. */
const writeAt = (fd: number, buffer: Buffer, offset: number, length: number, position: number) =>
  new Promise<number>((resolve, reject) => write(fd, buffer, offset, length, position, (error, written) => (error ? reject(error) : resolve(written))));
const truncateAt = promisify(ftruncate);
const closeFile = promisify(close);
const openFile = promisify(open);
const syncFile = promisify(fsync);

/** Writes all of `bytes` at `position` (a write to a file may take fewer). */
async function writeAll(fd: number, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) done += await writeAt(fd, bytes, done, bytes.length - done, position + done);
}

const segmentFile = (dir: string, seq: number) => path.join(dir, `${String(seq).padStart(12, '0')}.ndjson`);
/** Not 'a': rows are written at their place, before the zeros written ahead of them. */
const SEGMENT_FLAGS = 'wx';

/** A new segment; the directory that holds it is synced too, so that its name survives a crash. */
async function createSegment(dir: string, seq: number): Promise<{ file: string; fd: number }> {
  const file = segmentFile(dir, seq);
  const fd = await openFile(file, SEGMENT_FLAGS);
  const folder = await openFile(dir, 'r');
  try {
    await syncFile(folder);
  } finally {
    await closeFile(folder);
  }
  return { file, fd };
}

/** The same at open, before anything is written: the process is starting and nothing waits on it. */
function createSegmentAtOpen(dir: string, seq: number): { file: string; fd: number } {
  const file = segmentFile(dir, seq);
  const fd = openSync(file, SEGMENT_FLAGS);
  const folder = openSync(dir, 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
  return { file, fd };
}
