/**
 * The visits' roll-up tables (day-rollup.ts): `visit_rollup`, report-facts-sql.ts's visit rows of
 * each closed day per build, and `visit_rollup_days`, the builds' records. Apart from
 * visit-rollup.ts, which says how the rows are cut, so that report-facts-sql.ts can read them.
 */
import { VISIT_ATTRIBUTES } from '../visit-attributes.js';
import { rollupColumns, type DayRollup } from './day-rollup.js';

export const VISIT_ROLLUP_TABLE = 'visit_rollup';
export const VISIT_ROLLUP_DAYS_TABLE = 'visit_rollup_days';

/**
 * The visit rows' columns, in the order and types report-facts-sql.ts's computed visits have on
 * 18.16 and 26.7 (checked by clickhouse-visit-rollup.test.ts through the union that reads both).
 */
const COLUMNS = rollupColumns([
  ['report_suite', 'String'],
  ['visit_key', 'UInt64'],
  ['visitor_key', 'UInt64'],
  ['day', 'Date'],
  ['hour', 'UInt8'],
  ['section', 'Nullable(String)'],
  ['subsection', 'Nullable(String)'],
  ['programme', 'Nullable(String)'],
  ['channel', 'Nullable(String)'],
  ['portal', 'Nullable(String)'],
  ['device', 'String'],
  ['login', 'Nullable(String)'],
  ['campaign', 'Nullable(String)'],
  ['internal_campaign', 'Nullable(String)'],
  ['entry_page_name', 'Nullable(String)'],
  ['entry_title', 'Nullable(String)'],
  ['entry_url', 'Nullable(String)'],
  ['referrer', 'Nullable(String)'],
  ...VISIT_ATTRIBUTES.map((a) => [a.column, 'Nullable(String)'] as const),
  ['is_bot', 'UInt8'],
  ['started_at', 'Int64'],
  ['ended_at', 'Int64'],
  ['page_views', 'Int32'],
  ['searches', 'Int32'],
  ['exit_page_name', 'Nullable(String)'],
  ['exit_title', 'Nullable(String)'],
  ['exit_url', 'Nullable(String)'],
  ['referrer_host', 'Nullable(String)'],
  ['referrer_group', 'String'],
  ['author', 'Nullable(String)'],
  ['thematic', 'Nullable(String)'],
  ['programme_name', 'Nullable(String)'],
]);

/** What report-facts-sql.ts needs to read the roll-up. */
export const VISIT_ROLLUP_TABLES: Pick<DayRollup, 'name' | 'table' | 'daysTable' | 'columns' | 'rowKey' | 'valuePrefix'> = {
  name: 'visits',
  table: VISIT_ROLLUP_TABLE,
  daysTable: VISIT_ROLLUP_DAYS_TABLE,
  columns: COLUMNS,
  rowKey: 'visit_key',
  valuePrefix: 'visits',
};
