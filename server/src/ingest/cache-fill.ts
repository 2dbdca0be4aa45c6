/**
 * How full one of the collector's bounded caches is (memory-budget.ts sizes them). A cache grows
 * to its capacity and stays there: until then the process's memory grows with it, which is a
 * warm-up, not a leak (bench:soak ends its warm-up when they have stopped growing).
 */
export interface CacheFill {
  entries: number;
  capacity: number;
}

/** The collector's caches by the name the metrics give them (`mesura_cache_entries{cache}`). */
export type CacheName = 'recent_beacon_ids' | 'recent_heartbeat_ids' | 'visitor_rates';
