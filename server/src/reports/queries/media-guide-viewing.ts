/**
 * Live viewing attributed to the guide: each live play heartbeat counts for the broadcast on air
 * on its channel at its receive time, per channel and broadcast title (`channel|title`), and the
 * range's total (key null). Bound: `$suite`, `$from`, `$to`, the filters' `$f_*` and `$guide`, the
 * broadcasts as JSON `[{channel, title, start_ms, end_ms}]` (media-guide.ts). The DuckDB text.
 */
import type { EngineQuery } from '../../store/analytics-reader.js';
import { livePlaysDuckdb } from './media-live-plays.js';

const GUIDE = `(SELECT unnest(from_json($guide, '[{"channel":"VARCHAR","title":"VARCHAR","start_ms":"BIGINT","end_ms":"BIGINT"}]'), recursive := true)) guide`;

export function guideViewingQuery(filters: string): EngineQuery {
  return {
    name: 'media live viewing by guide broadcast',
    duckdb: `SELECT CASE WHEN grouping(broadcast) = 0 THEN broadcast END AS key,
        count(DISTINCT visitor_id) AS viewers, sum(counted_ms) / 1000.0 AS seconds_played,
        sum(counted_ms) / 1000.0 / count(DISTINCT visitor_id) AS seconds_per_viewer
      FROM (SELECT live_plays.visitor_id, live_plays.counted_ms, guide.channel || '|' || guide.title AS broadcast
        FROM ${livePlaysDuckdb(filters)}
        JOIN ${GUIDE} ON guide.channel = live_plays.channel
          AND epoch_ms(live_plays.received_at) >= guide.start_ms AND epoch_ms(live_plays.received_at) < guide.end_ms) attributed
      GROUP BY GROUPING SETS ((broadcast), ())`,
  };
}
