/**
 * The daily retention run: deletes raw rows older than the retention period, once when the server
 * starts and then every RETENTION_INTERVAL_MS. The timer is unref'd (it never keeps the process
 * alive) and stopped on close; the clock and the timers are injected so that tests drive both.
 */
import type { LocalDay } from '../local-day.js';
import type { RetentionCutoff, RetentionResult, RetentionStore } from '../store/retention-store.js';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The timer functions the job uses; the globals by default. */
export interface RetentionTimers {
  setInterval(run: () => void, ms: number): { unref?(): unknown };
  clearInterval(handle: unknown): void;
}

export interface RetentionJobOptions {
  store: RetentionStore;
  retentionDays: number;
  now: () => number;
  localDay: LocalDay;
  /** Loads acknowledged rows first, so that an old row still in the ingest log goes too. */
  catchUp: () => Promise<void>;
  onDone: (result: RetentionResult, cutoff: RetentionCutoff) => void;
  onError: (error: unknown) => void;
  timers?: RetentionTimers;
}

/** Rows of days before the returned day, and decisions before its instant, are past retention. */
export function retentionCutoff(nowMs: number, retentionDays: number, localDay: LocalDay): RetentionCutoff {
  const atMs = nowMs - retentionDays * DAY_MS;
  return { day: localDay(atMs), atMs };
}

export interface RetentionJob {
  /** Runs now (after any run in progress); resolves with what it deleted, undefined on error. */
  runNow(): Promise<RetentionResult | undefined>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startRetentionJob(options: RetentionJobOptions): RetentionJob {
  const timers = options.timers ?? { setInterval, clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout) };
  let last: Promise<RetentionResult | undefined> = Promise.resolve(undefined);
  const runNow = () => (last = last.then(() => runOnce(options)));
  const handle = timers.setInterval(() => void runNow(), RETENTION_INTERVAL_MS);
  handle.unref?.();
  void runNow();
  return {
    runNow,
    async stop() {
      timers.clearInterval(handle);
      await last;
    },
  };
}

async function runOnce(options: RetentionJobOptions): Promise<RetentionResult | undefined> {
  try {
    await options.catchUp();
    const cutoff = retentionCutoff(options.now(), options.retentionDays, options.localDay);
    const result = await options.store.deleteBefore(cutoff);
    options.onDone(result, cutoff);
    return result;
  } catch (error) {
    options.onError(error);
    return undefined;
  }
}
