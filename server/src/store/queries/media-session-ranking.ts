/**
 * The media session rankings (by content, programme, season or channel): one page of groups, most
 * of the report's first figure first, and the total over the range. Summing every group is cheap;
 * counting distinct visitors is what costs, so only the page's groups count them (and the total
 * counts the range's). The rows are those of media-session-figures.ts, plus `total_rows` on the
 * total (key null): how many groups there are in all. With `restricted`, only the groups in $keys
 * (a compared period's rows, whatever their rank there). Without filters, DuckDB reads the media
 * cells (media-cell-figures.ts) instead of the sessions. Bound: `$suite`, `$from`, `$to`,
 * `$idle_before_ms`, `$limit`, `$offset`, `$keys` and the filters' `$f_*`.
 */
import type { EngineQuery } from '../analytics-reader.js';
import type { MediaRankingGrouping, MediaRankingOrder } from './media-grouping.js';
import { GROUP_KEY, SESSION_FIGURES, SUM_FIGURES, VISITORS_FIGURE } from './media-session-figures.js';
import { mediaCellRankingDuckdb } from './media-cell-figures.js';
import { mediaSessionRankingClickHouse } from './media-session-figures-clickhouse.js';

export function mediaSessionRankingQuery(grouping: MediaRankingGrouping, order: MediaRankingOrder, filters: string, restricted: boolean): EngineQuery {
  return {
    name: `media sessions ranked by ${grouping}`,
    duckdb: filters.trim() === '' ? mediaCellRankingDuckdb(grouping, order, restricted) : mediaSessionRankingDuckdb(grouping, order, filters, restricted),
    clickhouse: mediaSessionRankingClickHouse(grouping, order, filters, restricted),
  };
}

/** The DuckDB text over the sessions themselves: what a filtered ranking reads, and what the cells answer as. */
export function mediaSessionRankingDuckdb(grouping: MediaRankingGrouping, order: MediaRankingOrder, filters: string, restricted: boolean): string {
  const { key, label } = GROUP_KEY[grouping];
  const only = restricted ? 'WHERE group_key IN (SELECT unnest(CAST(json($keys) AS VARCHAR[])))' : '';
  // `chosen` is read three times (sums, the page's visitors, the total): made once.
  const duckdb = `${SESSION_FIGURES},
    chosen AS MATERIALIZED (SELECT *, ${key} AS group_key FROM session_figures WHERE is_bot = 0 ${filters}),
    grouped AS (SELECT group_key, ${label} AS label, ${SUM_FIGURES} FROM chosen ${only} GROUP BY group_key),
    page AS (SELECT * FROM grouped ORDER BY ${order} DESC, group_key LIMIT CAST($limit AS BIGINT) OFFSET CAST($offset AS BIGINT)),
    page_visitors AS (SELECT group_key, ${VISITORS_FIGURE} FROM chosen WHERE group_key IN (SELECT group_key FROM page) GROUP BY group_key)
    SELECT * FROM (
      SELECT p.group_key AS key, p.label, coalesce(v.visitors, 0) AS visitors, p.* EXCLUDE (group_key, label), NULL AS total_rows
      FROM page p LEFT JOIN page_visitors v USING (group_key)
      UNION ALL
      SELECT NULL, NULL, ${VISITORS_FIGURE}, ${SUM_FIGURES}, (SELECT count(*) FROM grouped) FROM chosen
    ) ranked ORDER BY key IS NULL, ${order} DESC, key`;
  return duckdb;
}
