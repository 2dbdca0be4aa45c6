/**
 * The SQL of one export page. Hits are de-duplicated first (one row per event id and suite, the
 * earliest received), then cut by cursor: filtering before de-duplicating would let a later copy
 * of an event exported on an earlier page come back on this one. De-duplicating and sorting work
 * on the keys alone and the page's full rows are joined back by rowid, so the engine never sorts
 * the range's wide rows (measured: the whole-row version held several hundred MB for 300,000 hits).
 */
import type { ExportCursor } from '../export-cursor.js';
import type { HitColumn } from '../hits-schema.js';
import type { ExportQuery } from '../store.js';

/** The keys of the first copy of each event of the range. */
const FIRST_COPIES = `SELECT rowid AS hit_rowid, received_at, event_id, report_suite FROM hits
  WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
  QUALIFY row_number() OVER (PARTITION BY event_id, report_suite ORDER BY received_at, rowid) = 1`;

export const EXPORT_ORDER = 'k.received_at, k.event_id, k.report_suite';

/** Rows strictly after the cursor named by the `${prefix}*` parameters, in EXPORT_ORDER. */
function afterCursor(prefix: string): string {
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

function conditions(bounds: ExportPageBounds): string {
  const parts = ['TRUE'];
  if (bounds.after) parts.push(afterCursor('after'));
  // Not after `through`: NOT (strictly after) is "at or before".
  if (bounds.through) parts.push(`NOT ${afterCursor('through')}`);
  return parts.join(' AND ');
}

/**
 * The keys of the page's `limit`-th row and of the one after it: the first says where the page
 * ends, the second whether another page follows. Keys only, so the engine keeps a top-N, not rows.
 */
export function exportPageEndSql(limit: number, bounds: { after: boolean }): string {
  return `SELECT epoch_ms(k.received_at) AS received_at_ms, k.event_id, k.report_suite
    FROM (${FIRST_COPIES}) k WHERE ${conditions({ after: bounds.after, through: false })}
    ORDER BY ${EXPORT_ORDER} LIMIT 2 OFFSET ${Math.max(0, Math.trunc(limit) - 1)}`;
}

/** The page's rows, as the export writes them. */
export function exportPageSql(columns: readonly HitColumn[], bounds: ExportPageBounds): string {
  const select = columns.map((c) => exportExpression(c)).join(', ');
  return `SELECT ${select} FROM (SELECT * FROM (${FIRST_COPIES}) k WHERE ${conditions(bounds)}) k
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
