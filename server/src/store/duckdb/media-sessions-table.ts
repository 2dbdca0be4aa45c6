/**
 * `media_sessions`: one row per report suite and media session, the session's stored figures
 * (media-sessions-sql.ts `session_rows`), kept as segments load so that the console's media
 * reports read a row per session instead of deriving every session from its heartbeats.
 *
 * A session is always made again whole, from every heartbeat of it that is stored, by the same
 * SQL the query-time derivation uses: a segment's heartbeats make again the sessions they touch
 * (a session continued from an earlier segment, a late or retried heartbeat), retention the
 * sessions that began before its cutoff (those left with heartbeats after it start later now),
 * and an erasure deletes the erased visitor's sessions as it deletes their heartbeats
 * (queries/visitor-data.ts). What depends on the report's clock (the idle end) is left to the query
 * (media-sessions-sql.ts sessionFiguresFrom).
 */
import type { SqlConnection } from './reads-first.js';
import { DUCKDB_FUNCTIONS, sessionRowsSql } from '../media-sessions-sql.js';
import { dropCellTableSql } from './cell-tables.js';
import { appendMediaCells, MEDIA_CELLS, MERGED_SESSIONS, REPLACED_ROW, REPLACED_SESSIONS } from './media-cells.js';

export const MEDIA_SESSIONS_TABLE = 'media_sessions';

const TOUCHED = 'touched_media_sessions';

/**
 * What the table keeps of session_rows: its sums as BIGINT (DuckDB sums BIGINT into HUGEINT, which
 * the reports then sum again several times slower) and the visitor's 64-bit hash, which the
 * reports count (as the hit report tables do, report-facts-schema.ts). Both took a media ranking
 * on 120 k sessions from about 130 ms to 55 ms.
 */
const STORED_COLUMNS = `SELECT * REPLACE (CAST(content_ms AS BIGINT) AS content_ms, CAST(ad_ms AS BIGINT) AS ad_ms,
    CAST(bitrate_ms AS BIGINT) AS bitrate_ms, CAST(rebuffer_ms AS BIGINT) AS rebuffer_ms), hash(visitor_id) AS visitor_key
  FROM session_rows`;

/**
 * The rows of the sessions in TOUCHED, made from their heartbeats received from `$since_ms` on
 * (epoch ms; `sinceBound` false: all of them). The bound is a plain comparison of `received_at`
 * so that DuckDB skips, by their receive times, the row groups before it: written to take a null
 * bound too (`coalesce`), it read and joined every stored heartbeat, one to three seconds per
 * segment on 6 M heartbeats and half a minute with a cold cache, holding back the reports.
 */
function touchedRowsSql(sinceBound: boolean): string {
  const since = sinceBound ? 'h.received_at >= CAST(epoch_ms(CAST($since_ms AS BIGINT)) AS TIMESTAMP_MS) AND ' : '';
  const where = `${since}EXISTS (SELECT 1 FROM ${TOUCHED} t WHERE t.report_suite = h.report_suite AND t.session_id = h.session_id)`;
  return `${sessionRowsSql(where, DUCKDB_FUNCTIONS)} ${STORED_COLUMNS}`;
}

const TOUCHED_ROWS_SINCE = touchedRowsSql(true);
const TOUCHED_ROWS_ALL = touchedRowsSql(false);

const SESSION_ROWS = `${sessionRowsSql('FALSE', DUCKDB_FUNCTIONS)} ${STORED_COLUMNS}`;
const EVERY_SESSION_ROW = `${sessionRowsSql('TRUE', DUCKDB_FUNCTIONS)} ${STORED_COLUMNS}`;

/**
 * Creates the table with STORED_COLUMNS. A data folder whose heartbeats were stored before it (or
 * before the session rules changed its columns or their types) gets it made from every heartbeat,
 * once (about 18 s for 6 M heartbeats), and its media cells made again.
 */
export async function ensureMediaSessionsTable(connection: SqlConnection): Promise<void> {
  const expected = await connection.runAndReadAll(`DESCRIBE ${SESSION_ROWS}`);
  const existing = await connection.runAndReadAll(
    `SELECT column_name, data_type AS column_type FROM information_schema.columns WHERE table_name = '${MEDIA_SESSIONS_TABLE}' ORDER BY ordinal_position`,
  );
  const layout = (rows: Record<string, unknown>[]) => rows.map((row) => `${String(row.column_name)} ${String(row.column_type)}`).join();
  if (layout(existing.getRowObjectsJson()) === layout(expected.getRowObjectsJson())) return;
  // The cells are made again from the new rows (media-cells.ts ensureMediaCellsTable).
  for (const sql of dropCellTableSql(MEDIA_CELLS)) await connection.run(sql);
  await connection.run(`DROP TABLE IF EXISTS ${MEDIA_SESSIONS_TABLE}`);
  await connection.run(`CREATE TABLE ${MEDIA_SESSIONS_TABLE} AS ${SESSION_ROWS}`);
  if (await hasHeartbeats(connection)) await connection.run(`INSERT INTO ${MEDIA_SESSIONS_TABLE} BY NAME ${EVERY_SESSION_ROW}`);
}

export async function hasHeartbeats(connection: SqlConnection): Promise<boolean> {
  const result = await connection.runAndReadAll('SELECT EXISTS (SELECT 1 FROM heartbeats) AS any');
  return result.getRowObjectsJson()[0]?.any === true;
}

/**
 * Makes again the sessions `touched` names (a SELECT of report_suite, session_id; `values` its
 * bound parameters): deletes their rows and inserts each one that still has heartbeats, and
 * appends the change to the media cells (media-cells.ts), returning the cell rows it appended. Their
 * heartbeats are read from the earliest first receipt among their rows on, or from
 * `newSinceMs` (epoch ms) for sessions without a row, whose heartbeats are all new (a segment's).
 * Runs in the caller's transaction.
 */
export async function remakeMediaSessions(connection: SqlConnection, touched: string, values: Record<string, string> = {}, newSinceMs?: number): Promise<number> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${TOUCHED} AS SELECT DISTINCT report_suite, session_id FROM (${touched}) touched`, values);
  const since = await connection.runAndReadAll(
    `SELECT CASE WHEN count(*) FILTER (WHERE m.session_id IS NULL) = 0 OR $new_since_ms IS NOT NULL
        THEN least(min(m.first_received_ms), CAST($new_since_ms AS BIGINT)) END AS since_ms
      FROM ${TOUCHED} t LEFT JOIN ${MEDIA_SESSIONS_TABLE} m ON m.report_suite = t.report_suite AND m.session_id = t.session_id`,
    { new_since_ms: newSinceMs === undefined ? null : String(newSinceMs) },
  );
  const sinceMs = since.getRowObjectsJson()[0]?.since_ms;
  const ofTouched = `EXISTS (SELECT 1 FROM ${TOUCHED} t WHERE t.report_suite = m.report_suite AND t.session_id = m.session_id)`;
  // Kept with their row ids, which the delete then finds without reading the sessions' keys again.
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${REPLACED_SESSIONS} AS SELECT rowid AS ${REPLACED_ROW}, * FROM ${MEDIA_SESSIONS_TABLE} m WHERE ${ofTouched}`);
  await connection.run(`DELETE FROM ${MEDIA_SESSIONS_TABLE} WHERE rowid IN (SELECT ${REPLACED_ROW} FROM ${REPLACED_SESSIONS})`);
  if (sinceMs === null || sinceMs === undefined) await connection.run(`CREATE OR REPLACE TEMP TABLE ${MERGED_SESSIONS} AS ${TOUCHED_ROWS_ALL}`);
  else await connection.run(`CREATE OR REPLACE TEMP TABLE ${MERGED_SESSIONS} AS ${TOUCHED_ROWS_SINCE}`, { since_ms: String(sinceMs) });
  await connection.run(`INSERT INTO ${MEDIA_SESSIONS_TABLE} BY NAME SELECT * FROM ${MERGED_SESSIONS}`);
  const appended = await appendMediaCells(connection);
  await connection.run([TOUCHED, REPLACED_SESSIONS, MERGED_SESSIONS].map((table) => `DROP TABLE ${table}`).join('; '));
  return appended;
}

/** Retention: after the heartbeats before `day` are deleted, the sessions that began before it are made again from what is left. */
export function remakeMediaSessionsBefore(connection: SqlConnection, day: string): Promise<number> {
  return remakeMediaSessions(connection, `SELECT report_suite, session_id FROM ${MEDIA_SESSIONS_TABLE} WHERE day < CAST($day AS DATE)`, { day });
}
