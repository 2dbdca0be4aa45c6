/**
 * `page_view_cells`: a roll-up ClickHouse keeps itself. A materialized view (`page_view_cells_mv`)
 * adds, for every insert into `hits`, one row per suite, day, bot flag and page keys (section,
 * subsection, programme, author, thematic, url) of its page views, holding states rather than
 * counts:
 *
 * - `page_views`: `uniqExactState(event_id)`. A view sees each insert alone, and ClickHouse can
 *   hold a hit twice (a client's retry acknowledged by two collectors, a batch inserted again); a
 *   copy has the same event id and the same page keys, so merging the states counts it once, as
 *   report-facts-sql.ts's `LIMIT 1 BY event_id` does. The states of a range's days are merged
 *   together, so a copy received a day after its original is counted once within a range too.
 * - `visitors`: `uniqState(cityHash64(visitor_id))`, the function and hash the read-time reports
 *   count (`uniq(visitor_key)`), so the figures stay the same: uniq keeps a set of hashes that
 *   depends on the values only, not on how they were split between states.
 * - `title_label`, `programme_label`: the labels the page rankings show (`anyIf`: 18.16 types
 *   `anyState` of a nullable column differently from current versions).
 *
 * Every state is idempotent (adding the same hits again changes nothing), which is what makes the
 * first fill (fillPageViewCellsOnce) and the rebuild after an erasure (rebuildPageViewCellDays)
 * safe while collectors insert: a hit read both by them and by the view counts once.
 *
 * The one difference from the read-time rows: a copy received on a day of the range whose
 * original came the day before the range is counted here, where report-facts-sql.ts keeps only
 * the original (outside the range).
 *
 * Nullable columns cannot be in an 18.16 sorting key, so the key sorts `isNull(c), ifNull(c, '')`
 * of each: rows merge exactly when their (nullable) keys are equal.
 */
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { EventTable } from './event-table.js';
import { deleteWhere, type MutationOptions } from './mutations.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

export const PAGE_VIEW_CELLS_TABLE = 'page_view_cells';
export const PAGE_VIEW_CELLS_VIEW = 'page_view_cells_mv';
/** Which roll-ups were filled from the hits stored before their view existed. */
export const ROLLUP_FILLS_TABLE = 'rollup_fills';

/** The page keys of a cell: hit columns of the same name (nullable text). */
export const PAGE_CELL_KEYS = ['section', 'subsection', 'programme', 'author', 'thematic', 'url'] as const;

/** The hit columns the view reads: without one of them (a site without that variable) no roll-up is made. */
const HIT_COLUMNS_READ = ['event_id', 'report_suite', 'day', 'hit_type', 'visitor_id', 'is_bot', 'page_name', 'content_title', 'programme_name', ...PAGE_CELL_KEYS];

export function pageViewCellsPossible(hits: EventTable): boolean {
  const names = new Set(hits.columns.map((column) => column.name));
  return HIT_COLUMNS_READ.every((name) => names.has(name));
}

const name = (database: string, table: string) => `${sqlIdentifier(database)}.${sqlIdentifier(table)}`;

/** Where a cells table is and how it is made: single node by default; cluster-sql.ts names a shard's. */
export interface CellsPlacement {
  table?: string;
  /** ` ON CLUSTER name`, or ''. */
  onCluster?: string;
  /** Default AggregatingMergeTree. */
  engine?: string;
}

export function createPageViewCellsTableSql(database: string, placement: CellsPlacement = {}): string {
  const { table = PAGE_VIEW_CELLS_TABLE, onCluster = '', engine = 'AggregatingMergeTree' } = placement;
  const keys = PAGE_CELL_KEYS.map((key) => `${key} Nullable(String)`).join(', ');
  const sortKeys = PAGE_CELL_KEYS.map((key) => `isNull(${key}), ifNull(${key}, '')`).join(', ');
  return `CREATE TABLE IF NOT EXISTS ${name(database, table)}${onCluster}
    (report_suite String, day Date, is_bot UInt8, ${keys},
     page_views AggregateFunction(uniqExact, String), visitors AggregateFunction(uniq, UInt64),
     title_label AggregateFunction(anyIf, String, UInt8), programme_label AggregateFunction(anyIf, String, UInt8))
    ENGINE = ${engine} PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, is_bot, ${sortKeys})`;
}

/** The cells of the page views of `hits` (a table name) matching `where`: the view's and the fills' SELECT. */
function cellsSelectSql(hits: string, where: string): string {
  const keys = PAGE_CELL_KEYS.join(', ');
  const label = (sql: string) => `anyIfState(ifNull(${sql}, ''), (${sql}) IS NOT NULL)`;
  return `SELECT report_suite, day, is_bot, ${keys}, uniqExactState(event_id) AS page_views,
      uniqState(cityHash64(visitor_id)) AS visitors, ${label('coalesce(content_title, page_name)')} AS title_label,
      ${label('programme_name')} AS programme_label
    FROM ${hits} WHERE hit_type = 'page_view' AND (${where})
    GROUP BY report_suite, day, is_bot, ${keys}`;
}

/** The view that fills the cells table `target` from every insert into `hits` (a shard's own, on a cluster). */
export function createPageViewCellsViewSql(database: string, options: { target?: string; hits?: string; onCluster?: string } = {}): string {
  const { target = PAGE_VIEW_CELLS_TABLE, hits = 'hits', onCluster = '' } = options;
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${name(database, PAGE_VIEW_CELLS_VIEW)}${onCluster} TO ${name(database, target)}
    AS ${cellsSelectSql(name(database, hits), '1')}`;
}

export function createRollupFillsTableSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${name(database, ROLLUP_FILLS_TABLE)} (rollup String, filled_at DateTime DEFAULT now())
    ENGINE = MergeTree ORDER BY rollup`;
}

function fillCellsSql(database: string, where: string): string {
  return `INSERT INTO ${name(database, PAGE_VIEW_CELLS_TABLE)} ${cellsSelectSql(name(database, 'hits'), where)}`;
}

/**
 * Fills the cells from the hits stored before the view existed, once: `rollup_fills` records the
 * fill after it is done, and a start that finds the record skips it. The view exists before this
 * runs, so a hit inserted meanwhile is in the view's cells, the fill's, or both (counted once);
 * two processes starting together may both fill, and a fill stopped midway is done again at the
 * next start: both only cost time.
 */
export async function fillPageViewCellsOnce(transport: ClickHouseTransport, database: string): Promise<boolean> {
  const fills = name(database, ROLLUP_FILLS_TABLE);
  const done = await transport.query(`SELECT 1 FROM ${fills} WHERE rollup = ${sqlString(PAGE_VIEW_CELLS_TABLE)} LIMIT 1`);
  if (done.length > 0) return false;
  await transport.command(fillCellsSql(database, '1'));
  await transport.command(`INSERT INTO ${fills} (rollup) VALUES (${sqlString(PAGE_VIEW_CELLS_TABLE)})`);
  return true;
}

/** A suite's day of page views. */
export interface SuiteDay {
  report_suite: string;
  day: string;
}

/** The suites' days holding page views of the hits matching `hitsWhere`: the cells an erasure of them changes. */
export async function pageViewCellDays(transport: ClickHouseTransport, database: string, hitsWhere: string): Promise<SuiteDay[]> {
  return transport.query<SuiteDay>(
    `SELECT DISTINCT report_suite, toString(day) AS day FROM ${name(database, 'hits')} WHERE hit_type = 'page_view' AND (${hitsWhere})`,
  );
}

function suiteDaysWhere(days: readonly SuiteDay[]): string {
  return days.map((d) => `(report_suite = ${sqlString(d.report_suite)} AND day = toDate(${sqlDate(d.day)}))`).join(' OR ');
}

/**
 * Makes the cells of these suites' days again from the hits (after their erasure: a state cannot
 * take a visitor out): deletes them (a mutation, waited for) and adds them back from `hits`. Hits
 * inserted meanwhile reach the cells through the view, the refill or both, and count once. Until
 * the refill returns the days' page rankings count fewer visitors and labels.
 */
export async function rebuildPageViewCellDays(mutations: MutationOptions, days: readonly SuiteDay[]): Promise<void> {
  if (days.length === 0 || !(await hasPageViewCells(mutations.transport, mutations.database))) return;
  const where = suiteDaysWhere(days);
  await deleteWhere(mutations, PAGE_VIEW_CELLS_TABLE, where);
  await mutations.transport.command(fillCellsSql(mutations.database, where));
}

/** Whether this database has the cells (a site without one of the columns they read has none). */
export async function hasPageViewCells(transport: ClickHouseTransport, database: string): Promise<boolean> {
  const rows = await transport.query(
    `SELECT 1 FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(PAGE_VIEW_CELLS_TABLE)}`,
  );
  return rows.length > 0;
}

/**
 * Retention: the cells of days before `cutoffDay` go with their hits (retention-store.ts). A month
 * before the cutoff's is dropped whole; the cutoff month's earlier days by a mutation, waited for.
 */
export async function expirePageViewCells(mutations: MutationOptions, cutoffDay: string): Promise<void> {
  const { transport, database } = mutations;
  if (!(await hasPageViewCells(transport, database))) return;
  const before = `day < toDate(${sqlDate(cutoffDay)})`;
  const months = await transport.query<{ month: number }>(
    `SELECT DISTINCT toYYYYMM(day) AS month FROM ${name(database, PAGE_VIEW_CELLS_TABLE)} WHERE ${before}`,
  );
  const cutoffMonth = Number(cutoffDay.slice(0, 4)) * 100 + Number(cutoffDay.slice(5, 7));
  for (const { month } of months) {
    if (Number(month) < cutoffMonth) {
      await transport.command(`ALTER TABLE ${name(database, PAGE_VIEW_CELLS_TABLE)} DROP PARTITION ${sqlInteger(Number(month))}`);
    }
  }
  if (months.some(({ month }) => Number(month) === cutoffMonth)) await deleteWhere(mutations, PAGE_VIEW_CELLS_TABLE, before);
}
