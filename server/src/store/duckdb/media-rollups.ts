/**
 * The media roll-ups the DuckDB store keeps beside `heartbeats`, as one entry point for the store:
 * `media_sessions` (media-sessions-table.ts), read by the media session reports, and
 * `live_minutes` (live-minutes-table.ts), read by the live and radio reports. Both are made from
 * the heartbeats as each segment loads, in the segment's transaction, and follow the heartbeats
 * through retention and erasure (visitor-data-sql.ts).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { appendLiveMinutes, ensureLiveMinutesTable, LIVE_MINUTES_TABLE } from './live-minutes-table.js';
import { ensureMediaSessionsTable, remakeMediaSessions, remakeMediaSessionsBefore } from './media-sessions-table.js';

/** Creates the roll-ups; a data folder whose heartbeats predate one gets it filled once. Call after the heartbeats table exists. */
export async function ensureMediaRollups(connection: DuckDBConnection): Promise<void> {
  await ensureMediaSessionsTable(connection);
  await ensureLiveMinutesTable(connection);
}

/**
 * Loads one segment's heartbeats (`select`: a SELECT yielding rows of the heartbeats table) once
 * per heartbeat id and suite, without those already stored, appends their live minutes and makes
 * again the sessions they touch; returns how many heartbeats were new. Runs in the caller's
 * transaction.
 */
export async function loadHeartbeatsWithRollups(connection: DuckDBConnection, select: string, columns: readonly string[]): Promise<number> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE segment_heartbeats AS
    SELECT * FROM (${select}) r
    WHERE NOT EXISTS (SELECT 1 FROM heartbeats t WHERE t.heartbeat_id = r.heartbeat_id AND t.report_suite = r.report_suite)
    QUALIFY row_number() OVER (PARTITION BY r.heartbeat_id, r.report_suite) = 1`);
  const list = columns.join(', ');
  const inserted = await connection.runAndReadAll(`INSERT INTO heartbeats (${list}) SELECT ${list} FROM segment_heartbeats`);
  const rows = Number(inserted.getRowObjectsJson()[0]?.Count ?? 0);
  if (rows > 0) {
    await appendLiveMinutes(connection, 'segment_heartbeats');
    const first = await connection.runAndReadAll('SELECT epoch_ms(min(received_at)) AS first_ms FROM segment_heartbeats');
    await remakeMediaSessions(connection, 'SELECT report_suite, session_id FROM segment_heartbeats', {}, Number(first.getRowObjectsJson()[0]?.first_ms));
  }
  await connection.run('DROP TABLE segment_heartbeats');
  return rows;
}

/** Retention, once the heartbeats before `day` are deleted: their minutes go, and the sessions that began before it are made again from what is left. */
export async function deleteMediaRollupsBefore(connection: DuckDBConnection, day: string): Promise<void> {
  await connection.run(`DELETE FROM ${LIVE_MINUTES_TABLE} WHERE day < CAST($day AS DATE)`, { day });
  await remakeMediaSessionsBefore(connection, day);
}
