/**
 * Automated visitors are told apart by their visitor id, not their address (a whole city can sit
 * behind one carrier address): a visitor id sending hits faster than `maxHitsPerS`, sustained
 * beyond a burst of `burstHits`, is a robot. Its excess hits are answered as usual (2xx: the robot
 * learns nothing to adapt to) but not stored, and counted as refusals with VISITOR_RATE_REASON.
 */
import { TokenBuckets } from '../http/token-buckets.js';
import { MAX_TRACKED_VISITORS } from '../memory-budget.js';
import type { RefusalCounts } from './refusals.js';
import type { CacheFill } from './cache-fill.js';

/** MESURA_VISITOR_MAX_HITS_PER_S: sustained hits per second one visitor id may send. */
export const VISITOR_MAX_HITS_PER_S = 10;
/** MESURA_VISITOR_BURST_HITS: hits one visitor id may send at once above that rate (a fast reader's clicks, a retried queue). */
export const VISITOR_BURST_HITS = 60;
export const VISITOR_RATE_REASON = 'visitor-rate';

export interface VisitorRateLimits {
  maxHitsPerS: number;
  burstHits: number;
  /** Visitor ids whose rate is remembered at once (MESURA_MEMORY_MIB's share, memory-budget.ts). Default MAX_TRACKED_VISITORS. */
  trackedVisitors?: number;
}

/** What the intake needs of a row to limit it: its visitor and its suite. */
export interface RateLimitedRow {
  visitorId: string | null;
  reportSuite: string;
}

export interface VisitorRate {
  /**
   * Whether the rows of one beacon or heartbeat (one per report suite) may be stored: one hit of
   * their visitor's rate. When not, each row is counted as a refusal of its suite.
   */
  admit(rows: readonly RateLimitedRow[], atMs: number): boolean;
  /** Visitor ids whose rate is remembered now, and at most. */
  fill(): CacheFill;
}

export function createVisitorRate(limits: VisitorRateLimits, refusals: RefusalCounts): VisitorRate {
  const buckets = new TokenBuckets({ ratePerS: limits.maxHitsPerS, burst: limits.burstHits, maxEntries: limits.trackedVisitors ?? MAX_TRACKED_VISITORS });
  return {
    admit(rows, atMs) {
      const visitorId = rows[0]?.visitorId;
      if (!visitorId || buckets.take(visitorId, atMs)) return true;
      for (const row of rows) refusals.count(row.reportSuite, VISITOR_RATE_REASON, atMs);
      return false;
    },
    fill: () => ({ entries: buckets.size, capacity: buckets.capacity }),
  };
}
