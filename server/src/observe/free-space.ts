/**
 * Free space on the data folder's disk, read every FREE_SPACE_CHECK_INTERVAL_MS (one statfs, not
 * one per request), and the refusal of new events once it falls under MESURA_MIN_FREE_BYTES: an
 * event refused with 503 and Retry-After stays in the visitor's queue and comes back, where one
 * acknowledged and then lost to ENOSPC (the ingest log, DuckDB's WAL) is gone. Refusing before the
 * disk is full also leaves room for the loads, checkpoints and retention that free it again.
 */
import { statfs } from 'node:fs/promises';
import { ERRORS, HttpError } from '../http/errors.js';

/** How often the free space is read: a disk filling at 100 MB/s loses at most 200 MB between reads. */
export const FREE_SPACE_CHECK_INTERVAL_MS = 2000;
/** MESURA_MIN_FREE_BYTES's default: room for several minutes of a busy collector's log and a DuckDB checkpoint. */
export const MIN_FREE_BYTES_DEFAULT = 1024 ** 3;
/** What a client refused for a low disk is told to wait (Retry-After, seconds): an operator must act, so not at once. */
export const LOW_DISK_RETRY_AFTER_S = 30;

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

/** Reads the space of the disk holding `dir` (injected: tests fake a full disk). */
export type FreeSpaceReader = (dir: string) => Promise<DiskSpace>;

/** The space as an unprivileged process may use it (bavail, not bfree: root's reserve is not ours). */
export const statfsReader: FreeSpaceReader = async (dir) => {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
};

export interface FreeSpaceTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface FreeSpaceWatch {
  /** The last reading; undefined before the first one ends or while reading fails. */
  readonly space: DiskSpace | undefined;
  readonly minFreeBytes: number;
  /** Whether new events are refused now (the last reading is under minFreeBytes). */
  low(): boolean;
  /** Throws the 503 a low disk answers; cheap (no I/O): on the collectors' path. */
  check(): void;
  /** Reads now (the first reading is started by the watch itself). */
  refresh(): Promise<void>;
  close(): void;
}

export interface FreeSpaceOptions {
  dir: string;
  minFreeBytes: number;
  read?: FreeSpaceReader;
  timers?: FreeSpaceTimers;
  /** Told when a reading fails (the folder vanished, a permission). */
  onError?: (error: unknown) => void;
}

export function watchFreeSpace(options: FreeSpaceOptions): FreeSpaceWatch {
  const read = options.read ?? statfsReader;
  const timers = options.timers ?? { setInterval, clearInterval: (handle: unknown) => clearInterval(handle as NodeJS.Timeout) };
  const { minFreeBytes } = options;
  let space: DiskSpace | undefined;
  let reading: Promise<void> | undefined;
  const refresh = () =>
    (reading ??= read(options.dir)
      .then(
        (value) => {
          space = value;
        },
        (error: unknown) => {
          space = undefined;
          options.onError?.(error);
        },
      )
      .finally(() => {
        reading = undefined;
      }));
  const handle = timers.setInterval(() => void refresh(), FREE_SPACE_CHECK_INTERVAL_MS);
  (handle as { unref?: () => void }).unref?.();
  void refresh();
  const low = () => space !== undefined && space.freeBytes < minFreeBytes;
  return {
    get space() {
      return space;
    },
    minFreeBytes,
    low,
    check() {
      if (!low()) return;
      throw new HttpError(ERRORS.lowDisk, `the server's disk has less than ${minFreeBytes} bytes free; retry in ${LOW_DISK_RETRY_AFTER_S} s`, {
        'Retry-After': String(LOW_DISK_RETRY_AFTER_S),
      });
    },
    refresh,
    close: () => timers.clearInterval(handle),
  };
}
