import type { HitType } from '@mesura/protocol';

/**
 * One stored analytics hit: a beacon for one report suite, enriched. The export API and the
 * table schema (store/hits-schema.ts) are both derived from this shape.
 */
export interface HitRow {
  /** De-duplication key: the beacon's `eid`, or a digest of its address and query. */
  eventId: string;
  reportSuite: string;
  environment: string;
  receivedAtMs: number;
  /** Calendar day of receipt in the configured time zone (YYYY-MM-DD). */
  day: string;
  /** The client's `t`, as epoch ms; null when it is not a real instant. */
  clientTimeMs: number | null;
  hitType: HitType;
  visitorId: string;
  /** Which parameter the visitor id came from: mid, fid, aid or vid. */
  visitorIdSource: string;
  pageName: string | null;
  url: string | null;
  referrer: string | null;
  channel: string | null;
  linkUrl: string | null;
  linkName: string | null;
  mediaType: string | null;
  /** JSON: [{ "id": 1, "name": "pageView", "value"?: n, "serial"?: s }]. */
  events: string;
  /** JSON object of context data, dotted keys. */
  contextData: string;
  /** JSON object of slots the variable map does not name (e.g. { "c40": "x" }), plus hierarchies and lists. */
  otherVariables: string;
  /** Named variables of the variable map (section, pageType, …). */
  variables: Record<string, string>;
  deviceClass: string;
  isBot: boolean;
  /** Anonymised address (IPv4 last octet zeroed, IPv6 last 80 bits zeroed). Never the raw one. */
  ipAnonymised: string | null;
  /** Where the address lies (ingest/steps/geolocate.ts): country code, region, province and city, each null when unknown. */
  geoCountry: string | null;
  geoRegion: string | null;
  geoProvince: string | null;
  geoCity: string | null;
  /** The user agent's parts (ingest/steps/user-agent.ts); the raw string only with MESURA_KEEP_USER_AGENT. */
  browserName: string | null;
  browserMajorVersion: string | null;
  osName: string | null;
  userAgent: string | null;
  libraryVersion: string;
  /** The visitor's consent as the collector checked it: granted, unknown or not-applicable (ingest/consent-check.ts). */
  consent: string;
}
