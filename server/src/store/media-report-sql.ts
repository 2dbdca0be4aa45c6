import type { MediaDimension, MediaReportQuery, MediaSessionsQuery } from './media-store.js';
import { sessionFiguresSql, type SqlFunctions } from './media-sessions-sql.js';

/** The report's key per dimension: the content id, the programme ('' when unknown), the start day. */
const KEY_SQL: Record<MediaDimension, string> = {
  content: 'content_id',
  programme: "coalesce(programme, '')",
  day: 'day_text',
};

/**
 * The figures of MediaFigures over a group of session_figures rows, snake_case. Seconds become
 * minutes here and are rounded once, after the sum.
 */
const FIGURES_SQL = `
  count(*) AS sessions,
  coalesce(sum(starts), 0) AS starts,
  coalesce(round(sum(content_ms) / 60000.0, 3), 0) AS content_minutes,
  coalesce(round(sum(ad_ms) / 60000.0, 3), 0) AS ad_minutes,
  coalesce(sum(completes), 0) AS completes,
  CASE WHEN sum(starts) > 0 THEN round(CAST(sum(completes) AS DOUBLE) / sum(starts), 4) ELSE 0 END AS completion_rate,
  coalesce(sum(ad_breaks), 0) AS ad_breaks,
  coalesce(sum(ads_started), 0) AS ads_started,
  coalesce(sum(ads_completed), 0) AS ads_completed,
  coalesce(sum(chapters_started), 0) AS chapters_started,
  coalesce(sum(chapters_completed), 0) AS chapters_completed,
  round(avg(startup_time_ms)) AS avg_startup_time_ms,
  CASE WHEN sum(bitrate_ms) > 0 THEN round(sum(bitrate_weighted) / sum(bitrate_ms)) END AS avg_bitrate,
  coalesce(sum(dropped_frames), 0) AS dropped_frames,
  coalesce(round(sum(rebuffer_ms) / 1000.0, 3), 0) AS buffering_seconds,
  CASE WHEN sum(rebuffer_ms) + sum(content_ms) > 0
    THEN round(CAST(sum(rebuffer_ms) AS DOUBLE) / (sum(rebuffer_ms) + sum(content_ms)), 4) ELSE 0 END AS rebuffer_ratio,
  coalesce(sum(errors), 0) AS errors,
  coalesce(sum(exit_before_start), 0) AS exits_before_start,
  coalesce(sum(start_failure), 0) AS start_failures`;

/** One row per key, and the total over the range (`is_total` 1), in one pass over the sessions. */
export function mediaReportSql(query: MediaReportQuery, fn: SqlFunctions): string {
  const order = query.by === 'day' ? 'key' : 'sessions DESC, key';
  return `${sessionFiguresSql(query, fn)}
    SELECT key, grouping(key) AS is_total, ${FIGURES_SQL}
    FROM (SELECT *, ${KEY_SQL[query.by]} AS key FROM session_figures ${botFilter(query.includeBots)}) grouped
    GROUP BY GROUPING SETS ((key), ())
    ORDER BY is_total, ${order}`;
}

/** The sessions themselves, earliest start first. */
export function mediaSessionsSql(query: MediaSessionsQuery, fn: SqlFunctions): string {
  return `${sessionFiguresSql(query, fn)}
    SELECT *, CASE WHEN rebuffer_ms + content_ms > 0
      THEN round(CAST(rebuffer_ms AS DOUBLE) / (rebuffer_ms + content_ms), 4) ELSE 0 END AS rebuffer_ratio
    FROM session_figures ${botFilter(query.includeBots)}
    ORDER BY coalesce(started_ms, last_ts_ms), session_id
    LIMIT ${Math.trunc(query.limit)}`;
}

function botFilter(includeBots: boolean): string {
  return includeBots ? '' : 'WHERE is_bot = 0';
}
