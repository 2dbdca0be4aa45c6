/**
 * The media reports' questions and answers (spec §4, §7): media sessions derived from the heartbeats,
 * summed per content, programme or day.
 */
import type { MediaFigures } from './media-figures.js';
import type { MediaSessionCounts } from './media-session-counters.js';

/** How the media report groups its rows: content id, programme, or local day of the session start. */
export type MediaDimension = 'content' | 'programme' | 'day';

export interface MediaRangeQuery {
  /** First and last day of the session start, inclusive, YYYY-MM-DD in the configured time zone. */
  from: string;
  to: string;
  reportSuite: string;
  includeBots: boolean;
  /** The report's clock: sessions silent for the idle timeout before it are closed. */
  nowMs: number;
}

export interface MediaReportQuery extends MediaRangeQuery {
  by: MediaDimension;
}

export interface MediaSessionsQuery extends MediaRangeQuery {
  /** Most sessions listed, earliest start first. */
  limit: number;
}

/** Figures of a set of media sessions: media-figures.ts, one table. */
export type { MediaFigures };

export interface MediaReportRow extends MediaFigures {
  key: string;
}

export interface MediaReport {
  rows: MediaReportRow[];
  total: MediaFigures;
}

/** Why a session is over: its main `complete`, its `end`, or the idle timeout (no `end` came). */
export type MediaSessionEnd = 'complete' | 'end' | 'idle';

/** A session as the sessions list answers it; its counters (ads, chapters, dropped frames) are media-session-counters.ts's. */
export interface MediaSession extends MediaSessionCounts {
  sessionId: string;
  visitorId: string | null;
  contentId: string;
  contentName: string | null;
  programme: string | null;
  /** vod, live, linear, podcast, audiobook, aod. */
  streamType: string;
  mediaType: 'video' | 'audio';
  day: string;
  /** Client time of the main `start`, ISO 8601; null when it never arrived. */
  startedAt: string | null;
  /** Client time of the last heartbeat, ISO 8601. */
  lastHeartbeatAt: string | null;
  /** Null while the session is open. */
  endedReason: MediaSessionEnd | null;
  /** The `complete` or `end`, or the last heartbeat of an idle session. */
  endedAt: string | null;
  contentSeconds: number;
  adSeconds: number;
  completes: number;
  startupTimeMs: number | null;
  avgBitrate: number | null;
  bufferingSeconds: number;
  rebufferRatio: number;
  errors: number;
  exitBeforeStart: boolean;
  startFailure: boolean;
  isBot: boolean;
}

/** What the media reports need of the store. */
export interface MediaStore {
  mediaReport(query: MediaReportQuery): Promise<MediaReport>;
  mediaSessions(query: MediaSessionsQuery): Promise<MediaSession[]>;
}
