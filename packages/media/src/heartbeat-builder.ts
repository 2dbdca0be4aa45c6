/**
 * Builds a heartbeat (spec §3 "Internal session records": asset, event, service provider, session
 * id, visitor ids) from the session and one event. Pure; the encoder of @mesura/protocol writes it.
 */
import {
  ERROR_SOURCE_SDK,
  HEARTBEAT_API_LEVEL,
  HEARTBEAT_LIBRARY_VERSION,
  NO_PREVIOUS_TS,
  type Heartbeat,
  type HeartbeatAssetType,
  type HeartbeatEventType,
  type HeartbeatQoS,
} from '@mesura/protocol';
import type { Readings, SessionState, Setup } from './tracker-state.js';

/** One event to report. */
export interface HeartbeatSpec {
  type: HeartbeatEventType;
  asset: HeartbeatAssetType;
  ts: number;
  /** Milliseconds; 0 for events that are not states. */
  duration: number;
  /** Seconds: the content's playhead (for an ad, where its break sits). */
  playhead: number;
  qos: HeartbeatQoS;
  /** An `error`'s id. */
  errorId?: string;
  /** `s:meta:*` of this heartbeat. */
  meta?: Record<string, string>;
}

/**
 * The heartbeat of `spec` in `session`. Records its ts as the previous one of its type and asset
 * (each ad is an asset of its own, wire §2), so the caller must send what it builds.
 */
export function buildHeartbeat(setup: Setup, session: SessionState, readings: Readings, spec: HeartbeatSpec): Heartbeat {
  const previous = spec.asset === 'ad' && session.ad !== undefined ? session.ad.prevTs : session.prevTs;
  const prevTs = previous[spec.type] ?? NO_PREVIOUS_TS;
  previous[spec.type] = spec.ts;
  const { media } = session;
  return {
    analytics: { reportSuite: setup.reportSuite, trackingServer: setup.analyticsServer, ssl: setup.analyticsSsl },
    visitorId: readings.visitorId,
    // Session-level, like metadata: carried by `start` only.
    customerIds: spec.type === 'start' ? readings.customerIds : undefined,
    serviceProvider: {
      ovp: setup.ovp,
      sdk: setup.appVersion,
      channel: setup.channel,
      playerName: setup.playerName,
      libraryVersion: HEARTBEAT_LIBRARY_VERSION,
      apiLevel: HEARTBEAT_API_LEVEL,
    },
    event: {
      sessionId: session.sid,
      type: spec.type,
      duration: spec.duration,
      playhead: spec.playhead,
      ts: spec.ts,
      prevTs,
      errorId: spec.errorId,
      errorSource: spec.errorId === undefined ? undefined : ERROR_SOURCE_SDK,
    },
    asset: {
      type: spec.asset,
      name: media.name,
      videoId: media.id,
      publisher: setup.publisher,
      length: media.length,
      ad: spec.asset === 'ad' ? session.ad?.wire : undefined,
    },
    stream: {
      type: media.streamType,
      qos: spec.qos,
      chapter: session.chapter?.wire,
    },
    meta: spec.meta ?? {},
  };
}

/**
 * Undoes buildHeartbeat's record of its ts when a heartbeat leaves the outbox unsent (RULES 6,
 * 18), so that the next one of its type does not name it as its previous.
 */
export function forgetHeartbeat(session: SessionState, heartbeat: Heartbeat): void {
  const previous = heartbeat.asset.type === 'ad' && session.ad !== undefined ? session.ad.prevTs : session.prevTs;
  const { type, ts, prevTs } = heartbeat.event;
  if (previous[type] !== ts) return;
  if (prevTs === NO_PREVIOUS_TS) delete previous[type];
  else previous[type] = prevTs;
}
