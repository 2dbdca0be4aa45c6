/** Consent choices per local day of a range, one row per day and choice that has any (`consent_choices`). */
import type { EngineQuery } from '../analytics-reader.js';

export const CONSENT_CHOICES_BY_DAY_QUERY: EngineQuery = {
  name: 'consent choices by day',
  duckdb: `SELECT strftime(day, '%Y-%m-%d') AS day, choice, sum(choices) AS choices FROM consent_choices
    WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
    GROUP BY day, choice`,
  // consent_choices is a SummingMergeTree there (store/clickhouse/consent-choices-table.ts): rows not merged yet are summed here.
  // Renamed inside: ClickHouse reads `sum(choices) AS choices` as an aggregate in another.
  clickhouse: `SELECT toString(choice_day) AS day, choice, counted AS choices FROM (
      SELECT day AS choice_day, choice, sum(choices) AS counted FROM consent_choices
      WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to)
      GROUP BY choice_day, choice)`,
};
