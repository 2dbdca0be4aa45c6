/**
 * Roll-ups ClickHouse keeps itself: an `AggregatingMergeTree` table of cells (keys and aggregate
 * states, partitioned by month of `day`) that a materialized view fills from every insert into
 * `hits`. page-view-cells.ts and link-cells.ts define the two there are; this file makes, fills,
 * rebuilds and expires any of them.
 *
 * A view sees each insert alone, and ClickHouse can hold a hit twice (a client's retry acknowledged
 * by two collectors); so the cells keep states, not counts: `uniqExactState(event_id)` counts a
 * copy once, since a copy has the same event id and keys (report-facts-sql.ts keeps one row per
 * event id too), and `uniqState` of the visitor's hash is the `uniq(visitor_key)` the reports count.
 * Every state is idempotent (adding the same hits again changes nothing), which is what makes the
 * first fill and the rebuild after an erasure safe while collectors insert: a hit read both by the
 * view and by the fill counts once. Nullable columns cannot be in an 18.16 sorting key, so a
 * nullable text key sorts as `isNull(c), ifNull(c, '')`: rows merge exactly when keys are equal.
 */
import { ClusterAlterError, tablePlacement } from './alter-target.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { EventTable } from './event-table.js';
import { deleteWhere, type MutationOptions } from './mutations.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

export interface CellsRollup {
  table: string;
  view: string;
  /** Which hits it rolls up: a condition over `hits`. */
  hits: string;
  /** Key columns after report_suite, day and is_bot: their type, and the SQL over hits when not the hit column of that name. */
  keys: readonly { name: string; type: string; sql?: string }[];
  /** Aggregate state columns: their AggregateFunction type and `-State` SQL over hits. */
  states: readonly { name: string; type: string; sql: string }[];
  /** The hit columns the view reads: without one of them (a site without that variable) the roll-up is not made. */
  reads: readonly string[];
  /**
   * Raised when a state changes its function or a state is added: a table of an earlier revision is
   * made again and refilled at start (remakeChangedCells). Default 1.
   */
  revision?: number;
}

/** Which roll-ups were filled from the hits stored before their view existed. */
export const ROLLUP_FILLS_TABLE = 'rollup_fills';

/** Where a cells table is and how it is made: single node by default; cluster-sql.ts names a shard's. */
export interface CellsPlacement {
  table?: string;
  /** ` ON CLUSTER name`, or ''. */
  onCluster?: string;
  /** Default AggregatingMergeTree. */
  engine?: string;
}

const name = (database: string, table: string) => `${sqlIdentifier(database)}.${sqlIdentifier(table)}`;

export function cellsPossible(hits: EventTable, rollup: CellsRollup): boolean {
  const names = new Set(hits.columns.map((column) => column.name));
  return rollup.reads.every((column) => names.has(column));
}

export function createCellsTableSql(database: string, rollup: CellsRollup, placement: CellsPlacement = {}): string {
  const { table = rollup.table, onCluster = '', engine = 'AggregatingMergeTree' } = placement;
  const columns = [...rollup.keys, ...rollup.states].map((c) => `${c.name} ${c.type}`).join(', ');
  const sortKeys = rollup.keys.map((k) => (k.type.startsWith('Nullable(') ? `isNull(${k.name}), ifNull(${k.name}, '')` : k.name)).join(', ');
  return `CREATE TABLE IF NOT EXISTS ${name(database, table)}${onCluster}
    (report_suite String, day Date, is_bot UInt8, ${columns})
    ENGINE = ${engine} PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, is_bot, ${sortKeys})`;
}

/** The cells of the hits of `hits` (a table) matching `where`: the view's and the fills' SELECT. */
function cellsSelectSql(rollup: CellsRollup, hits: string, where: string): string {
  const keys = rollup.keys.map((k) => (k.sql ? `${k.sql} AS ${k.name}` : k.name)).join(', ');
  const states = rollup.states.map((s) => `${s.sql} AS ${s.name}`).join(', ');
  return `SELECT report_suite, day, is_bot, ${keys}, ${states}
    FROM ${hits} WHERE (${rollup.hits}) AND (${where})
    GROUP BY report_suite, day, is_bot, ${rollup.keys.map((k) => k.name).join(', ')}`;
}

/** The view that fills the cells table `target` from every insert into `hits` (a shard's own, on a cluster). */
export function createCellsViewSql(database: string, rollup: CellsRollup, options: { target?: string; hits?: string; onCluster?: string } = {}): string {
  const { target = rollup.table, hits = 'hits', onCluster = '' } = options;
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${name(database, rollup.view)}${onCluster} TO ${name(database, target)}
    AS ${cellsSelectSql(rollup, name(database, hits), '1')}`;
}

export function createRollupFillsTableSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${name(database, ROLLUP_FILLS_TABLE)} (rollup String, filled_at DateTime DEFAULT now())
    ENGINE = MergeTree ORDER BY rollup`;
}

/** How `rollup_fills` names a roll-up's fill: its table, and the revision after the first. */
function fillName(rollup: CellsRollup): string {
  const revision = rollup.revision ?? 1;
  return revision === 1 ? rollup.table : `${rollup.table} r${revision}`;
}

function fillCellsSql(database: string, rollup: CellsRollup, where: string): string {
  return `INSERT INTO ${name(database, rollup.table)} ${cellsSelectSql(rollup, name(database, 'hits'), where)}`;
}

/**
 * Fills the cells from the hits stored before the view existed, once: `rollup_fills` records the
 * fill after it is done, and a start that finds the record skips it. The view exists before this
 * runs, so a hit inserted meanwhile is in the view's cells, the fill's, or both (counted once);
 * two processes starting together may both fill, and a fill stopped midway is done again at the
 * next start: both only cost time. `again`: fills even so (a table just made again). Answers whether it filled.
 */
export async function fillCellsOnce(transport: ClickHouseTransport, database: string, rollup: CellsRollup, options: { again?: boolean } = {}): Promise<boolean> {
  const fills = name(database, ROLLUP_FILLS_TABLE);
  const done = await transport.query(`SELECT 1 FROM ${fills} WHERE rollup = ${sqlString(fillName(rollup))} LIMIT 1`);
  if (done.length > 0 && options.again !== true) return false;
  // Month by month: one statement over years of hits would hold every event id's state in memory at once.
  const months = await transport.query<{ month: number }>(`SELECT DISTINCT toYYYYMM(day) AS month FROM ${name(database, 'hits')} ORDER BY month`);
  for (const { month } of months) await transport.command(fillCellsSql(database, rollup, `toYYYYMM(day) = ${sqlInteger(Number(month))}`));
  await transport.command(`INSERT INTO ${fills} (rollup) VALUES (${sqlString(fillName(rollup))})`);
  return true;
}

/** A state column's aggregate function: `minIf` of `AggregateFunction(minIf, String, UInt8)`. */
const stateFunction = (type: string) => /^AggregateFunction\((\w+)/.exec(type)?.[1];

/**
 * Drops a cells table of an earlier revision (a state missing, or of another function), with its
 * view, so that ensureSchema makes both again and fills them from the hits (fillCellsOnce: the
 * fill of a new revision has its own record). A state cannot be turned into another, and the
 * cells hold nothing the hits do not. On a cluster the view, the shard table and the Distributed
 * table go where cluster-sql.ts made them (`ON CLUSTER` when replicated). Only the state functions
 * are compared, not the whole types as the server prints them, so an unchanged table is never
 * dropped. Two servers starting together may both drop and fill: that costs time only. Until the
 * fill returns, the reports reading the cells miss the hits not yet filled. Answers whether it dropped.
 */
export async function remakeChangedCells(transport: ClickHouseTransport, database: string, rollup: CellsRollup): Promise<boolean> {
  const columns = await transport.query<{ name: string; type: string }>(`SELECT name, type FROM system.columns WHERE database = ${sqlString(database)} AND table = ${sqlString(rollup.table)}`);
  if (columns.length === 0) return false;
  const stored = new Map(columns.map((column) => [column.name, stateFunction(column.type)]));
  if (rollup.states.every((state) => stored.get(state.name) === stateFunction(state.type))) return false;
  const placement = await tablePlacement(transport, database, rollup.table);
  if (placement.unreachable !== undefined) {
    throw new ClusterAlterError(
      `${placement.unreachable}: the roll-up ${rollup.table} changed; drop ${rollup.view}, ${rollup.table} and ${placement.rows.table} on each node before this server starts, which makes them again`,
    );
  }
  const onCluster = placement.rows.onCluster;
  await transport.command(`DROP TABLE IF EXISTS ${name(database, rollup.view)}${onCluster}`);
  if (placement.distributed) await transport.command(`DROP TABLE IF EXISTS ${placement.distributed.name}${onCluster}`);
  await transport.command(`DROP TABLE IF EXISTS ${placement.rows.name}${onCluster}`);
  return true;
}

/** A suite's day. */
export interface SuiteDay {
  report_suite: string;
  day: string;
}

/** The suites' days of the roll-up's hits among those matching `hitsWhere`: the cells an erasure of them changes. */
export async function cellDaysOf(transport: ClickHouseTransport, database: string, rollup: CellsRollup, hitsWhere: string): Promise<SuiteDay[]> {
  return transport.query<SuiteDay>(`SELECT DISTINCT report_suite, toString(day) AS day FROM ${name(database, 'hits')} WHERE (${rollup.hits}) AND (${hitsWhere})`);
}

/**
 * Makes the cells of these suites' days again from the hits, leaving out the hits matching `except`
 * (a state cannot take a visitor out, so an erasure rebuilds): deletes them (a mutation, waited
 * for) and adds them back from `hits`. Hits inserted meanwhile reach the cells through the view,
 * the refill or both, and count once. Until the refill returns, the reports reading these days'
 * cells miss them.
 */
export async function rebuildCellDays(mutations: MutationOptions, rollup: CellsRollup, days: readonly SuiteDay[], except?: string): Promise<void> {
  if (days.length === 0 || !(await hasTable(mutations.transport, mutations.database, rollup.table))) return;
  const where = days.map((d) => `(report_suite = ${sqlString(d.report_suite)} AND day = toDate(${sqlDate(d.day)}))`).join(' OR ');
  await deleteWhere(mutations, rollup.table, where);
  await mutations.transport.command(fillCellsSql(mutations.database, rollup, except === undefined ? where : `(${where}) AND NOT (${except})`));
}

/** Whether this database has the table (a site without one of a roll-up's columns has no cells). */
async function hasTable(transport: ClickHouseTransport, database: string, table: string): Promise<boolean> {
  const rows = await transport.query(`SELECT 1 FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(table)}`);
  return rows.length > 0;
}
