/**
 * Token buckets per key (an address, a visitor id), each refilled at `ratePerS` up to `burst`.
 * Bounded: at most `maxEntries` keys, the least recently seen forgotten first (a forgotten key
 * starts again with a full bucket, which only ever favours the client). Time is the caller's
 * (an injected clock, or a request's receive time), so that tests run on fake time. Written here rather than taken from a rate-limit package because
 * the collector needs a synchronous check on its hot path, bounded memory without a timer per
 * key, and an injected clock; the rule itself is these few lines.
 */
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
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly options: TokenBucketOptions) {}

  /** Takes one token for `key` at `atMs`: true when it had one (the request is within its rate). */
  take(key: string, atMs: number): boolean {
    const { ratePerS, burst, maxEntries } = this.options;
    const known = this.buckets.get(key);
    let bucket: Bucket;
    if (known) {
      this.buckets.delete(key);
      const refill = (Math.max(0, atMs - known.atMs) / 1000) * ratePerS;
      bucket = { tokens: Math.min(burst, known.tokens + refill), atMs };
    } else {
      if (this.buckets.size >= maxEntries) this.buckets.delete(this.buckets.keys().next().value as string);
      bucket = { tokens: burst, atMs };
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return allowed;
  }

  /** Whole seconds until `key` has a token again (at least 1), for Retry-After. */
  secondsUntilToken(key: string): number {
    const bucket = this.buckets.get(key);
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
