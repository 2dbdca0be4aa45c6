/**
 * The daily retention run: deletes raw rows older than the retention period, once when the server
 * starts and then every RETENTION_INTERVAL_MS (periodic-job.ts); the clock and the timers are
 * injected so that tests drive both.
 */
import type { LocalDay } from '../local-day.js';
import { startPeriodicJob, type JobTimers, type PeriodicJob } from '../periodic-job.js';
import type { RetentionCutoff, RetentionResult, RetentionStore } from '../store/retention-store.js';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The timer functions the job uses (periodic-job.ts). */
export type RetentionTimers = JobTimers;

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

export type RetentionJob = PeriodicJob<RetentionResult | undefined>;

/** Runs at start, then every RETENTION_INTERVAL_MS (periodic-job.ts); runNow answers what it deleted, undefined on error. */
export function startRetentionJob(options: RetentionJobOptions): RetentionJob {
  return startPeriodicJob(() => runOnce(options), RETENTION_INTERVAL_MS, options.timers);
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
