import type { DuckDBConnection } from '@duckdb/node-api';
import { HEARTBEAT_COLUMNS, type HeartbeatColumnType } from './heartbeats-schema.js';
import { mediaReportSql, mediaSessionsSql } from './media-report-sql.js';
import { DUCKDB_FUNCTIONS } from './media-sessions-sql.js';
import { readMediaFigures } from './media-figures.js';
import type { MediaReport, MediaReportQuery, MediaSession, MediaSessionEnd, MediaSessionsQuery } from './media-store.js';

const SQL_TYPES: Record<HeartbeatColumnType, string> = {
  text: 'VARCHAR',
  bigint: 'BIGINT',
  timestamp_ms: 'TIMESTAMP_MS',
  date: 'DATE',
  boolean: 'BOOLEAN',
};

type Row = Record<string, unknown>;

export async function ensureHeartbeatsTable(connection: DuckDBConnection): Promise<void> {
  const definitions = HEARTBEAT_COLUMNS.map((c) => `${c.name} ${SQL_TYPES[c.type]}${c.nullable ? '' : ' NOT NULL'}`);
  await connection.run(`CREATE TABLE IF NOT EXISTS heartbeats (${definitions.join(', ')})`);
  // Columns added in a later version are added to an existing table, never dropped.
  for (const c of HEARTBEAT_COLUMNS) {
    await connection.run(`ALTER TABLE heartbeats ADD COLUMN IF NOT EXISTS ${c.name} ${SQL_TYPES[c.type]}`);
  }
}

export async function mediaReport(connection: DuckDBConnection, query: MediaReportQuery): Promise<MediaReport> {
  const result = await connection.runAndReadAll(mediaReportSql(query, DUCKDB_FUNCTIONS));
  const rows = result.getRowObjectsJson() as Row[];
  const total = rows.find((r) => Number(r.is_total) === 1);
  return {
    rows: rows.filter((r) => Number(r.is_total) !== 1).map((r) => ({ key: String(r.key), ...readMediaFigures(r) })),
    // GROUPING SETS gives the total row even over no sessions; the fallback is for engines that do not.
    total: readMediaFigures(total ?? { sessions: 0 }),
  };
}

export async function mediaSessions(connection: DuckDBConnection, query: MediaSessionsQuery): Promise<MediaSession[]> {
  const result = await connection.runAndReadAll(mediaSessionsSql(query, DUCKDB_FUNCTIONS));
  return (result.getRowObjectsJson() as Row[]).map(sessionOf);
}

function sessionOf(r: Row): MediaSession {
  return {
    sessionId: String(r.session_id),
    visitorId: textOrNull(r.visitor_id),
    contentId: String(r.content_id),
    contentName: textOrNull(r.content_name),
    programme: textOrNull(r.programme),
    streamType: String(r.stream_type),
    mediaType: r.media_type === 'audio' ? 'audio' : 'video',
    day: String(r.day_text),
    startedAt: isoOrNull(r.started_ms),
    lastHeartbeatAt: isoOrNull(r.last_ts_ms),
    endedReason: textOrNull(r.ended_reason) as MediaSessionEnd | null,
    endedAt: isoOrNull(r.ended_ms),
    contentSeconds: seconds(r.content_ms),
    adSeconds: seconds(r.ad_ms),
    completes: num(r.completes),
    adBreaks: num(r.ad_breaks),
    adsStarted: num(r.ads_started),
    adsCompleted: num(r.ads_completed),
    chaptersStarted: num(r.chapters_started),
    chaptersCompleted: num(r.chapters_completed),
    startupTimeMs: orNull(r.startup_time_ms),
    avgBitrate: num(r.bitrate_ms) > 0 ? Math.round(num(r.bitrate_weighted) / num(r.bitrate_ms)) : null,
    droppedFrames: num(r.dropped_frames),
    bufferingSeconds: seconds(r.rebuffer_ms),
    rebufferRatio: num(r.rebuffer_ratio),
    errors: num(r.errors),
    exitBeforeStart: num(r.exit_before_start) === 1,
    startFailure: num(r.start_failure) === 1,
    isBot: num(r.is_bot) === 1,
  };
}

/** DuckDB hands BIGINT and HUGEINT over as text, DOUBLE as a number, NULL as null. */
function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

function orNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function seconds(ms: unknown): number {
  return Math.round(num(ms)) / 1000;
}

/** Client clocks can say anything; a time Date cannot hold is reported as unknown. */
function isoOrNull(ms: unknown): string | null {
  const value = orNull(ms);
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
