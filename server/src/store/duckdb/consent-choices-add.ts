/**
 * Adds counts of consent choices to their (day, suite, choice) rows in one statement, so that a
 * write is all or nothing. The text depends only on how many rows there are; every value is bound
 * (`$day_0`, `$suite_0`, `$choice_0`, `$choices_0`, …). The rows' keys must be distinct: DuckDB
 * refuses an upsert that touches one key twice in a statement. DuckDB only: on ClickHouse the counts
 * are inserts into a SummingMergeTree (store/clickhouse/consent-choices-table.ts).
 */
import type { EngineQuery } from '../analytics-reader.js';

export function consentChoicesAddQuery(rows: number): EngineQuery {
  const values = Array.from({ length: rows }, (_, i) => `(CAST($day_${i} AS DATE), $suite_${i}, $choice_${i}, CAST($choices_${i} AS BIGINT))`);
  return {
    name: 'add consent choices',
    duckdb: `INSERT INTO consent_choices VALUES ${values.join(', ')}
      ON CONFLICT (day, report_suite, choice) DO UPDATE SET choices = consent_choices.choices + excluded.choices`,
  };
}
