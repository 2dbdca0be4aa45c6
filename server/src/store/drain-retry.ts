/**
 * How patiently a collector moves its log into an events store that can be down (ClickHouse):
 * open-events-store.ts gives these to the loader (ingest/store-loader.ts), which backs off by them.
 */

/**
 * How often a collector moves sealed log segments into the store (ingest/store-loader.ts): the
 * delay before reports see an event. Named here, below the loader, because the retry waits by it.
 */
export const LOAD_INTERVAL_MS = 5000;

/**
 * A collector's first wait after a failed drain; each further failure doubles it. One tick of the
 * loader: a wait shorter than a tick would change nothing.
 */
export const DRAIN_RETRY_FIRST_MS = LOAD_INTERVAL_MS;
/** The longest wait between drain attempts while the events store stays down: the lag it adds once the store is back. */
export const DRAIN_RETRY_MAX_MS = 30_000;

/** How a collector on a remote store behaves when it fails; the embedded store uses none of it. */
export interface DrainRetry {
  /** Default DRAIN_RETRY_FIRST_MS. */
  firstMs: number;
  /** Default DRAIN_RETRY_MAX_MS. */
  maxMs: number;
}
