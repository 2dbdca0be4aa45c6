/**
 * A media session as the sessions list answers it (media-store.ts MediaSession), read from a row of
 * session_figures (media-sessions-sql.ts, clickhouse/clickhouse-media-sessions-sql.ts): the same
 * reading for every engine, which hands 64-bit integers over as text, doubles as numbers and NULL
 * as null.
 */
import type { MediaSession, MediaSessionEnd } from './media-store.js';
import { MEDIA_SESSION_COUNTERS, type MediaSessionCounts } from './media-session-counters.js';

type Row = Readonly<Record<string, unknown>>;

/**
 * The columns of a session row, the one definition both engines' session SQL is read against: a
 * text that leaves one out fails every read (and so every test that lists sessions on that engine)
 * instead of answering 0 or null for it. How each is derived is checked on both engines by the
 * shared session cases (server/test/helpers/media-session-cases.ts) and the equivalence tests.
 */
export const MEDIA_SESSION_COLUMNS = [
  'session_id',
  'visitor_id',
  'content_id',
  'content_name',
  'programme',
  'stream_type',
  'media_type',
  'day_text',
  'started_ms',
  'last_ts_ms',
  'ended_reason',
  'ended_ms',
  'content_ms',
  'ad_ms',
  'completes',
  ...MEDIA_SESSION_COUNTERS.map((c) => c.column),
  'startup_time_ms',
  'bitrate_ms',
  'bitrate_weighted',
  'rebuffer_ms',
  'rebuffer_ratio',
  'errors',
  'exit_before_start',
  'start_failure',
  'is_bot',
];

/** A NULL column reads as null on both engines; a column the text never made reads as undefined. */
export function mediaSessionOf(r: Row): MediaSession {
  const missing = MEDIA_SESSION_COLUMNS.filter((column) => r[column] === undefined);
  if (missing.length > 0) throw new Error(`a media session row lacks ${missing.join(', ')}: the engine's session SQL and media-session-row.ts disagree`);
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
    ...countsOf(r),
    startupTimeMs: orNull(r.startup_time_ms),
    avgBitrate: num(r.bitrate_ms) > 0 ? Math.round(num(r.bitrate_weighted) / num(r.bitrate_ms)) : null,
    bufferingSeconds: seconds(r.rebuffer_ms),
    rebufferRatio: num(r.rebuffer_ratio),
    errors: num(r.errors),
    exitBeforeStart: num(r.exit_before_start) === 1,
    startFailure: num(r.start_failure) === 1,
    isBot: num(r.is_bot) === 1,
  };
}

/** The session's counters (media-session-counters.ts), by field. */
function countsOf(r: Row): MediaSessionCounts {
  return Object.fromEntries(MEDIA_SESSION_COUNTERS.map((c) => [c.field, num(r[c.column])])) as MediaSessionCounts;
}

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
