/**
 * One page of the hit export (GET /api/export), on both engines. Hits are de-duplicated first (one
 * row per event id and suite, the earliest received), then cut by cursor: filtering before
 * de-duplicating would let a later copy of an event exported on an earlier page come back on this
 * one. Both engines sort the keys alone and read the page's full rows back by where they are, so
 * that neither sorts the range's wide rows (measured on DuckDB: the whole-row version held several
 * hundred MB for 300,000 hits).
 *
 * DuckDB binds the range and cursors as parameters (exportValues) and names a row by its rowid.
 * ClickHouse keeps a hit sent twice twice and 18.16 has no window functions, no rowid and no query
 * parameters: `LIMIT 1 BY` keeps each event's first copy, a copy is named by where its batch put it
 * (`batch_id`, `batch_row`: clickhouse/event-table.ts), and values are literals (sql-literal.ts).
 * Copies received at the same millisecond are the same beacon stored twice; the batch names pick
 * one of them for good.
 */
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from '../clickhouse/sql-literal.js';
import type { ExportCursor } from '../export-cursor.js';
import type { HitColumn } from '../hits-schema.js';
import type { ExportQuery } from '../store.js';

// DuckDB: the range and the cursors are bound parameters.

/** The keys of the first copy of each event of the range. */
const DUCKDB_FIRST_COPIES = `SELECT rowid AS hit_rowid, received_at, event_id, report_suite FROM hits
  WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
  QUALIFY row_number() OVER (PARTITION BY event_id, report_suite ORDER BY received_at, rowid) = 1`;

/** The export's order: receive time, event id, suite, over the first copies' keys (`k`). */
export const EXPORT_ORDER = 'k.received_at, k.event_id, k.report_suite';

/** Rows strictly after the cursor named by the `${prefix}*` parameters, in EXPORT_ORDER. */
function duckdbAfterCursor(prefix: string): string {
  const at = `CAST(epoch_ms(CAST($${prefix}R AS BIGINT)) AS TIMESTAMP_MS)`;
  return `(k.received_at > ${at} OR (k.received_at = ${at} AND (k.event_id > $${prefix}E
    OR (k.event_id = $${prefix}E AND k.report_suite > $${prefix}S))))`;
}

export interface ExportPageBounds {
  /** Rows after this cursor (exclusive), when continuing. */
  after: boolean;
  /** Rows up to this cursor (inclusive), when the page is cut. */
  through: boolean;
}

/** Bound parameters of an export statement: the range and the cursors it names. */
export function exportValues(query: ExportQuery): Record<string, string> {
  const values: Record<string, string> = { suite: query.reportSuite, from: query.from, to: query.to };
  const put = (prefix: string, cursor: ExportCursor | undefined) => {
    if (!cursor) return;
    values[`${prefix}R`] = String(cursor.receivedAtMs);
    values[`${prefix}E`] = cursor.eventId;
    values[`${prefix}S`] = cursor.reportSuite;
  };
  put('after', query.after);
  put('through', query.through);
  return values;
}

function duckdbConditions(bounds: ExportPageBounds): string {
  const parts = ['TRUE'];
  if (bounds.after) parts.push(duckdbAfterCursor('after'));
  // Not after `through`: NOT (strictly after) is "at or before".
  if (bounds.through) parts.push(`NOT ${duckdbAfterCursor('through')}`);
  return parts.join(' AND ');
}

// ClickHouse: the range and the cursors are literals.

/** EXPORT_ORDER without the alias: ClickHouse's subqueries are read by column name. */
const CLICKHOUSE_EXPORT_ORDER = 'received_at, event_id, report_suite';

/**
 * The keys of each event's first copy in the range. Copies received at the same millisecond are the
 * same beacon stored twice; the batch names pick one of them for good.
 */
function clickHouseFirstCopies(hits: string, query: ExportQuery): string {
  return `SELECT received_at, event_id, report_suite, batch_id, batch_row FROM ${hits}
    WHERE report_suite = ${sqlString(query.reportSuite)} AND day BETWEEN toDate(${sqlDate(query.from)}) AND toDate(${sqlDate(query.to)})
    ORDER BY event_id, report_suite, received_at, batch_id, batch_row
    LIMIT 1 BY event_id, report_suite`;
}

/** Rows strictly after `cursor` in EXPORT_ORDER (18.16 compares no tuples: written out). */
function clickHouseAfterCursor(cursor: ExportCursor): string {
  const at = sqlInteger(cursor.receivedAtMs);
  const event = sqlString(cursor.eventId);
  return `(received_at > ${at} OR (received_at = ${at} AND (event_id > ${event}
    OR (event_id = ${event} AND report_suite > ${sqlString(cursor.reportSuite)}))))`;
}

function clickHouseConditions(query: ExportQuery): string {
  const parts = ['1'];
  if (query.after) parts.push(clickHouseAfterCursor(query.after));
  // Not after `through`: NOT (strictly after) is "at or before".
  if (query.through) parts.push(`NOT ${clickHouseAfterCursor(query.through)}`);
  return parts.join(' AND ');
}

// The page's end: the keys of its `limit`-th row and of the one after it.

/**
 * The keys of the page's `limit`-th row and of the one after it: the first says where the page
 * ends, the second whether another page follows. Keys only, so the engine keeps a top-N, not rows.
 */
export function exportPageEndSql(limit: number, bounds: { after: boolean }): string {
  return `SELECT epoch_ms(k.received_at) AS received_at_ms, k.event_id, k.report_suite
    FROM (${DUCKDB_FIRST_COPIES}) k WHERE ${duckdbConditions({ after: bounds.after, through: false })}
    ORDER BY ${EXPORT_ORDER} LIMIT 2 OFFSET ${Math.max(0, Math.trunc(limit) - 1)}`;
}

/** The keys of the page's `limit`-th row and of the one after it (DuckDB's: exportPageEndSql). */
export function exportPageEndClickHouse(database: string, query: ExportQuery, limit: number): string {
  const hits = `${sqlIdentifier(database)}.hits`;
  return `SELECT received_at AS received_at_ms, event_id, report_suite
    FROM (${clickHouseFirstCopies(hits, { ...query, through: undefined })}) k WHERE ${clickHouseConditions({ ...query, through: undefined })}
    ORDER BY ${CLICKHOUSE_EXPORT_ORDER} LIMIT 2 OFFSET ${Math.max(0, Math.trunc(limit) - 1)}`;
}

// The page's rows, whole, in the export's order.

/** The page's rows, as the export writes them. */
export function exportPageSql(columns: readonly HitColumn[], bounds: ExportPageBounds): string {
  const select = columns.map((c) => exportExpression(c)).join(', ');
  return `SELECT ${select} FROM (SELECT * FROM (${DUCKDB_FIRST_COPIES}) k WHERE ${duckdbConditions(bounds)}) k
    JOIN hits h ON h.rowid = k.hit_rowid ORDER BY ${EXPORT_ORDER}`;
}

function exportExpression(column: HitColumn): string {
  const name = `h.${column.name}`;
  // Through TIMESTAMP (microseconds): strftime of a TIMESTAMP_MS goes by nanoseconds, which end in
  // 2262, and a client clock may say any year up to MAX_CLIENT_YEAR.
  if (column.type === 'timestamp_ms') return `strftime(CAST(${name} AS TIMESTAMP), '%Y-%m-%dT%H:%M:%S.%gZ') AS ${column.name}`;
  if (column.type === 'date') return `strftime(${name}, '%Y-%m-%d') AS ${column.name}`;
  return `${name} AS ${column.name}`;
}

/**
 * Up to `rows` rows of the page from `query.after` on, whole, in the export's order: the keys are
 * sorted and cut first, then only their rows are read (by batch and place, within the range's
 * partitions), so the server never sorts the range's wide rows.
 */
export function exportChunkClickHouse(database: string, columns: readonly string[], query: ExportQuery, rows: number): string {
  const hits = `${sqlIdentifier(database)}.hits`;
  const keys = `SELECT batch_id, batch_row FROM (${clickHouseFirstCopies(hits, query)}) k WHERE ${clickHouseConditions(query)}
    ORDER BY ${CLICKHOUSE_EXPORT_ORDER} LIMIT ${Math.trunc(rows)}`;
  return `SELECT ${columns.map(sqlIdentifier).join(', ')} FROM ${hits}
    WHERE report_suite = ${sqlString(query.reportSuite)} AND day BETWEEN toDate(${sqlDate(query.from)}) AND toDate(${sqlDate(query.to)})
      AND (batch_id, batch_row) IN (${keys})
    ORDER BY ${CLICKHOUSE_EXPORT_ORDER}`;
}
