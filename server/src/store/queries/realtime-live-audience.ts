/**
 * Live viewers per channel or station: media sessions of a live stream with a heartbeat since
 * `$since_ms` (epoch ms) that have not ended (no `complete` or `end` among those heartbeats), and
 * their distinct visitors for the minimum cohort. A live session's content id is the guide's
 * broadcast id, `{channel}-{start with its offset}` (@mesura/content guide.ts, the data layer's
 * `idSessioVideo` on the live pages), so the channel is what precedes the start. Bots are left out.
 */
import type { EngineQuery } from '../analytics-reader.js';

const BROADCAST_ID = `'^(.+)-[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$'`;

export const REALTIME_LIVE_AUDIENCE_QUERY: EngineQuery = {
  name: 'real-time live audience',
  duckdb: `SELECT regexp_extract(content_id, ${BROADCAST_ID}, 1) AS channel, count(*) AS viewers, count(DISTINCT viewer) AS visitors
    FROM (SELECT session_id, max(content_id) AS content_id, coalesce(max(visitor_id), session_id) AS viewer,
        bool_or(event_type IN ('complete', 'end')) AS ended
      FROM heartbeats WHERE report_suite = $suite AND NOT is_bot AND stream_type IN ('live', 'linear')
        AND received_at >= epoch_ms(CAST($since_ms AS BIGINT))
      GROUP BY session_id)
    WHERE NOT ended
    GROUP BY channel`,
  // live_content, not content_id: ClickHouse reads `max(content_id) AS content_id` as an aggregate in another.
  clickhouse: `SELECT extract(live_content, ${BROADCAST_ID}) AS channel, count() AS viewers, uniqExact(viewer) AS visitors
    FROM (SELECT session_id, max(content_id) AS live_content, coalesce(max(visitor_id), session_id) AS viewer,
        max(event_type IN ('complete', 'end')) AS ended
      FROM heartbeats WHERE report_suite = $suite AND NOT is_bot AND stream_type IN ('live', 'linear')
        AND received_at >= $since_ms
      GROUP BY session_id)
    WHERE NOT ended
    GROUP BY channel`,
};
