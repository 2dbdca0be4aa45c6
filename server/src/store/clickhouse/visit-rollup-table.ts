/**
 * The visits of closed days, kept in ClickHouse by the API nodes' roll-up job (visit-rollup-job.ts):
 * `visit_rollup` holds report-facts-sql.ts's visit rows of each closed day as one *build* made them,
 * and `visit_rollup_days` records each build once its rows are in, with the fingerprint of the
 * page views it was made from. A day's current build is its greatest build name (names sort by the
 * time they were made); rows of a build no record names (a build stopped midway) or of an older
 * one are never read, and the job deletes them after a rebuild.
 *
 * A materialized view cannot keep visits: one is cut from a visitor's page views across many
 * inserts (VISIT_IDLE_MINUTES apart), which a view, seeing each insert alone, never has together.
 */
import { sqlIdentifier } from './sql-literal.js';

export const VISIT_ROLLUP_TABLE = 'visit_rollup';
export const VISIT_ROLLUP_DAYS_TABLE = 'visit_rollup_days';

/**
 * The visit rows' columns, in the order and types report-facts-sql.ts's computed visits have on
 * 18.16 and 26.7 (checked by clickhouse-visit-rollup.test.ts through the union that reads both).
 */
export const VISIT_ROLLUP_COLUMNS: readonly { name: string; type: string }[] = [
  ['report_suite', 'String'], ['visit_key', 'UInt64'], ['visitor_key', 'UInt64'], ['day', 'Date'], ['hour', 'UInt8'],
  ['section', 'Nullable(String)'], ['subsection', 'Nullable(String)'], ['programme', 'Nullable(String)'], ['channel', 'Nullable(String)'],
  ['portal', 'Nullable(String)'], ['device', 'String'], ['login', 'Nullable(String)'], ['campaign', 'Nullable(String)'],
  ['internal_campaign', 'Nullable(String)'], ['entry_page_name', 'Nullable(String)'], ['entry_title', 'Nullable(String)'],
  ['entry_url', 'Nullable(String)'], ['referrer', 'Nullable(String)'], ['browser', 'Nullable(String)'], ['os', 'Nullable(String)'],
  ['viewport', 'Nullable(String)'], ['is_bot', 'UInt8'], ['started_at', 'Int64'], ['ended_at', 'Int64'], ['page_views', 'Int32'],
  ['searches', 'Int32'], ['exit_page_name', 'Nullable(String)'], ['exit_title', 'Nullable(String)'], ['exit_url', 'Nullable(String)'],
  ['referrer_host', 'Nullable(String)'], ['referrer_group', 'String'], ['author', 'Nullable(String)'], ['thematic', 'Nullable(String)'], ['programme_name', 'Nullable(String)'],
].map(([name, type]) => ({ name: name!, type: type! }));

/** The visit columns as a SELECT list. */
export const VISIT_ROLLUP_COLUMN_LIST = VISIT_ROLLUP_COLUMNS.map((column) => column.name).join(', ');

/** Where a table is made: single node by default; cluster-sql.ts names a shard's and its engine. */
export interface VisitRollupPlacement {
  table?: string;
  /** ` ON CLUSTER name`, or ''. */
  onCluster?: string;
  /** Default MergeTree. */
  engine?: string;
}

const name = (database: string, table: string) => `${sqlIdentifier(database)}.${sqlIdentifier(table)}`;

/** visit_rollup: sorted so that a report's suite, days and their current builds read only their granules. */
export function createVisitRollupTableSql(database: string, placement: VisitRollupPlacement = {}): string {
  const { table = VISIT_ROLLUP_TABLE, onCluster = '', engine = 'MergeTree' } = placement;
  const columns = VISIT_ROLLUP_COLUMNS.map((column) => `${column.name} ${column.type}`).join(', ');
  return `CREATE TABLE IF NOT EXISTS ${name(database, table)}${onCluster} (${columns}, build String)
    ENGINE = ${engine} PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, build, visit_key)`;
}

/**
 * visit_rollup_days: a row per build once its rows are all in. `page_view_hits` and
 * `received_sum` are the fingerprint of the page views the build read (the day and its two
 * neighbours, copies included): the job builds the day again when they no longer match.
 */
export function createVisitRollupDaysTableSql(database: string, placement: VisitRollupPlacement = {}): string {
  const { table = VISIT_ROLLUP_DAYS_TABLE, onCluster = '', engine = 'MergeTree' } = placement;
  return `CREATE TABLE IF NOT EXISTS ${name(database, table)}${onCluster}
    (report_suite String, day Date, build String, built_at Int64, page_view_hits UInt64, received_sum Int64)
    ENGINE = ${engine} PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, build)`;
}
