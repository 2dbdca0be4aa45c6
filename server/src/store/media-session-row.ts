/**
 * A media session as the sessions list answers it (media-store.ts MediaSession), read from a row of
 * session_figures (media-sessions-sql.ts, clickhouse/clickhouse-media-sessions-sql.ts): the same
 * reading for every engine, which hands 64-bit integers over as text, doubles as numbers and NULL
 * as null.
 */
import type { MediaSession, MediaSessionEnd } from './media-store.js';

type Row = Readonly<Record<string, unknown>>;

export function mediaSessionOf(r: Row): MediaSession {
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
