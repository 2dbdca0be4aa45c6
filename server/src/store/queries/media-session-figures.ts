/**
 * Media sessions (store/media-sessions-sql.ts) summed per day, content, programme, season or
 * channel, and over the whole range (the grouping set `()`, whose key is null), with each group's
 * distinct visitors for the minimum cohort. Bots are left out. Bound: `$suite`, `$from`, `$to`,
 * `$idle_before_ms` and the filters' `$f_*`. The DuckDB text reads the sessions kept at load
 * (store/duckdb/media-sessions-table.ts), which answer as the query-time derivation does, or
 * without filters their cells per day and key (media-cell-figures.ts). The ClickHouse text reads
 * the sessions of closed days from the session roll-up and derives the later ones from the
 * heartbeats as it reads (store/clickhouse/clickhouse-media-sessions-sql.ts), with the same
 * columns and values.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { mediaTables, sessionFiguresClickHouse } from '../clickhouse/clickhouse-media-sessions-sql.js';
import { placeholderBounds } from '../clickhouse/day-rollup.js';
import { SESSION_ROLLUP_TABLES } from '../clickhouse/session-rollup-table.js';
import { MEDIA_SESSION_COUNTERS } from '../media-session-counters.js';
import { distinctCount, groupsWithTotalClickHouse, overRows } from './media-clickhouse-groups.js';
import { MEDIA_SESSIONS_TABLE } from '../duckdb/media-sessions-table.js';
import { DUCKDB_FUNCTIONS, sessionFiguresFrom } from '../media-sessions-sql.js';
import type { FilterColumns } from './filter-sql.js';
import { mediaCellFiguresDuckdb } from './media-cell-figures.js';
import { PLAY_AND_AD_SUMS } from './media-play-sums.js';
import type { MediaGrouping } from './media-grouping.js';

/** The session columns the filter dimensions and a segment (its visitors' keys) select on. */
export const MEDIA_FILTER_COLUMNS: FilterColumns = { programme: 'programme', channel: 'channel', device: 'device', visitor: 'visitor_key' };

/**
 * A ClickHouse session's visitor as the segments key visitors (segment-sql.ts reads hits' and
 * visits' `cityHash64(visitor_id)`); DuckDB's sessions keep their `visitor_key` from the load.
 */
export const CLICKHOUSE_SESSION_VISITOR_KEY = 'cityHash64(visitor_id) AS visitor_key';

/** Each grouping's key ('' for sessions that lack it); only a content has a name of its own to show. */
export const GROUP_KEY: Record<MediaGrouping, { key: string; label: string }> = {
  day: { key: 'day_text', label: 'NULL' },
  content: { key: 'content_id', label: 'max(content_name)' },
  programme: { key: "coalesce(programme, '')", label: 'NULL' },
  // A season number means something only within its programme: `programme/season`.
  season: { key: "coalesce(programme, '') || '/' || coalesce(season, '')", label: 'NULL' },
  channel: { key: "coalesce(channel, '')", label: 'NULL' },
};

/** A group's distinct visitors (exact: the minimum cohort reads them), by the 64-bit hash of their id the table keeps. */
export const VISITORS_FIGURE = 'count(DISTINCT visitor_key) AS visitors';

/** Every other figure the media reports show, per group: the report picks the ones it names. */
export const SUM_FIGURES = `${PLAY_AND_AD_SUMS},
  avg(startup_time_ms) AS startup_time_ms,
  CAST(sum(rebuffer_ms) AS DOUBLE) / nullif(sum(rebuffer_ms) + sum(content_ms), 0) AS rebuffer_ratio,
  sum(exit_before_start) AS exits_before_start,
  sum(start_failure) AS start_failures,
  sum(bitrate_weighted) / nullif(sum(bitrate_ms), 0) AS bitrate`;

/** GROUP_KEY on ClickHouse (concat for ||). */
export const GROUP_KEY_CLICKHOUSE: Record<MediaGrouping, { key: string; label: string }> = {
  day: { key: 'day_text', label: 'NULL' },
  content: { key: 'content_id', label: 'max(content_name)' },
  programme: { key: "coalesce(programme, '')", label: 'NULL' },
  season: { key: "concat(coalesce(programme, ''), '/', coalesce(season, ''))", label: 'NULL' },
  channel: { key: "coalesce(channel, '')", label: 'NULL' },
};

const FIGURES = `${VISITORS_FIGURE},
  ${SUM_FIGURES}`;

export const SESSION_FIGURES = sessionFiguresFrom(MEDIA_SESSIONS_TABLE, DUCKDB_FUNCTIONS);

/** VISITORS_FIGURE and SUM_FIGURES on ClickHouse, written so that the total over no sessions is NULL where DuckDB's is. */
export const FIGURES_CLICKHOUSE: Record<string, string> = {
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
export const SESSION_FIGURES_CLICKHOUSE = sessionFiguresClickHouse(
  mediaTables(),
  { suite: '$suite', from: 'toDate($from)', to: 'toDate($to)', idleBeforeMs: '$idle_before_ms', rolledTo, computedFrom, computedTo },
  { mediaType: false },
);

export function mediaSessionFiguresQuery(grouping: MediaGrouping, filters: string): EngineQuery {
  return {
    name: `media sessions by ${grouping}`,
    duckdb: filters.trim() === '' ? mediaCellFiguresDuckdb(grouping) : mediaSessionFiguresDuckdb(grouping, filters),
    clickhouse: mediaSessionFiguresClickHouse(grouping, filters),
  };
}

/** The DuckDB text over the sessions themselves: what a filtered report reads, and what the cells answer as. */
export function mediaSessionFiguresDuckdb(grouping: MediaGrouping, filters: string): string {
  const { key, label } = GROUP_KEY[grouping];
  return `${SESSION_FIGURES}
      SELECT CASE WHEN grouping(group_key) = 0 THEN group_key END AS key,
        CASE WHEN grouping(group_key) = 0 THEN ${label} END AS label, ${FIGURES}
      FROM (SELECT *, ${key} AS group_key FROM session_figures WHERE is_bot = 0 ${filters}) grouped
      GROUP BY GROUPING SETS ((group_key), ())
      ORDER BY key NULLS LAST`;
}

/** The ClickHouse text of mediaSessionFiguresQuery(grouping, filters), ordered by key, the total last. */
export function mediaSessionFiguresClickHouse(grouping: MediaGrouping, filters: string): string {
  const { key, label } = GROUP_KEY_CLICKHOUSE[grouping];
  const grouped = groupsWithTotalClickHouse({
    source: `SELECT *, ${key} AS group_key, ${CLICKHOUSE_SESSION_VISITOR_KEY} FROM (${SESSION_FIGURES_CLICKHOUSE}) session_figures WHERE is_bot = 0 ${filters}`,
    figures: FIGURES_CLICKHOUSE,
    label,
  });
  return `${grouped} ORDER BY key`;
}
