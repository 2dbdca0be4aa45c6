/**
 * Retention's statements both engines have (retention-store.ts `RetentionStore`): the roll-up of
 * the page views of the days whose hits go into `page_views_daily`, which holds no visitor id, user
 * agent or address (the page-view report keeps its counts for old days, and nothing there
 * identifies anyone), and which rows of the raw tables go: hits and heartbeats of days before the
 * cutoff day, decision events before the cutoff instant.
 *
 * DuckDB (duckdb/retention-sql.ts) rolls up and deletes in one transaction, so a day is never
 * counted twice nor lost between them; the values are bound ($day, $at). ClickHouse
 * (clickhouse/clickhouse-retention.ts) has no transaction: each drain batch's page views of a day
 * are rolled up once, in rows per batch (clickhouse/page-views-daily-table.ts says why), and only
 * the hits of the pairs rolled up are deleted; the values are literals. What one engine alone has
 * stays in its folder: each engine's `page_views_daily` table; DuckDB's deletion of its report
 * tables' rows, its media roll-ups' and its report extent's shift; ClickHouse's per-month counts,
 * `DROP PARTITION`s and `ALTER … DELETE` mutations (mutations.ts) that apply the conditions below,
 * and the expiry of its roll-ups.
 */
import { sqlDate, sqlIdentifier, sqlInteger } from '../clickhouse/sql-literal.js';

export const PAGE_VIEWS_DAILY_TABLE = 'page_views_daily';

// The page views of the days before the cutoff, rolled up.

/** DuckDB: rows that arrive late for a day already rolled up add a second row: the report sums them. */
export const ROLL_UP_PAGE_VIEWS_SQL = `INSERT INTO ${PAGE_VIEWS_DAILY_TABLE}
  SELECT report_suite, day, section, page_name, is_bot, count(DISTINCT event_id)
  FROM hits WHERE hit_type = 'page_view' AND day < CAST($day AS DATE)
  GROUP BY report_suite, day, section, page_name, is_bot`;

/** ClickHouse: the page views (hits) of days before `cutoffDay` whose (day, batch) is not rolled up yet. */
function pendingPageViews(database: string, cutoffDay: string): string {
  const db = sqlIdentifier(database);
  return `hit_type = 'page_view' AND day < toDate(${sqlDate(cutoffDay)})
    AND (day, batch_id) NOT IN (SELECT day, batch_id FROM ${db}.${PAGE_VIEWS_DAILY_TABLE} WHERE day < toDate(${sqlDate(cutoffDay)}))`;
}

/**
 * ClickHouse: rolls up the pending page views: per suite, day, section, page name, bot flag and
 * batch, the events whose first copy (first received, as the report counts them) is in that batch.
 * A batch holding only later copies gets rows of 0, so that its (day, batch) is marked rolled up too.
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

// The raw rows that go. DuckDB: the deletions, bound $day (YYYY-MM-DD) and $at (epoch ms).

export const DELETE_HITS_SQL = 'DELETE FROM hits WHERE day < CAST($day AS DATE)';
export const DELETE_HEARTBEATS_SQL = 'DELETE FROM heartbeats WHERE day < CAST($day AS DATE)';
export const DELETE_DECISION_EVENTS_SQL = 'DELETE FROM decision_events WHERE decided_at < CAST(epoch_ms(CAST($at AS BIGINT)) AS TIMESTAMP_MS)';

// ClickHouse: the conditions its mutations apply.

/** Every row of a day before the cutoff day (hits, heartbeats). */
export function beforeDayWhere(cutoffDay: string): string {
  return `day < toDate(${sqlDate(cutoffDay)})`;
}

/** The hits retention deletes: every hit before the cutoff but page views whose (day, batch) is not rolled up. */
export function expiredHitsWhere(database: string, cutoffDay: string): string {
  const db = sqlIdentifier(database);
  const day = `toDate(${sqlDate(cutoffDay)})`;
  return `day < ${day} AND (hit_type != 'page_view'
    OR (day, batch_id) IN (SELECT day, batch_id FROM ${db}.${PAGE_VIEWS_DAILY_TABLE} WHERE day < ${day}))`;
}

/** The decision events before the cutoff instant (epoch ms). */
export function decisionsBeforeWhere(atMs: number): string {
  return `decided_at < ${sqlInteger(atMs)}`;
}
