/**
 * Media sessions (store/media-sessions-sql.ts) summed per day, content, programme, season or
 * channel, and over the whole range (the grouping set `()`, whose key is null), with each group's
 * distinct visitors for the minimum cohort. Bots are left out. Bound: `$suite`, `$from`, `$to`,
 * `$idle_before_ms` and the filters' `$f_*`. The DuckDB text reads the sessions kept at load
 * (store/duckdb/media-sessions-table.ts), which answer as the query-time derivation does, or
 * without filters their cells per day and key (media-cell-figures.ts); the ClickHouse text
 * (media-session-figures-clickhouse.ts) derives them from the heartbeats as it reads.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { MEDIA_SESSIONS_TABLE } from '../duckdb/media-sessions-table.js';
import { DUCKDB_FUNCTIONS, sessionFiguresFrom } from '../media-sessions-sql.js';
import type { FilterColumns } from './filter-sql.js';
import { mediaCellFiguresDuckdb } from './media-cell-figures.js';
import { PLAY_AND_AD_SUMS } from './media-play-sums.js';
import { mediaSessionFiguresClickHouse } from './media-session-figures-clickhouse.js';
import type { MediaGrouping } from './media-grouping.js';

/** The session columns the filter dimensions select on. */
export const MEDIA_FILTER_COLUMNS: FilterColumns = { programme: 'programme', channel: 'channel', device: 'device' };

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

const FIGURES = `${VISITORS_FIGURE},
  ${SUM_FIGURES}`;

export const SESSION_FIGURES = sessionFiguresFrom(MEDIA_SESSIONS_TABLE, DUCKDB_FUNCTIONS);

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
