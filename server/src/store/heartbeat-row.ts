import type { HeartbeatAssetType, HeartbeatEventType } from '@mesura/protocol';

/**
 * One stored media heartbeat (wire-formats §2) for one report suite, enriched. It shares the ingest
 * log with HitRow and is told apart by `kind`; the `heartbeats` table (heartbeats-schema.ts) has a
 * column per field. Times are epoch ms, lengths and playheads seconds, as on the wire.
 */
export interface HeartbeatRow {
  kind: 'heartbeat';
  /** De-duplication key: a digest of the fields that tell one heartbeat from another (heartbeat-id.ts). */
  heartbeatId: string;
  reportSuite: string;
  environment: string;
  receivedAtMs: number;
  /** Calendar day of receipt in the configured time zone (YYYY-MM-DD). */
  day: string;
  /** `s:event:sid`. */
  sessionId: string;
  eventType: HeartbeatEventType;
  /** `l:event:ts`, the client's clock. */
  tsMs: number;
  prevTsMs: number;
  durationMs: number;
  playheadS: number;
  errorId: string | null;
  errorSource: string | null;
  assetType: HeartbeatAssetType;
  /** `s:asset:video_id`: the main content's id, on ad heartbeats too. */
  contentId: string;
  contentName: string | null;
  publisher: string;
  contentLengthS: number;
  adId: string | null;
  adName: string | null;
  adSid: string | null;
  podId: string | null;
  podName: string | null;
  podPosition: number | null;
  podOffsetS: number | null;
  adLengthS: number | null;
  streamType: string;
  bitrate: number;
  fps: number;
  droppedFrames: number;
  startupTimeMs: number;
  chapterId: string | null;
  chapterSid: string | null;
  chapterName: string | null;
  chapterPosition: number | null;
  chapterLengthS: number | null;
  chapterOffsetS: number | null;
  /** The programme: `a.media.show`, or the data layer's programme carried as metadata (heartbeat-pipeline.ts). */
  programme: string | null;
  /** JSON object of `s:meta:*`. */
  metadata: string;
  /** `s:user:mid`, once the page knows it. */
  visitorId: string | null;
  /** JSON object of customer ids by integration code. */
  customerIds: string;
  ovp: string | null;
  appVersion: string | null;
  playerChannel: string | null;
  playerName: string;
  libraryVersion: string;
  apiLevel: number;
  trackingServer: string | null;
  ssl: boolean;
  deviceClass: string;
  isBot: boolean;
  /** Anonymised address; never the raw one. */
  ipAnonymised: string | null;
  /** The user agent's parts; the raw string only with MESURA_KEEP_USER_AGENT. */
  browserName: string | null;
  browserMajorVersion: string | null;
  osName: string | null;
  userAgent: string | null;
  /** granted, unknown or not-applicable (ingest/consent-check.ts). */
  consent: string;
}
