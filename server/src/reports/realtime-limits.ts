/** The real-time stream's cadence, windows and bounds (`GET /api/reports/realtime/stream`), each with its unit. */

/** How often a stream sends the last minutes anew. */
export const REALTIME_PUSH_INTERVAL_MS = 5000;
/**
 * A snapshot measured this recently is shared by every stream that asks (realtime-shared-measure.ts):
 * the store runs the real-time queries at most once per this however many streams are open.
 */
export const REALTIME_SNAPSHOT_REUSE_MS = 2000;
/** The page-views-per-minute series: this many minutes, the current one last. */
export const REALTIME_WINDOW_MINUTES = 30;
/** Active pages are ranked by their page views over this many last minutes. */
export const REALTIME_ACTIVE_PAGES_MINUTES = 5;
/** Active pages listed at most. */
export const REALTIME_ACTIVE_PAGES_MAX = 10;
/**
 * A live media session counts as a viewer (a listener, on radio) while it sent a heartbeat within
 * this many seconds: three of the §9 reporting interval (10 s), so one heartbeat lost or late does
 * not drop a viewer, and a closed tab leaves within half a minute.
 */
export const REALTIME_VIEWER_HEARTBEAT_WINDOW_S = 30;
/** Streams one user may hold open (a few tabs); past it 429. */
export const REALTIME_MAX_STREAMS_PER_USER = 4;
/** Streams open in all; past it 429. Each one runs three small queries every push interval. */
export const REALTIME_MAX_STREAMS = 50;
