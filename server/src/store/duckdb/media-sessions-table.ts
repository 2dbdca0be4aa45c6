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
 * (visitor-data-sql.ts). What depends on the report's clock (the idle end) is left to the query
 * (media-sessions-sql.ts sessionFiguresFrom).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { DUCKDB_FUNCTIONS, sessionRowsSql } from '../media-sessions-sql.js';

export const MEDIA_SESSIONS_TABLE = 'media_sessions';

const TOUCHED = 'touched_media_sessions';

/** The rows of the sessions in TOUCHED, made from their heartbeats. */
const TOUCHED_ROWS = `${sessionRowsSql(
  `EXISTS (SELECT 1 FROM ${TOUCHED} t WHERE t.report_suite = h.report_suite AND t.session_id = h.session_id)`,
  DUCKDB_FUNCTIONS,
)} SELECT * FROM session_rows`;

/** Creates the table (its columns are session_rows'); a data folder whose heartbeats were stored before it gets their sessions once. */
export async function ensureMediaSessionsTable(connection: DuckDBConnection): Promise<void> {
  const existed = await connection.runAndReadAll(`SELECT count(*) AS n FROM information_schema.tables WHERE table_name = '${MEDIA_SESSIONS_TABLE}'`);
  await connection.run(`CREATE TABLE IF NOT EXISTS ${MEDIA_SESSIONS_TABLE} AS ${sessionRowsSql('FALSE', DUCKDB_FUNCTIONS)} SELECT * FROM session_rows`);
  if (Number(existed.getRowObjectsJson()[0]?.n ?? 0) === 0 && (await hasHeartbeats(connection))) {
    await remakeMediaSessions(connection, 'SELECT report_suite, session_id FROM heartbeats');
  }
}

export async function hasHeartbeats(connection: DuckDBConnection): Promise<boolean> {
  const result = await connection.runAndReadAll('SELECT EXISTS (SELECT 1 FROM heartbeats) AS any');
  return result.getRowObjectsJson()[0]?.any === true;
}

/**
 * Makes again the sessions `touched` names (a SELECT of report_suite, session_id; `values` its
 * bound parameters): deletes their rows and inserts each one that still has heartbeats. Runs in
 * the caller's transaction.
 */
export async function remakeMediaSessions(
  connection: DuckDBConnection,
  touched: string,
  values: Record<string, string> = {},
): Promise<void> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${TOUCHED} AS SELECT DISTINCT report_suite, session_id FROM (${touched}) touched`, values);
  await connection.run(`DELETE FROM ${MEDIA_SESSIONS_TABLE} m
    WHERE EXISTS (SELECT 1 FROM ${TOUCHED} t WHERE t.report_suite = m.report_suite AND t.session_id = m.session_id)`);
  await connection.run(`INSERT INTO ${MEDIA_SESSIONS_TABLE} BY NAME ${TOUCHED_ROWS}`);
  await connection.run(`DROP TABLE ${TOUCHED}`);
}

/** Retention: after the heartbeats before `day` are deleted, the sessions that began before it are made again from what is left. */
export function remakeMediaSessionsBefore(connection: DuckDBConnection, day: string): Promise<void> {
  return remakeMediaSessions(connection, `SELECT report_suite, session_id FROM ${MEDIA_SESSIONS_TABLE} WHERE day < CAST($day AS DATE)`, { day });
}
