/**
 * The export's SQL on ClickHouse, as export-page-sql.ts's on DuckDB: hits de-duplicated first (one
 * row per event id and suite, the earliest received; ClickHouse keeps a hit sent twice twice), then
 * cut by cursor, in the export's order (receive time, event id, suite). 18.16 has no window
 * functions and no rowid: `LIMIT 1 BY` keeps each event's first copy, and a copy is named by where
 * its batch put it (`batch_id`, `batch_row`: event-table.ts), by which a page's full rows are read
 * back after sorting its keys alone.
 */
import type { ExportCursor } from '../export-cursor.js';
import type { ExportQuery } from '../store.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/** The export's order over the first copies' keys (export-page-sql.ts EXPORT_ORDER). */
const EXPORT_ORDER = 'received_at, event_id, report_suite';

/**
 * The keys of each event's first copy in the range. Copies received at the same millisecond are the
 * same beacon stored twice; the batch names pick one of them for good.
 */
function firstCopies(hits: string, query: ExportQuery): string {
  return `SELECT received_at, event_id, report_suite, batch_id, batch_row FROM ${hits}
    WHERE report_suite = ${sqlString(query.reportSuite)} AND day BETWEEN toDate(${sqlDate(query.from)}) AND toDate(${sqlDate(query.to)})
    ORDER BY event_id, report_suite, received_at, batch_id, batch_row
    LIMIT 1 BY event_id, report_suite`;
}

/** Rows strictly after `cursor` in EXPORT_ORDER (18.16 compares no tuples: written out). */
function afterCursor(cursor: ExportCursor): string {
  const at = sqlInteger(cursor.receivedAtMs);
  const event = sqlString(cursor.eventId);
  return `(received_at > ${at} OR (received_at = ${at} AND (event_id > ${event}
    OR (event_id = ${event} AND report_suite > ${sqlString(cursor.reportSuite)}))))`;
}

function conditions(query: ExportQuery): string {
  const parts = ['1'];
  if (query.after) parts.push(afterCursor(query.after));
  // Not after `through`: NOT (strictly after) is "at or before".
  if (query.through) parts.push(`NOT ${afterCursor(query.through)}`);
  return parts.join(' AND ');
}

/** The keys of the page's `limit`-th row and of the one after it (export-page-sql.ts exportPageEndSql). */
export function exportPageEndClickHouse(database: string, query: ExportQuery, limit: number): string {
  const hits = `${sqlIdentifier(database)}.hits`;
  return `SELECT received_at AS received_at_ms, event_id, report_suite
    FROM (${firstCopies(hits, { ...query, through: undefined })}) k WHERE ${conditions({ ...query, through: undefined })}
    ORDER BY ${EXPORT_ORDER} LIMIT 2 OFFSET ${Math.max(0, Math.trunc(limit) - 1)}`;
}

/**
 * Up to `rows` rows of the page from `query.after` on, whole, in the export's order: the keys are
 * sorted and cut first, then only their rows are read (by batch and place, within the range's
 * partitions), so the server never sorts the range's wide rows.
 */
export function exportChunkClickHouse(database: string, columns: readonly string[], query: ExportQuery, rows: number): string {
  const hits = `${sqlIdentifier(database)}.hits`;
  const keys = `SELECT batch_id, batch_row FROM (${firstCopies(hits, query)}) k WHERE ${conditions(query)}
    ORDER BY ${EXPORT_ORDER} LIMIT ${Math.trunc(rows)}`;
  return `SELECT ${columns.map(sqlIdentifier).join(', ')} FROM ${hits}
    WHERE report_suite = ${sqlString(query.reportSuite)} AND day BETWEEN toDate(${sqlDate(query.from)}) AND toDate(${sqlDate(query.to)})
      AND (batch_id, batch_row) IN (${keys})
    ORDER BY ${EXPORT_ORDER}`;
}
