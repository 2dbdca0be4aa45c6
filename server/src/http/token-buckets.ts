/**
 * Token buckets per key (an address, a visitor id), each refilled at `ratePerS` up to `burst`.
 * Bounded: at most `maxEntries` keys, the least recently seen forgotten first (a forgotten key
 * starts again with a full bucket, which only ever favours the client). Time is the caller's
 * (an injected clock, or a request's receive time), so that tests run on fake time. Written here rather than taken from a rate-limit package because
 * the collector needs a synchronous check on its hot path, bounded memory without a timer per
 * key, and an injected clock; the rule itself is these few lines. The bound is lru-cache's: a Map
 * that deletes its first key when full steps over every deleted entry V8 has not yet rehashed away,
 * tens of microseconds a request once the table is full (see ingest/recent-event-ids.ts).
 */
import { LRUCache } from 'lru-cache';

export interface TokenBucketOptions {
  ratePerS: number;
  burst: number;
  maxEntries: number;
}

interface Bucket {
  tokens: number;
  atMs: number;
}

export class TokenBuckets {
  private readonly buckets: LRUCache<string, Bucket>;

  constructor(private readonly options: TokenBucketOptions) {
    this.buckets = new LRUCache({ max: options.maxEntries });
  }

  /** Takes one token for `key` at `atMs`: true when it had one (the request is within its rate). */
  take(key: string, atMs: number): boolean {
    const { ratePerS, burst } = this.options;
    // get() makes a known key the most recent already: its bucket is refilled where it is, with no
    // new object and no second lookup to store it again (two buckets a beacon: address and visitor).
    let bucket = this.buckets.get(key);
    if (bucket) {
      bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, atMs - bucket.atMs) / 1000) * ratePerS);
      bucket.atMs = atMs;
    } else {
      bucket = { tokens: burst, atMs };
      this.buckets.set(key, bucket);
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return allowed;
  }

  /** Whole seconds until `key` has a token again (at least 1), for Retry-After. */
  secondsUntilToken(key: string): number {
    const bucket = this.buckets.peek(key);
    const missing = bucket ? Math.max(0, 1 - bucket.tokens) : 0;
    return Math.max(1, Math.ceil(missing / this.options.ratePerS));
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Keys it holds at most. */
  get capacity(): number {
    return this.options.maxEntries;
  }
}
