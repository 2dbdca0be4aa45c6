/**
 * The collector's consent audit: hits refused for a consent reason per local day of a range, one
 * row per day and reason that has any (`refused_hits`, ingest/refusals.ts). Reasons other than
 * consent's (the visitor rate) are left out.
 */
import type { EngineQuery } from '../analytics-reader.js';

export const CONSENT_REFUSALS_BY_DAY_QUERY: EngineQuery = {
  name: 'consent refusals by day',
  duckdb: `SELECT strftime(day, '%Y-%m-%d') AS day, reason, sum(hits) AS hits FROM refused_hits
    WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND starts_with(reason, 'consent-')
    GROUP BY day, reason`,
  // refused_hits is a SummingMergeTree there (store/clickhouse/refused-hits-table.ts): rows not merged yet are summed here.
  // Renamed inside: ClickHouse reads `sum(hits) AS hits` as an aggregate in another.
  clickhouse: `SELECT toString(refused_day) AS day, reason, refused AS hits FROM (
      SELECT day AS refused_day, reason, sum(hits) AS refused FROM refused_hits
      WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND startsWith(reason, 'consent-')
      GROUP BY refused_day, reason)`,
};
