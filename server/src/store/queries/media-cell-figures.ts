/**
 * The DuckDB texts of the unfiltered media session reports (media-session-figures.ts,
 * media-session-ranking.ts), read from the media cells (store/duckdb/media-cells.ts): the same
 * rows and figures as the sessions give, summed over a cell per day and key instead of a row per
 * session. Distinct visitors come from the cells' sketches (visitor-sketch.ts): exact below
 * CELL_SKETCH_KEYS, so the minimum cohort stays exact, estimated above it. The exits before the
 * start of sessions that have gone idle depend on the report's clock and are counted from the
 * sessions (IDLE_EXITS). Bound: `$suite`, `$from`, `$to`, `$idle_before_ms`, and for a ranking
 * `$limit`, `$offset` and `$keys`.
 */
import { MEDIA_CELL_KEYS, MEDIA_CELLS_TABLE, NEVER_PLAYED } from '../duckdb/media-cells.js';
import { MEDIA_SESSIONS_TABLE } from '../duckdb/media-sessions-table.js';
import type { MediaGrouping, MediaRankingGrouping, MediaRankingOrder } from './media-grouping.js';
import { PLAY_AND_AD_SUMS } from './media-play-sums.js';
import { sketchVisitorsSql } from './visitor-sketch.js';

/** media-session-figures.ts SUM_FIGURES over cells; the exits before the start still lack the idle ones. */
const CELL_FIGURES = `${PLAY_AND_AD_SUMS},
  CAST(sum(startup_ms) AS DOUBLE) / nullif(sum(startups), 0) AS startup_time_ms,
  CAST(sum(rebuffer_ms) AS DOUBLE) / nullif(sum(rebuffer_ms) + sum(content_ms), 0) AS rebuffer_ratio,
  sum(ended_exits) AS exits_before_start,
  sum(start_failures) AS start_failures,
  sum(bitrate_weighted) / nullif(sum(bitrate_ms), 0) AS bitrate`;

const IN_RANGE = 'report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND is_bot = 0';

const DAY_TEXT = "strftime(day, '%Y-%m-%d')";

/** A grouping's cells and its key over them, and the same key over a session row. */
function keyed(grouping: MediaGrouping): { dimension: string; cellKey: string; sessionKey: string } {
  if (grouping === 'day') return { dimension: 'all', cellKey: DAY_TEXT, sessionKey: DAY_TEXT };
  return { dimension: grouping, cellKey: 'value', sessionKey: MEDIA_CELL_KEYS[grouping] };
}

/**
 * `idle`: per key (`whole` 0) and over the range (`whole` 1), the sessions that never played nor
 * failed and ended neither by completing nor by closing, idle by `$idle_before_ms`.
 */
function idleExits(sessionKey: string): string {
  return `idle AS (
      SELECT CASE WHEN grouping(k) = 0 THEN k END AS key, grouping(k) AS whole, count(*) AS exits
      FROM (SELECT ${sessionKey} AS k FROM ${MEDIA_SESSIONS_TABLE}
        WHERE ${IN_RANGE} AND ${NEVER_PLAYED} AND completed_ms IS NULL AND end_ms IS NULL AND last_received_ms <= CAST($idle_before_ms AS BIGINT))
      GROUP BY GROUPING SETS ((k), ()))`;
}

const ALL_CELLS = `${IN_RANGE} AND dimension = 'all'`;

/** mediaSessionFiguresQuery's DuckDB text without filters: a row per key, ordered, and the total (key null) last. */
export function mediaCellFiguresDuckdb(grouping: MediaGrouping): string {
  const { dimension, cellKey, sessionKey } = keyed(grouping);
  const cells = `${IN_RANGE} AND dimension = '${dimension}'`;
  return `WITH ${idleExits(sessionKey)},
    groups AS (
      SELECT CASE WHEN grouping(k) = 0 THEN k END AS key, grouping(k) AS whole, CASE WHEN grouping(k) = 0 THEN max(label) END AS label,
        sum(sessions) AS sessions, ${CELL_FIGURES}
      FROM (SELECT *, ${cellKey} AS k FROM ${MEDIA_CELLS_TABLE} WHERE ${cells}) c
      GROUP BY GROUPING SETS ((k), ())),
    key_visitors AS (${sketchVisitorsSql(MEDIA_CELLS_TABLE, cells, cellKey)}),
    total_visitors AS (${sketchVisitorsSql(MEDIA_CELLS_TABLE, ALL_CELLS)})
    SELECT g.key, g.label, CASE WHEN g.whole = 1 THEN coalesce((SELECT visitors FROM total_visitors), 0) ELSE coalesce(v.visitors, 0) END AS visitors,
      g.* EXCLUDE (key, whole, label, sessions) REPLACE (g.exits_before_start + coalesce(i.exits, 0) AS exits_before_start)
    FROM groups g
    LEFT JOIN key_visitors v ON v.row_key = g.key
    LEFT JOIN idle i ON i.whole = g.whole AND i.key IS NOT DISTINCT FROM g.key
    WHERE g.whole = 1 OR g.sessions <> 0
    ORDER BY g.key NULLS LAST`;
}

/** mediaSessionRankingQuery's DuckDB text without filters: the page's groups, then the range's total with how many groups there are. */
export function mediaCellRankingDuckdb(grouping: MediaRankingGrouping, order: MediaRankingOrder, restricted: boolean): string {
  const { dimension, sessionKey } = keyed(grouping);
  const cells = `${IN_RANGE} AND dimension = '${dimension}'`;
  const only = restricted ? 'AND value IN (SELECT unnest(CAST(json($keys) AS VARCHAR[])))' : '';
  return `WITH ${idleExits(sessionKey)},
    grouped AS (
      SELECT value AS group_key, max(label) AS label, ${CELL_FIGURES}
      FROM ${MEDIA_CELLS_TABLE} WHERE ${cells} ${only} GROUP BY value HAVING sum(sessions) <> 0),
    page AS (SELECT * FROM grouped ORDER BY ${order} DESC, group_key LIMIT CAST($limit AS BIGINT) OFFSET CAST($offset AS BIGINT)),
    page_visitors AS (${sketchVisitorsSql(MEDIA_CELLS_TABLE, `${cells} AND value IN (SELECT group_key FROM page)`, 'value')}),
    total AS (SELECT ${CELL_FIGURES} FROM ${MEDIA_CELLS_TABLE} WHERE ${ALL_CELLS}),
    total_visitors AS (${sketchVisitorsSql(MEDIA_CELLS_TABLE, ALL_CELLS)})
    SELECT * FROM (
      SELECT p.group_key AS key, p.label, coalesce(v.visitors, 0) AS visitors,
        p.* EXCLUDE (group_key, label) REPLACE (p.exits_before_start + coalesce(i.exits, 0) AS exits_before_start), NULL AS total_rows
      FROM page p LEFT JOIN page_visitors v ON v.row_key = p.group_key LEFT JOIN idle i ON i.whole = 0 AND i.key = p.group_key
      UNION ALL
      SELECT NULL, NULL, coalesce((SELECT visitors FROM total_visitors), 0),
        t.* REPLACE (t.exits_before_start + coalesce((SELECT exits FROM idle WHERE whole = 1), 0) AS exits_before_start),
        (SELECT count(*) FROM grouped)
      FROM total t
    ) ranked ORDER BY key IS NULL, ${order} DESC, key`;
}
