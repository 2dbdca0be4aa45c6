/**
 * Report reads answered again from memory while the embedded store has not changed. The console
 * asks the same reports again and again (an analyst going back and forth, a dashboard several
 * people open, a report asked again for its comparison), and each ask scanned its report tables
 * again on the two cores the segment loads also use: under 300 beacons/s a funnel or goal took
 * several times its time read alone (docs/capacity.md "What a report waits on").
 *
 * A read's rows are kept under its SQL text and bound values (the report, its range, filters,
 * segment and the goals or steps it names are all in them) for the store's generation, which each
 * write the store makes moves on: a load's commit, a kept match, retention, an erasure, any
 * statement that is not a query. So an answer from memory is the one the store would give now,
 * and between two loads (LOAD_INTERVAL_MS) the same ask reads the tables once. Each answer is also
 * kept no longer than `maxAgeMs`, the reports' freshness bound (MESURA_REPORT_MAX_LAG_MS), should a
 * write reach the file some other way. Two asks of the same read at once share its one query.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ResultRow, SqlValue } from '../analytics-reader.js';

/** Memory the kept answers may take in all (their JSON's UTF-16 size): a few hundred report answers. */
export const READ_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** A larger answer (an export-sized read) is not kept. */
export const READ_CACHE_MAX_ENTRY_BYTES = 1024 * 1024;
const UTF16_BYTES_PER_CHAR = 2;

/** A statement that only reads: its rows may be kept; anything else changes the store. */
const QUERY = /^\s*(SELECT|WITH|FROM|\()/i;

export interface ReadCacheOptions {
  /** How long an answer is kept at most (ms); 0 keeps none. */
  maxAgeMs: number;
  /** Default READ_CACHE_MAX_BYTES. */
  maxBytes?: number;
  /** The clock ages are read on (ms); default performance.now. */
  now?: () => number;
}

export class ReadCache {
  private generation = 0;
  private readonly kept: LRUCache<string, ResultRow[]> | undefined;
  /** Reads under way in this generation, by key: a second ask waits for the first one's rows. */
  private inFlight = new Map<string, Promise<ResultRow[]>>();

  constructor(options: ReadCacheOptions) {
    if (options.maxAgeMs <= 0) return;
    const maxSize = options.maxBytes ?? READ_CACHE_MAX_BYTES;
    this.kept = new LRUCache<string, ResultRow[]>({
      maxSize,
      maxEntrySize: Math.min(maxSize, READ_CACHE_MAX_ENTRY_BYTES),
      sizeCalculation: (rows) => Math.max(1, JSON.stringify(rows).length * UTF16_BYTES_PER_CHAR),
      ttl: options.maxAgeMs,
      // Every age read on the clock itself, not on a value it keeps for a millisecond.
      ttlResolution: 0,
      perf: { now: options.now ?? (() => performance.now()) },
    });
  }

  /** Everything kept is forgotten: the store changed. */
  changed(): void {
    this.generation += 1;
    this.kept?.clear();
    this.inFlight = new Map();
  }

  /**
   * The rows of `sql` with `values`: kept ones when the store has not changed since they were
   * read, else read by `run`. A statement that is not a query runs, and the store has changed.
   */
  async read(sql: string, values: Readonly<Record<string, SqlValue>>, run: () => Promise<ResultRow[]>): Promise<ResultRow[]> {
    if (!QUERY.test(sql)) {
      try {
        return await run();
      } finally {
        this.changed();
      }
    }
    if (this.kept === undefined) return run();
    const key = keyOf(sql, values);
    // Each asker gets rows of its own: a report may change the rows it was given.
    const known = this.kept.get(key) ?? this.inFlight.get(key);
    if (known !== undefined) return structuredClone(await known);
    const generation = this.generation;
    const inFlight = this.inFlight;
    const reading = run();
    inFlight.set(key, reading);
    try {
      const rows = await reading;
      // Read before a change that came while it ran: it may hold the store as it was.
      if (generation === this.generation) this.kept.set(key, rows);
      return structuredClone(rows);
    } finally {
      inFlight.delete(key);
    }
  }
}

function keyOf(sql: string, values: Readonly<Record<string, SqlValue>>): string {
  const names = Object.keys(values).sort();
  return createHash('sha256')
    .update(sql)
    .update('\u0000')
    .update(JSON.stringify(names.map((name) => [name, values[name]])))
    .digest('base64');
}
