/** Consent choices per local day of a range, one row per day and choice that has any (`consent_choices`). */
import type { EngineQuery } from '../../store/analytics-reader.js';

export const CONSENT_CHOICES_BY_DAY_QUERY: EngineQuery = {
  name: 'consent choices by day',
  duckdb: `SELECT strftime(day, '%Y-%m-%d') AS day, choice, sum(choices) AS choices FROM consent_choices
    WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
    GROUP BY day, choice`,
};
