/**
 * The media roll-ups the DuckDB store keeps beside `heartbeats`, as one entry point for the store:
 * `media_sessions` (media-sessions-table.ts), read by the filtered media session reports, its
 * cells per day and key (media-cells.ts), read by the unfiltered ones, and `live_minutes`
 * (live-minutes-table.ts), read by the live and radio reports. All are made from the heartbeats
 * as each segment loads, in the segment's transaction, and follow the heartbeats through
 * retention and erasure (queries/visitor-data.ts, duckdb-visitor-data.ts).
 */
import type { SqlConnection } from './reads-first.js';
import { appendLiveMinutes, ensureLiveMinutesTable, LIVE_MINUTES_TABLE } from './live-minutes-table.js';
import { DEDUPLICATION_WINDOW_HOURS } from './report-facts-load.js';
import type { CellCompaction } from './cell-compaction.js';
import { deleteCellsSql } from './cell-tables.js';
import { ensureMediaCellsTable, MEDIA_CELLS } from './media-cells.js';
import { ensureMediaSessionsTable, remakeMediaSessions, remakeMediaSessionsBefore } from './media-sessions-table.js';

/**
 * The segment's first and last receive time (epoch ms; null when it holds no heartbeat), and how
 * many of its heartbeats repeat another's id and suite (by a hash of both: a collision only makes
 * DROP_REPEATED look for copies it will not find).
 */
const SEGMENT_SPAN = `SELECT epoch_ms(min(received_at)) AS first_ms, epoch_ms(max(received_at)) AS last_ms,
  count(*) - count(DISTINCT hash(heartbeat_id, report_suite)) AS repeated FROM segment_heartbeats`;

/**
 * All but one copy of each heartbeat id and suite in the segment: only run when SEGMENT_SPAN counts
 * some, since a window over every column of every heartbeat at each load cost more than the rest of
 * reading them.
 */
const DROP_REPEATED = `DELETE FROM segment_heartbeats WHERE rowid IN (SELECT rowid FROM segment_heartbeats
  QUALIFY row_number() OVER (PARTITION BY heartbeat_id, report_suite) > 1)`;

/** Drops the segment's heartbeats stored already, looked for between $from_ms and $to_ms (epoch ms) only. */
const DROP_STORED = `DELETE FROM segment_heartbeats s WHERE EXISTS (SELECT 1 FROM heartbeats t
    WHERE t.received_at BETWEEN CAST(epoch_ms(CAST($from_ms AS BIGINT)) AS TIMESTAMP_MS) AND CAST(epoch_ms(CAST($to_ms AS BIGINT)) AS TIMESTAMP_MS)
      AND t.heartbeat_id = s.heartbeat_id AND t.report_suite = s.report_suite)`;

/** Creates the roll-ups; a data folder whose heartbeats predate one gets it filled once. Call after the heartbeats table exists. */
export async function ensureMediaRollups(connection: SqlConnection): Promise<void> {
  await ensureMediaSessionsTable(connection);
  await ensureMediaCellsTable(connection);
  await ensureLiveMinutesTable(connection);
}

/**
 * Loads one segment's heartbeats (`select`: a SELECT yielding rows of the heartbeats table) once
 * per heartbeat id and suite, without those already stored, appends their live minutes and makes
 * again the sessions they touch; returns how many heartbeats were new. Runs in the caller's
 * transaction.
 *
 * A stored copy is looked for only among the heartbeats received within
 * DEDUPLICATION_WINDOW_HOURS of the segment's (as hits are, report-facts-load.ts): their receive
 * order lets DuckDB skip the rest, where a lookup over every stored heartbeat id cost one to two
 * seconds per segment on 6 M heartbeats and held the reports back while ingest went on. A copy
 * received later than that is stored again; the sessions still count it once
 * (media-sessions-sql.ts uniqueHeartbeats).
 */
export async function loadHeartbeatsWithRollups(connection: SqlConnection, select: string, columns: readonly string[], compaction: CellCompaction): Promise<number> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE segment_heartbeats AS ${select}`);
  const span = (await connection.runAndReadAll(SEGMENT_SPAN)).getRowObjectsJson()[0];
  if (span?.first_ms === null || span?.first_ms === undefined) {
    await connection.run('DROP TABLE segment_heartbeats');
    return 0;
  }
  if (Number(span.repeated ?? 0) > 0) await connection.run(DROP_REPEATED);
  const windowMs = DEDUPLICATION_WINDOW_HOURS * 3_600_000;
  await connection.run(DROP_STORED, { from_ms: String(Number(span.first_ms) - windowMs), to_ms: String(Number(span.last_ms) + windowMs) });
  const list = columns.join(', ');
  const inserted = await connection.runAndReadAll(`INSERT INTO heartbeats (${list}) SELECT ${list} FROM segment_heartbeats`);
  const rows = Number(inserted.getRowObjectsJson()[0]?.Count ?? 0);
  if (rows > 0) {
    await appendLiveMinutes(connection, 'segment_heartbeats');
    const appended = await remakeMediaSessions(connection, 'SELECT report_suite, session_id FROM segment_heartbeats', {}, Number(span.first_ms));
    await compaction.record(connection, appended);
  }
  await connection.run('DROP TABLE segment_heartbeats');
  return rows;
}

/**
 * Retention, once the heartbeats before `day` are deleted: their minutes go, the sessions that
 * began before it are made again from what is left (their cells taken out and put back on the
 * day they start now), and the cells before it go.
 */
export async function deleteMediaRollupsBefore(connection: SqlConnection, day: string): Promise<void> {
  await connection.run(`DELETE FROM ${LIVE_MINUTES_TABLE} WHERE day < CAST($day AS DATE)`, { day });
  await remakeMediaSessionsBefore(connection, day);
  for (const sql of deleteCellsSql(MEDIA_CELLS, 'day < CAST($day AS DATE)')) await connection.run(sql, { day });
}
