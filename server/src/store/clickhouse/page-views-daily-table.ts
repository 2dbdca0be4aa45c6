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
 * times the batches that carried them.
 */
import { sqlDate, sqlIdentifier } from './sql-literal.js';

export const PAGE_VIEWS_DAILY_TABLE = 'page_views_daily';

export function createPageViewsDailyTableSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${PAGE_VIEWS_DAILY_TABLE}
    (report_suite String, day Date, section Nullable(String), page_name Nullable(String), is_bot UInt8,
     batch_id String, page_views Int64)
    ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, is_bot, batch_id)`;
}

/** The page views (hits) of days before `cutoffDay` whose (day, batch) is not rolled up yet. */
function pendingPageViews(database: string, cutoffDay: string): string {
  const db = sqlIdentifier(database);
  return `hit_type = 'page_view' AND day < toDate(${sqlDate(cutoffDay)})
    AND (day, batch_id) NOT IN (SELECT day, batch_id FROM ${db}.${PAGE_VIEWS_DAILY_TABLE} WHERE day < toDate(${sqlDate(cutoffDay)}))`;
}

/**
 * Rolls up the pending page views: per suite, day, section, page name, bot flag and batch, the
 * events whose first copy (first received, as the report counts them) is in that batch. A batch
 * holding only later copies gets rows of 0, so that its (day, batch) is marked rolled up too.
 */
export function rollUpPageViewsSql(database: string, cutoffDay: string): string {
  const db = sqlIdentifier(database);
  const pending = pendingPageViews(database, cutoffDay);
  const firstCopies = `SELECT batch_id, batch_row FROM ${db}.hits WHERE ${pending}
    ORDER BY event_id, report_suite, received_at, batch_id, batch_row LIMIT 1 BY event_id, report_suite`;
  return `INSERT INTO ${db}.${PAGE_VIEWS_DAILY_TABLE} (report_suite, day, section, page_name, is_bot, batch_id, page_views)
    SELECT report_suite, day, section, page_name, is_bot, batch_id, toInt64(sum((batch_id, batch_row) IN (${firstCopies})))
    FROM ${db}.hits WHERE ${pending}
    GROUP BY report_suite, day, section, page_name, is_bot, batch_id`;
}

/** The hits retention deletes: every hit before the cutoff but page views whose (day, batch) is not rolled up. */
export function expiredHitsWhere(database: string, cutoffDay: string): string {
  const db = sqlIdentifier(database);
  const day = `toDate(${sqlDate(cutoffDay)})`;
  return `day < ${day} AND (hit_type != 'page_view'
    OR (day, batch_id) IN (SELECT day, batch_id FROM ${db}.${PAGE_VIEWS_DAILY_TABLE} WHERE day < ${day}))`;
}
