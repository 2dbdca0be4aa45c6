/**
 * Roll-ups of closed days that the API nodes keep on ClickHouse (day-rollup-job.ts), for rows no
 * materialized view can keep because each is cut from events of many inserts: the visits (a
 * visitor's page views VISIT_IDLE_MINUTES apart, visit-rollup.ts) and the media sessions (a
 * session's heartbeats, session-rollup.ts). Each has two tables: its rows of each closed day as one
 * *build* made them, and a record per build once its rows are in, with the fingerprint of the events
 * it read. A day's current build is its greatest build name (names sort by the time they were made);
 * rows of a build no record names (a build stopped midway) or of an older one are never read, and
 * the job deletes them after a rebuild.
 */
import type { VisitorKeys } from '../queries/visitor-data.js';
import type { CellsPlacement } from './rollup-cells.js';
import { sqlIdentifier } from './sql-literal.js';

export interface DayRollup {
  /** For logs: 'visits', 'media sessions'. */
  name: string;
  table: string;
  daysTable: string;
  /** The rows' columns, as the text that cuts them types them on 18.16 and 26.7. */
  columns: readonly { name: string; type: string }[];
  /** What sorts a day's rows after report_suite, day and build. */
  rowKey: string;
  /**
   * The events a day's rows are cut from: a table, which of its rows, and beside their count per
   * day (the fingerprint) an Int64 aggregate of them (`sum(received_at)`), or `toInt64(0)` where
   * reading a column of every row each run would cost too much (the heartbeats).
   */
  source: { table: string; where: string; checksum: string };
  /** The days whose events a day's rows read, relative to it: [-1, 0, 1] for visits. */
  reads: readonly number[];
  /**
   * The day's rows: a SELECT of `columns` by name, with `$suite`, `$day` and `$tz` to bind, reading
   * tables of the default database; and `$slice` of `$slices`: the rows of one slice of the
   * visitors or sessions (by a hash), so that one statement never holds a large day at once.
   */
  rowsSql: string;
  /**
   * What `rowsSql` cuts, numbered: raised when a change makes the rows differ (a column counted
   * another way). Each build is named with the revision that made it (day-rollup-build.ts
   * buildName), and a day built by another revision is built again, however old, while the events
   * it reads are kept (day-rollup-job.ts).
   */
  revision: number;
  /** About how many of a day's source events one slice of its build reads: the day is built in ⌈events / this⌉ slices. */
  sliceRows: number;
  /** Columns `source.table` must have for `rowsSql` to run (a site without one of them gets no builds). */
  requires: readonly string[];
  /** The `$…_rolled_to`, `$…_computed_from` and `$…_computed_to` values a report text reading the rows binds (day-rollup-reads.ts). */
  valuePrefix: string;
  /** An erasure's rows (SQL over the rows: a row is one visitor's), and the Int64 epoch-ms column of when a row began (eraseAgain's cut). */
  visitorRows: (keys: VisitorKeys) => string;
  startedColumn: string;
}

/** A day no event has, for an empty side of rolledOrComputedSql (the day before it is still a Date). */
export const NO_ROLLUP_DAY = '1970-01-02';

/** Where a table is made: single node by default; cluster-sql.ts names a shard's and its engine (default MergeTree here). */
export type RollupPlacement = CellsPlacement;

const name = (database: string, table: string) => `${sqlIdentifier(database)}.${sqlIdentifier(table)}`;

/** Columns written as [name, type] pairs, as DayRollup.columns holds them. */
export function rollupColumns(pairs: readonly (readonly [string, string])[]): DayRollup['columns'] {
  return pairs.map(([name, type]) => ({ name, type }));
}

/** The columns as a SELECT list. */
export const columnList = (rollup: Pick<DayRollup, 'columns'>) => rollup.columns.map((column) => column.name).join(', ');

/** The rows' table: sorted so that a report's suite, days and their current builds read only their granules. */
export function createRollupTableSql(database: string, rollup: DayRollup, placement: RollupPlacement = {}): string {
  const { table = rollup.table, onCluster = '', engine = 'MergeTree' } = placement;
  const columns = rollup.columns.map((column) => `${column.name} ${column.type}`).join(', ');
  return `CREATE TABLE IF NOT EXISTS ${name(database, table)}${onCluster} (${columns}, build String)
    ENGINE = ${engine} PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, build, ${rollup.rowKey})`;
}

/**
 * The builds' records: `source_rows` and `received_sum` are the fingerprint of the events a build
 * read (its day's and the days of `reads`, copies included): the job builds the day again when
 * they no longer match.
 */
export function createRollupDaysTableSql(database: string, rollup: DayRollup, placement: RollupPlacement = {}): string {
  const { table = rollup.daysTable, onCluster = '', engine = 'MergeTree' } = placement;
  return `CREATE TABLE IF NOT EXISTS ${name(database, table)}${onCluster}
    (report_suite String, day Date, build String, built_at Int64, source_rows UInt64, received_sum Int64)
    ENGINE = ${engine} PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, build)`;
}

/** Where rolledOrComputedSql reads: SQL expressions of the suite, the range's first day, and the sources (day-rollup-reads.ts). */
export interface RollupBounds {
  suite: string;
  from: string;
  rolledTo: string;
  computedFrom: string;
  computedTo: string;
}

/** The bounds as `$` values a report reader binds: `$suite`, `$from` and `$<prefix>_rolled_to`… (day-rollup-reads.ts sourceValues). */
export function placeholderBounds(rollup: Pick<DayRollup, 'valuePrefix'>): RollupBounds {
  const p = rollup.valuePrefix;
  return { suite: '$suite', from: 'toDate($from)', rolledTo: `toDate($${p}_rolled_to)`, computedFrom: `toDate($${p}_computed_from)`, computedTo: `toDate($${p}_computed_to)` };
}

/**
 * The rows a report reads: the range's leading built days from the roll-up, each day's greatest
 * build as the statement itself finds it (`GLOBAL IN`: on a cluster both tables are Distributed,
 * and a plain IN of one in the other is refused; on one node it is a plain IN), and the later days
 * cut as the report reads (`computed`, a SELECT of the same columns, kept for the days
 * `computedFrom` to `computedTo`). `rollup` names its two tables as the statement reaches them.
 */
export function rolledOrComputedSql(rollup: Pick<DayRollup, 'table' | 'daysTable' | 'columns'>, computed: string, bounds: RollupBounds): string {
  const { suite, from, rolledTo, computedFrom, computedTo } = bounds;
  const columns = columnList(rollup);
  return `(SELECT ${columns} FROM ${rollup.table}
    WHERE report_suite = ${suite} AND day BETWEEN ${from} AND ${rolledTo}
      AND (report_suite, day, build) GLOBAL IN (SELECT report_suite, day, max(build) FROM ${rollup.daysTable}
        WHERE report_suite = ${suite} AND day BETWEEN ${from} AND ${rolledTo} GROUP BY report_suite, day)
  UNION ALL
  SELECT ${columns} FROM ${computed} AS computed
    WHERE day BETWEEN ${computedFrom} AND ${computedTo})`;
}
