import { MEDIA_FIGURES_SQL } from './media-figures.js';
import type { MediaDimension, MediaReportQuery, MediaSessionsQuery } from './media-store.js';
import { sessionFiguresSql, type SqlFunctions } from './media-sessions-sql.js';

/** The report's key per dimension: the content id, the programme ('' when unknown), the start day; the same text on both engines. */
export const KEY_SQL: Record<MediaDimension, string> = {
  content: 'content_id',
  programme: "coalesce(programme, '')",
  day: 'day_text',
};

/** One row per key, and the total over the range (`is_total` 1), in one pass over the sessions. */
export function mediaReportSql(query: MediaReportQuery, fn: SqlFunctions): string {
  const order = query.by === 'day' ? 'key' : 'sessions DESC, key';
  return `${sessionFiguresSql(query, fn)}
    SELECT key, grouping(key) AS is_total, ${MEDIA_FIGURES_SQL}
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
