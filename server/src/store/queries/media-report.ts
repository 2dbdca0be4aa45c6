/**
 * GET /api/reports/media (one row per key and the total over the range) and
 * /api/reports/media/sessions (the sessions themselves), on both engines, over the sessions that
 * media-sessions-sql.ts (DuckDB) and clickhouse/clickhouse-media-sessions-sql.ts (ClickHouse)
 * build. DuckDB counts the total with GROUPING SETS; 18.16 has none, so on ClickHouse each session
 * is counted twice through ARRAY JOIN, once under its key and once under the total, in one pass.
 * A range without sessions has no total row there, which clickhouse-media-store.ts reads as zero
 * sessions, as DuckDB's total over nothing reads (duckdb/duckdb-media.ts).
 */
import { roundHalfAwaySql } from '../clickhouse/clickhouse-media-sql.js';
import { literalBounds, sessionFiguresClickHouse, type MediaTables } from '../clickhouse/clickhouse-media-sessions-sql.js';
import type { RollupSources } from '../clickhouse/day-rollup-reads.js';
import { figureColumn, MEDIA_FIGURES, MEDIA_FIGURES_SQL } from '../media-figures.js';
import { MEDIA_SESSION_COUNTERS, type MediaSessionCounts } from '../media-session-counters.js';
import type { MediaDimension, MediaReportQuery, MediaSessionsQuery } from '../media-store.js';
import { sessionFiguresSql, type SqlFunctions } from '../media-sessions-sql.js';

/** The report's key per dimension: the content id, the programme ('' when unknown), the start day; the same text on both engines. */
export const KEY_SQL: Record<MediaDimension, string> = {
  content: 'content_id',
  programme: "coalesce(programme, '')",
  day: 'day_text',
};

function botFilter(includeBots: boolean): string {
  return includeBots ? '' : 'WHERE is_bot = 0';
}

type FigureName = (typeof MEDIA_FIGURES)[number]['name'];

/** ClickHouse: each figure of media-figures.ts over a group of sessions (never empty here), rounded as DuckDB rounds. */
const FIGURE_SQL: Record<FigureName, string> = {
  sessions: 'count()',
  starts: 'sum(starts)',
  contentMinutes: roundHalfAwaySql('sum(content_ms) / 60000.0', 3),
  adMinutes: roundHalfAwaySql('sum(ad_ms) / 60000.0', 3),
  completes: 'sum(completes)',
  completionRate: `if(sum(starts) > 0, ${roundHalfAwaySql('sum(completes) / sum(starts)', 4)}, 0)`,
  ...(Object.fromEntries(MEDIA_SESSION_COUNTERS.map((c) => [c.field, `sum(${c.column})`])) as Record<keyof MediaSessionCounts, string>),
  avgStartupTimeMs: roundHalfAwaySql('avg(startup_time_ms)'),
  avgBitrate: `if(sum(bitrate_ms) > 0, ${roundHalfAwaySql('sum(bitrate_weighted) / sum(bitrate_ms)')}, NULL)`,
  bufferingSeconds: roundHalfAwaySql('sum(rebuffer_ms) / 1000.0', 3),
  rebufferRatio: `if(sum(rebuffer_ms) + sum(content_ms) > 0, ${roundHalfAwaySql('sum(rebuffer_ms) / (sum(rebuffer_ms) + sum(content_ms))', 4)}, 0)`,
  errors: 'sum(errors)',
  exitsBeforeStart: 'sum(exit_before_start)',
  startFailures: 'sum(start_failure)',
};

/**
 * Figures are computed as `figure_…` and renamed a level up: ClickHouse resolves an alias before a
 * column, so `sum(starts) AS starts` would sum its own result.
 */
const FIGURES_SQL = MEDIA_FIGURES.map((f) => `${FIGURE_SQL[f.name]} AS figure_${figureColumn(f.name)}`).join(',\n  ');
const FIGURE_NAMES_SQL = MEDIA_FIGURES.map((f) => `figure_${figureColumn(f.name)} AS ${figureColumn(f.name)}`).join(', ');

// The report: one row per key (`is_total` 0) and the total over the range (`is_total` 1).

/** DuckDB, in one pass over the sessions. */
export function mediaReportSql(query: MediaReportQuery, fn: SqlFunctions): string {
  const order = query.by === 'day' ? 'key' : 'sessions DESC, key';
  return `${sessionFiguresSql(query, fn)}
    SELECT key, grouping(key) AS is_total, ${MEDIA_FIGURES_SQL}
    FROM (SELECT *, ${KEY_SQL[query.by]} AS key FROM session_figures ${botFilter(query.includeBots)}) grouped
    GROUP BY GROUPING SETS ((key), ())
    ORDER BY is_total, ${order}`;
}

/** ClickHouse, in one pass over the sessions. */
export function mediaReportClickHouse(tables: MediaTables, query: MediaReportQuery, sources: RollupSources): string {
  const order = query.by === 'day' ? 'key' : 'sessions DESC, key';
  return `SELECT key, is_total, ${FIGURE_NAMES_SQL} FROM (
      SELECT report_group.1 AS key, report_group.2 AS is_total, ${FIGURES_SQL}
      FROM (${sessionFiguresClickHouse(tables, literalBounds(query, sources), { mediaType: false })}) session_figures
      ARRAY JOIN [(${KEY_SQL[query.by]}, 0), ('', 1)] AS report_group
      ${botFilter(query.includeBots)}
      GROUP BY report_group
    ) report
    ORDER BY is_total, ${order}`;
}

// The sessions themselves, earliest start first, with the rebuffer ratio of each.

/** DuckDB. */
export function mediaSessionsSql(query: MediaSessionsQuery, fn: SqlFunctions): string {
  return `${sessionFiguresSql(query, fn)}
    SELECT *, CASE WHEN rebuffer_ms + content_ms > 0
      THEN round(CAST(rebuffer_ms AS DOUBLE) / (rebuffer_ms + content_ms), 4) ELSE 0 END AS rebuffer_ratio
    FROM session_figures ${botFilter(query.includeBots)}
    ORDER BY coalesce(started_ms, last_ts_ms), session_id
    LIMIT ${Math.trunc(query.limit)}`;
}

/** ClickHouse. */
export function mediaSessionsClickHouse(tables: MediaTables, query: MediaSessionsQuery, sources: RollupSources): string {
  return `SELECT *, if(rebuffer_ms + content_ms > 0, ${roundHalfAwaySql('rebuffer_ms / (rebuffer_ms + content_ms)', 4)}, 0) AS rebuffer_ratio
    FROM (${sessionFiguresClickHouse(tables, literalBounds(query, sources), { mediaType: true })}) session_figures
    ${botFilter(query.includeBots)}
    ORDER BY coalesce(started_ms, last_ts_ms), session_id
    LIMIT ${Math.trunc(query.limit)}`;
}
