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
import {
  CLICKHOUSE_SESSION_VISITOR_KEY,
  FIGURES_CLICKHOUSE,
  GROUP_KEY,
  GROUP_KEY_CLICKHOUSE,
  SESSION_FIGURES,
  SESSION_FIGURES_CLICKHOUSE,
  SUM_FIGURES,
  VISITORS_FIGURE,
} from './media-session-figures.js';
import { mediaCellRankingDuckdb } from './media-cell-figures.js';

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

/**
 * The ClickHouse text of mediaSessionRankingQuery(grouping, order, filters, restricted): one page
 * of groups (`$limit`, `$offset`; with `restricted`, only the groups in `$keys`), most `order`
 * first, then the total over the range with `total_rows`, the number of groups in all. Without
 * named subqueries on 18.16, the sessions are derived twice (the groups, the total) rather than
 * three times: every group counts its distinct visitors, which over a group's sessions costs little
 * beside deriving them; the page is cut after.
 */
export function mediaSessionRankingClickHouse(grouping: MediaRankingGrouping, order: MediaRankingOrder, filters: string, restricted: boolean): string {
  const { key, label } = GROUP_KEY_CLICKHOUSE[grouping];
  const chosen = `(SELECT *, ${key} AS group_key, ${CLICKHOUSE_SESSION_VISITOR_KEY} FROM (${SESSION_FIGURES_CLICKHOUSE}) session_figures WHERE is_bot = 0 ${filters}) chosen`;
  const only = restricted ? 'WHERE has($keys:strings, group_key)' : '';
  const computed = Object.entries(FIGURES_CLICKHOUSE)
    .map(([name, sql]) => `${sql} AS figure_${name}`)
    .join(', ');
  const named = Object.keys(FIGURES_CLICKHOUSE)
    .map((name) => `figure_${name} AS ${name}`)
    .join(', ');
  const groups = `SELECT toNullable(group_key) AS key, CAST(${label} AS Nullable(String)) AS label, ${computed}, CAST(NULL AS Nullable(UInt64)) AS total_rows
    FROM ${chosen} ${only} GROUP BY group_key`;
  const groupCount = restricted ? 'uniqExactIf(group_key, has($keys:strings, group_key))' : 'uniqExact(group_key)';
  const total = `SELECT CAST(NULL AS Nullable(String)) AS key, CAST(NULL AS Nullable(String)) AS label, ${computed}, toNullable(${groupCount}) AS total_rows
    FROM ${chosen}`;
  return `SELECT key, label, ${named}, total_rows FROM (
      SELECT * FROM (${groups}) ORDER BY figure_${order} DESC, key LIMIT $limit OFFSET $offset
      UNION ALL
      ${total}
    ) ranked
    ORDER BY isNull(key), ${order} DESC, key`;
}

/**
 * The distinct visitors of the groups whose keys are in $keys, together (one row, `visitors`): the
 * groups the minimum cohort hides, to know whether they may show as one row of others
 * (reports/hidden-rows.ts). Counted anew over the sessions (never the groups' counts summed: one
 * visitor of two groups counts once), on DuckDB from the sessions even without filters, since the
 * cells keep no visitor across groups. Bound as mediaSessionRankingQuery, with `$keys`.
 */
export function mediaSessionUnionVisitorsQuery(grouping: MediaRankingGrouping, filters: string): EngineQuery {
  const duckKey = GROUP_KEY[grouping].key;
  const clickhouseKey = GROUP_KEY_CLICKHOUSE[grouping].key;
  return {
    name: `media sessions by ${grouping}: others' visitors`,
    duckdb: `${SESSION_FIGURES}
    SELECT ${VISITORS_FIGURE} FROM session_figures
    WHERE is_bot = 0 ${filters} AND ${duckKey} IN (SELECT unnest(CAST(json($keys) AS VARCHAR[])))`,
    clickhouse: `SELECT ${FIGURES_CLICKHOUSE.visitors} AS visitors
    FROM (SELECT *, ${CLICKHOUSE_SESSION_VISITOR_KEY} FROM (${SESSION_FIGURES_CLICKHOUSE}) session_figures WHERE is_bot = 0 ${filters}) chosen
    WHERE has($keys:strings, ${clickhouseKey})`,
  };
}
