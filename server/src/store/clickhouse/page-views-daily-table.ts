/**
 * `page_views_daily` on ClickHouse: the identifier-free page-view counts that retention keeps of
 * the days whose hits it deletes (duckdb/retention-sql.ts keeps the same on DuckDB), so that the
 * page-view report (clickhouse-report-store.ts) still answers page views for those days; it holds
 * no visitor id, user agent or address, so it has no visitors to count there either.
 *
 * Unlike DuckDB's, a row is per page, day **and drain batch** (`batch_id`): ClickHouse has no
 * transaction to roll up and delete at once, so each batch's rows of a day are rolled up once
 * (a retry after a failure between the roll-up and the deletion skips the pairs already there) and
 * the deletion takes only the page views of the pairs rolled up (a batch drained in between waits
 * for the next run). The cost is more rows than one per page and day: at most the pages of a day
 * times the batches that carried them. The roll-up and the hits it lets go are written in
 * queries/retention.ts, beside DuckDB's.
 */
import { PAGE_VIEWS_DAILY_TABLE } from '../queries/retention.js';
import { sqlIdentifier } from './sql-literal.js';

export function createPageViewsDailyTableSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${PAGE_VIEWS_DAILY_TABLE}
    (report_suite String, day Date, section Nullable(String), page_name Nullable(String), is_bot UInt8,
     batch_id String, page_views Int64)
    ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, is_bot, batch_id)`;
}
