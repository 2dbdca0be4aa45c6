/**
 * The figures an alert rule watches (alerts/alert-figures.ts), each measured over one window of
 * time: `$from_ms` to `$to_ms` (epoch ms, end excluded) by receive time for the hit and media
 * figures, a local day (`$day`) for the banner's answers, which are kept per day only. Bots are
 * left out; filters are the report filters' `AND …` (filter-sql.ts), values bound.
 */
import type { EngineQuery } from '../analytics-reader.js';

/** Page views and distinct visitors of the window's page-view hits. */
export function alertHitFiguresQuery(filters: string): EngineQuery {
  return {
    name: 'alert hit figures',
    duckdb: `SELECT count(*) AS page_views, count(DISTINCT visitor_key) AS visitors FROM page_views
      WHERE report_suite = $suite AND NOT is_bot AND received_at >= epoch_ms(CAST($from_ms AS BIGINT)) AND received_at < epoch_ms(CAST($to_ms AS BIGINT)) ${filters}`,
  };
}

/** Plays, failed starts and the rebuffer ratio of the media sessions first heard of in the window. */
export function alertMediaFiguresQuery(filters: string): EngineQuery {
  return {
    name: 'alert media figures',
    duckdb: `SELECT count(started_ms) AS plays, coalesce(sum(start_failure), 0) AS start_failures,
        CAST(sum(rebuffer_ms) AS DOUBLE) / nullif(sum(rebuffer_ms) + sum(content_ms), 0) AS rebuffer_ratio
      FROM media_sessions
      WHERE report_suite = $suite AND is_bot = 0 AND first_received_ms >= CAST($from_ms AS BIGINT) AND first_received_ms < CAST($to_ms AS BIGINT) ${filters}`,
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
