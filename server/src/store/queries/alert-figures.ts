/**
 * The figures an alert rule watches (alerts/alert-figures.ts), each measured over one window of
 * time: `$from_ms` to `$to_ms` (epoch ms, end excluded) by receive time for the hit and media
 * figures, read within the local days around it (`$from`, `$to`: alert-window.ts windowValues),
 * a local day (`$day`) for the banner's answers, which are kept per day only. Bots are left out;
 * filters are the report filters' `AND …` (filter-sql.ts), values bound.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { PAGE_HIT_FILTER_COLUMNS } from '../clickhouse/report-facts-sql.js';
import { mediaTables, sessionFiguresClickHouse } from '../clickhouse/clickhouse-media-sessions-sql.js';
import { placeholderBounds } from '../clickhouse/day-rollup.js';
import { SESSION_ROLLUP_TABLES } from '../clickhouse/session-rollup-table.js';

/**
 * The hour's page-view hits on ClickHouse, a copy sent again counted once by its event key (a copy
 * received in a later hour than its original counts there too, where DuckDB kept the first only).
 */
const CLICKHOUSE_HOUR_PAGE_HITS = `(SELECT cityHash64(event_id, report_suite) AS event_key, cityHash64(visitor_id) AS visitor_key, ${PAGE_HIT_FILTER_COLUMNS}, is_bot
  FROM hits WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND hit_type = 'page_view' AND received_at >= $from_ms AND received_at < $to_ms)`;

/** The sessions of the days around the hour, rolled up or derived from their heartbeats as the media reports read them; idle as of the hour's end. */
const CLICKHOUSE_SESSIONS = sessionFiguresClickHouse(mediaTables(), { ...placeholderBounds(SESSION_ROLLUP_TABLES), to: 'toDate($to)', idleBeforeMs: '$to_ms' }, { mediaType: false });

/** Page views and distinct visitors of the window's page-view hits. */
export function alertHitFiguresQuery(filters: string): EngineQuery {
  return {
    name: 'alert hit figures',
    duckdb: `SELECT count(*) AS page_views, count(DISTINCT visitor_key) AS visitors FROM page_views
      WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot AND received_at >= epoch_ms(CAST($from_ms AS BIGINT)) AND received_at < epoch_ms(CAST($to_ms AS BIGINT)) ${filters}`,
    clickhouse: `SELECT uniqExact(event_key) AS page_views, uniqExact(visitor_key) AS visitors FROM ${CLICKHOUSE_HOUR_PAGE_HITS} AS page_hits WHERE NOT is_bot ${filters}`,
  };
}

/** Plays, failed starts and the rebuffer ratio of the media sessions first heard of in the window. */
export function alertMediaFiguresQuery(filters: string): EngineQuery {
  return {
    name: 'alert media figures',
    duckdb: `SELECT count(started_ms) AS plays, coalesce(sum(start_failure), 0) AS start_failures,
        CAST(sum(rebuffer_ms) AS DOUBLE) / nullif(sum(rebuffer_ms) + sum(content_ms), 0) AS rebuffer_ratio
      FROM media_sessions
      WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND is_bot = 0 AND first_received_ms >= CAST($from_ms AS BIGINT) AND first_received_ms < CAST($to_ms AS BIGINT) ${filters}`,
    clickhouse: `SELECT count(started_ms) AS plays, sum(start_failure) AS start_failures,
        sum(rebuffer_ms) / nullIf(sum(rebuffer_ms) + sum(content_ms), 0) AS rebuffer_ratio
      FROM (${CLICKHOUSE_SESSIONS}) media_sessions
      WHERE is_bot = 0 AND first_received_ms >= $from_ms AND first_received_ms < $to_ms ${filters}`,
  };
}

/** The share of the banner's answers of a day that refused everything. */
export const ALERT_CONSENT_FIGURES_QUERY: EngineQuery = {
  name: 'alert consent figures',
  duckdb: `SELECT CAST(sum(CASE WHEN choice = 'reject-all' THEN choices ELSE 0 END) AS DOUBLE) / nullif(sum(choices), 0) AS consent_refusal_rate
    FROM consent_choices WHERE report_suite = $suite AND day = CAST($day AS DATE)`,
  clickhouse: `SELECT sumIf(choices, choice = 'reject-all') / nullIf(sum(choices), 0) AS consent_refusal_rate
    FROM consent_choices WHERE report_suite = $suite AND day = toDate($day)`,
};
