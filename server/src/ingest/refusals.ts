/**
 * Refusal counts: hits the collector answered (or refused) but did not store, counted per local
 * day, report suite and reason, so that analysts can see how much traffic a rule kept out.
 *
 * API: `refusals.count(reportSuite, reason, receivedAtMs, hits?)` from anywhere on the ingest path
 * (synchronous, memory only, never throws: it must not slow or fail the hit it is counting). The
 * counts are added to the store's `refused_hits` table (upsert: hits add up) every
 * REFUSALS_FLUSH_INTERVAL_MS, on `flush()` (reports call it, as they call the loader) and on
 * `close()`. A flush the store refuses keeps its counts for the next one. Reasons are short
 * kebab-case constants of the module that refuses (`visitor-rate`, `consent-purpose`,
 * `consent-vendor`, `consent-missing`...); the report suite must be one the collector accepts,
 * never a name taken unchecked from a request, so that the key space stays small.
 */
import type { LocalDay } from '../local-day.js';
import type { RefusalStore, RefusedHitsRow } from '../store/refusal-store.js';

/** How often counts in memory are added to the store. */
export const REFUSALS_FLUSH_INTERVAL_MS = 5000;
/** Distinct (day, suite, reason) keys held between flushes; further keys are dropped, never stored as new rows. */
export const MAX_PENDING_REFUSAL_KEYS = 10_000;
/** A reason is a short kebab-case word: it is a table value and a report row, not free text. */
const REASON_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

export interface RefusalTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export interface RefusalCounts {
  /** Counts `hits` (default 1) hits of `reportSuite` refused for `reason`, on the local day of `atMs`. */
  count(reportSuite: string, reason: string, atMs: number, hits?: number): void;
  /** Adds every count held in memory to the store. */
  flush(): Promise<void>;
  /** Starts the periodic flush. */
  start(): void;
  /** Stops the periodic flush and flushes once more. */
  close(): Promise<void>;
}

export interface RefusalCountsOptions {
  store: RefusalStore;
  localDay: LocalDay;
  onFlushError: (error: unknown) => void;
  timers?: RefusalTimers;
  /** Told of each count as it is made (the metrics' events not stored, by reason). Default none. */
  onCount?: (reason: string, hits: number) => void;
}

const KEY_SEPARATOR = '\u0000';

export function createRefusalCounts(options: RefusalCountsOptions): RefusalCounts {
  const { store, localDay, onFlushError } = options;
  const timers = options.timers ?? { setInterval, clearInterval: (h: unknown) => clearInterval(h as NodeJS.Timeout) };
  let pending = new Map<string, number>();
  let running: Promise<void> = Promise.resolve();
  let timer: unknown;

  const add = (key: string, hits: number) => {
    const held = pending.get(key);
    if (held === undefined && pending.size >= MAX_PENDING_REFUSAL_KEYS) return;
    pending.set(key, (held ?? 0) + hits);
  };

  const flushOnce = async () => {
    if (pending.size === 0) return;
    const taken = pending;
    pending = new Map();
    const rows: RefusedHitsRow[] = [...taken].map(([key, hits]) => {
      const [day = '', reportSuite = '', reason = ''] = key.split(KEY_SEPARATOR);
      return { day, reportSuite, reason, hits };
    });
    try {
      await store.addRefusedHits(rows);
    } catch (error) {
      for (const [key, hits] of taken) add(key, hits);
      throw error;
    }
  };

  const flush = () => {
    const next = running.then(flushOnce);
    running = next.catch(() => undefined);
    return next;
  };

  return {
    count(reportSuite, reason, atMs, hits = 1) {
      if (!REASON_PATTERN.test(reason) || !(hits > 0) || !Number.isSafeInteger(hits)) return;
      add([localDay(atMs), reportSuite, reason].join(KEY_SEPARATOR), hits);
      options.onCount?.(reason, hits);
    },
    flush,
    start() {
      const handle = timers.setInterval(() => void flush().catch(onFlushError), REFUSALS_FLUSH_INTERVAL_MS);
      (handle as { unref?: () => void }).unref?.();
      timer = handle;
    },
    async close() {
      if (timer !== undefined) timers.clearInterval(timer);
      await flush();
    },
  };
}
