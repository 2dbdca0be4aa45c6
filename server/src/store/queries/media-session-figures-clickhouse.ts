/**
 * The ClickHouse texts of media-session-figures.ts and media-session-ranking.ts: media sessions
 * summed per group and over the range, each group's distinct visitors, bots left out, the same
 * columns and values. The sessions of closed days are read from the session roll-up, the later
 * ones derived from the heartbeats as the report reads (store/clickhouse/clickhouse-media-sessions-sql.ts).
 * Bound: `$suite`, `$from`, `$to`, `$idle_before_ms`, the filters' `$f_*` (media-session-figures.ts
 * MEDIA_FILTER_COLUMNS: programme, channel, device), and the roll-up's `$sessions_…`, which the
 * report reader works out (day-rollup-reads.ts).
 */
import { mediaTables, sessionFiguresClickHouse } from '../clickhouse/clickhouse-media-sessions-sql.js';
import { placeholderBounds } from '../clickhouse/day-rollup.js';
import { SESSION_ROLLUP_TABLES } from '../clickhouse/session-rollup-table.js';
import { MEDIA_SESSION_COUNTERS } from '../media-session-counters.js';
import { distinctCount, groupsWithTotalClickHouse, overRows } from './media-clickhouse-groups.js';
import type { MediaGrouping, MediaRankingGrouping, MediaRankingOrder } from './media-grouping.js';

/** Each grouping's key ('' for sessions that lack it), as media-session-figures.ts GROUP_KEY; only a content has a label. */
const GROUP_KEY: Record<MediaGrouping, { key: string; label: string }> = {
  day: { key: 'day_text', label: 'NULL' },
  content: { key: 'content_id', label: 'max(content_name)' },
  programme: { key: "coalesce(programme, '')", label: 'NULL' },
  season: { key: "concat(coalesce(programme, ''), '/', coalesce(season, ''))", label: 'NULL' },
  channel: { key: "coalesce(channel, '')", label: 'NULL' },
};

/** media-session-figures.ts VISITORS_FIGURE and SUM_FIGURES, written so that the total over no sessions is NULL where DuckDB's is. */
const FIGURES: Record<string, string> = {
  visitors: distinctCount('visitor_id'),
  plays: overRows('sum(starts)'),
  seconds_played: overRows('sum(content_ms) / 1000.0'),
  seconds_per_play: 'sum(content_ms) / 1000.0 / nullIf(sum(starts), 0)',
  completion_rate: 'sum(completes) / nullIf(sum(starts), 0)',
  completes: overRows('sum(completes)'),
  ...Object.fromEntries(MEDIA_SESSION_COUNTERS.map((c) => [c.column, overRows(`sum(${c.column})`)])),
  ad_completion_rate: 'sum(ads_completed) / nullIf(sum(ads_started), 0)',
  ad_seconds: overRows('sum(ad_ms) / 1000.0'),
  startup_time_ms: overRows('avg(startup_time_ms)'),
  rebuffer_ratio: 'sum(rebuffer_ms) / nullIf(sum(rebuffer_ms) + sum(content_ms), 0)',
  exits_before_start: overRows('sum(exit_before_start)'),
  start_failures: overRows('sum(start_failure)'),
  bitrate: 'sum(bitrate_weighted) / nullIf(sum(bitrate_ms), 0)',
};

const { rolledTo, computedFrom, computedTo } = placeholderBounds(SESSION_ROLLUP_TABLES);
const SESSION_FIGURES = sessionFiguresClickHouse(
  mediaTables(),
  { suite: '$suite', from: 'toDate($from)', to: 'toDate($to)', idleBeforeMs: '$idle_before_ms', rolledTo, computedFrom, computedTo },
  { mediaType: false },
);

/** The ClickHouse text of mediaSessionFiguresQuery(grouping, filters), ordered by key, the total last. */
export function mediaSessionFiguresClickHouse(grouping: MediaGrouping, filters: string): string {
  const { key, label } = GROUP_KEY[grouping];
  const grouped = groupsWithTotalClickHouse({
    source: `SELECT *, ${key} AS group_key FROM (${SESSION_FIGURES}) session_figures WHERE is_bot = 0 ${filters}`,
    figures: FIGURES,
    label,
  });
  return `${grouped} ORDER BY key`;
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
  const { key, label } = GROUP_KEY[grouping];
  const chosen = `(SELECT *, ${key} AS group_key FROM (${SESSION_FIGURES}) session_figures WHERE is_bot = 0 ${filters}) chosen`;
  const only = restricted ? 'WHERE has($keys:strings, group_key)' : '';
  const computed = Object.entries(FIGURES)
    .map(([name, sql]) => `${sql} AS figure_${name}`)
    .join(', ');
  const named = Object.keys(FIGURES)
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
