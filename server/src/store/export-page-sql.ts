/**
 * The SQL of one export page. Hits are de-duplicated first (one row per event id and suite, the
 * earliest received), then cut by cursor: filtering before de-duplicating would let a later copy
 * of an event exported on an earlier page come back on this one.
 */
import type { ExportCursor } from './export-cursor.js';
import type { HitColumn } from './hits-schema.js';
import type { ExportQuery } from './store.js';

const DEDUPLICATED_HITS = `SELECT * FROM hits
  WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
  QUALIFY row_number() OVER (PARTITION BY event_id, report_suite ORDER BY received_at, rowid) = 1`;

export const EXPORT_ORDER = 'h.received_at, h.event_id, h.report_suite';

/** Rows strictly after the cursor named by the `${prefix}*` parameters, in EXPORT_ORDER. */
function afterCursor(prefix: string): string {
  const at = `CAST(epoch_ms(CAST($${prefix}R AS BIGINT)) AS TIMESTAMP_MS)`;
  return `(h.received_at > ${at} OR (h.received_at = ${at} AND (h.event_id > $${prefix}E
    OR (h.event_id = $${prefix}E AND h.report_suite > $${prefix}S))))`;
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
  return `SELECT epoch_ms(h.received_at) AS received_at_ms, h.event_id, h.report_suite
    FROM (${DEDUPLICATED_HITS}) h WHERE ${conditions({ after: bounds.after, through: false })}
    ORDER BY ${EXPORT_ORDER} LIMIT 2 OFFSET ${Math.max(0, Math.trunc(limit) - 1)}`;
}

/** The page's rows, as the export writes them. */
export function exportPageSql(columns: readonly HitColumn[], bounds: ExportPageBounds): string {
  const select = columns.map((c) => exportExpression(c)).join(', ');
  return `SELECT ${select} FROM (${DEDUPLICATED_HITS}) h WHERE ${conditions(bounds)} ORDER BY ${EXPORT_ORDER}`;
}

function exportExpression(column: HitColumn): string {
  const name = `h.${column.name}`;
  if (column.type === 'timestamp_ms') return `strftime(${name}, '%Y-%m-%dT%H:%M:%S.%gZ') AS ${column.name}`;
  if (column.type === 'date') return `strftime(${name}, '%Y-%m-%d') AS ${column.name}`;
  return `${name} AS ${column.name}`;
}
