/**
 * The consent choices' table: answers to the banner per local day, report suite and choice, and
 * nothing else (no visitor, address, user agent or time of day). Made when the server starts.
 * DuckDB only: ClickHouse's is made with its events tables (store/clickhouse/consent-choices-table.ts).
 */
import type { EngineQuery } from '../analytics-reader.js';

export const CONSENT_CHOICES_TABLE_QUERY: EngineQuery = {
  name: 'consent choices table',
  duckdb: `CREATE TABLE IF NOT EXISTS consent_choices (day DATE NOT NULL, report_suite VARCHAR NOT NULL, choice VARCHAR NOT NULL,
    choices BIGINT NOT NULL, PRIMARY KEY (day, report_suite, choice))`,
};
