import type { HeartbeatWireRow } from '@mesura/protocol';

/**
 * One stored media heartbeat (wire-formats §2) for one report suite, enriched. It shares the ingest
 * log with HitRow and is told apart by `kind`; the `heartbeats` table (heartbeats-schema.ts) has a
 * column per field. Times are epoch ms, lengths and playheads seconds, as on the wire. The wire's
 * fields are @mesura/protocol's HEARTBEAT_FIELDS (HeartbeatWireRow); the rest is added here.
 */
export type HeartbeatRow = HeartbeatWireRow & {
  kind: 'heartbeat';
  /** De-duplication key: a digest of the fields that tell one heartbeat from another (heartbeat-pipeline.ts). */
  heartbeatId: string;
  reportSuite: string;
  environment: string;
  receivedAtMs: number;
  /** Calendar day of receipt in the configured time zone (YYYY-MM-DD). */
  day: string;
  /** The programme: `a.media.show`, or the data layer's programme carried as metadata (heartbeat-pipeline.ts). */
  programme: string | null;
  /** JSON object of `s:meta:*`. */
  metadata: string;
  /** JSON object of customer ids by integration code. */
  customerIds: string;
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
};
