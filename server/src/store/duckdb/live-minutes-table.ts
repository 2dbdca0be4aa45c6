/**
 * `live_minutes`: the live play heartbeats (store/queries/media-live-plays.ts: main `play` of a
 * live or linear stream on a guide channel, bots left out) rolled up per minute of receipt, with
 * every column the live and radio reports select, group or filter on: suite, day, channel,
 * programme, device, visitor and session (as 64-bit keys). A viewer sends about six play
 * heartbeats a minute (§9's 10 s cadence), so the reports read about a sixth of the rows, and
 * none of the other heartbeats.
 *
 * The answers are those of the heartbeats themselves: distinct visitors and sessions and summed
 * play time are the same over the minute rows, and a heartbeat's minute is inside a broadcast or
 * a report-zone minute exactly when its receive time is, since the guide's broadcasts start on
 * the minute (@mesura/content guide.ts) and zones are offset by whole minutes.
 *
 * Appended as segments load (a heartbeat is in one minute row; a later segment's heartbeats of
 * the same minute add a row, which sums and distinct counts take as one), deleted by day with
 * retention (REPORT_FACT_TABLES) and per session with an erasure (queries/visitor-data.ts), filled
 * once for a data folder whose heartbeats predate it.
 */
import type { SqlConnection } from './reads-first.js';
import { MAX_HEARTBEAT_DURATION_MS } from '@mesura/protocol';
import { DUCKDB_FUNCTIONS, liveChannel } from '../media-sessions-sql.js';
import { hasHeartbeats } from './media-sessions-table.js';

export const LIVE_MINUTES_TABLE = 'live_minutes';

const CREATE = `CREATE TABLE IF NOT EXISTS ${LIVE_MINUTES_TABLE} (
  report_suite VARCHAR NOT NULL, day DATE NOT NULL, minute TIMESTAMP_MS NOT NULL, channel VARCHAR NOT NULL,
  programme VARCHAR, device_class VARCHAR, visitor_key UBIGINT, session_key UBIGINT NOT NULL, counted_ms BIGINT NOT NULL)`;

/** A visitor's key, NULL for a heartbeat without one (DuckDB's hash(NULL) is a number, which count(DISTINCT) would count). */
export const VISITOR_KEY_SQL = (column: string) => `CASE WHEN ${column} IS NOT NULL THEN hash(${column}) END`;

/** The live play heartbeats of `source` (rows of heartbeats) as minute rows. */
const minuteRows = (source: string) => `SELECT report_suite, day, minute, channel, programme, device_class, visitor_key, session_key, sum(counted_ms)
  FROM (
    SELECT report_suite, day, date_trunc('minute', received_at) AS minute, programme, device_class,
      ${VISITOR_KEY_SQL('visitor_id')} AS visitor_key, hash(session_id) AS session_key,
      CASE WHEN duration_ms BETWEEN 0 AND ${MAX_HEARTBEAT_DURATION_MS} THEN duration_ms ELSE 0 END AS counted_ms,
      ${liveChannel('content_id', DUCKDB_FUNCTIONS)} AS channel
    FROM ${source}
    WHERE NOT is_bot AND asset_type = 'main' AND event_type = 'play' AND stream_type IN ('live', 'linear')
  ) plays
  WHERE channel IS NOT NULL
  GROUP BY report_suite, day, minute, channel, programme, device_class, visitor_key, session_key`;

/** Creates the table; a data folder whose heartbeats were stored before it gets their minutes once. */
export async function ensureLiveMinutesTable(connection: SqlConnection): Promise<void> {
  const existed = await connection.runAndReadAll(`SELECT count(*) AS n FROM information_schema.tables WHERE table_name = '${LIVE_MINUTES_TABLE}'`);
  await connection.run(CREATE);
  if (Number(existed.getRowObjectsJson()[0]?.n ?? 0) === 0 && (await hasHeartbeats(connection))) await appendLiveMinutes(connection, 'heartbeats');
}

/** Appends the minute rows of `source` (a table of new heartbeats). Runs in the caller's transaction. */
export async function appendLiveMinutes(connection: SqlConnection, source: string): Promise<void> {
  await connection.run(`INSERT INTO ${LIVE_MINUTES_TABLE} ${minuteRows(source)}`);
}
