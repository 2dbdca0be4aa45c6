import { hash } from 'node:crypto';
import {
  HEARTBEAT_FIELDS,
  heartbeatFieldNullable,
  heartbeatFieldRow,
  heartbeatFieldValue,
  limits,
  REPORT_SUITE_ID,
  type Heartbeat,
  type HeartbeatField,
  type HeartbeatWireRow,
} from '@mesura/protocol';
import type { HeartbeatRow } from '../store/heartbeat-row.js';
import type { LocalDay } from '../local-day.js';
import { HEARTBEAT_CONSENT_NEED } from './consent-check.js';
import type { ConsentChecker } from './consent-checker.js';
import { rowPerSuite, userAgentColumns, type RequestFacts } from './pipeline.js';
import { anonymiseIp } from './steps/anonymise-ip.js';
import { createUserAgentClassifier } from './steps/user-agent.js';

export interface HeartbeatPipelineOptions {
  environment: string;
  localDay: LocalDay;
  /** The collector's consent check (consent-checker.ts). */
  checkConsent: ConsentChecker;
  /** MESURA_KEEP_USER_AGENT: store the raw user agent besides its parts. */
  keepUserAgent: boolean;
}

/**
 * Where the programme comes from, in order: the standard metadata key, then the data layer's
 * video fields (§3 "Video": programme code) as the player passes them on as metadata.
 */
export const PROGRAMME_METADATA_KEYS = ['a.media.show', 'codiPrograma', 'programa', 'nomPrograma'] as const;

/** Request facts the heartbeat path has: no path/params digest (a heartbeat has its own key). */
export type HeartbeatFacts = Pick<RequestFacts, 'receivedAtMs' | 'ip' | 'userAgent'>;

/**
 * Enriches a decoded heartbeat like a beacon (receive time, local day, user-agent parts, bot flag,
 * anonymised address, consent) into one row per report suite (heartbeatSuites); like a beacon, a
 * heartbeat its TCF signal refuses gives no rows and is counted.
 */
export function createHeartbeatPipeline(options: HeartbeatPipelineOptions): (heartbeat: Heartbeat, suites: readonly string[], facts: HeartbeatFacts) => HeartbeatRow[] {
  const classifyUserAgent = createUserAgentClassifier();
  return (heartbeat, suites, facts) => {
    const consent = options.checkConsent(heartbeat.consent, HEARTBEAT_CONSENT_NEED, suites, facts.receivedAtMs);
    if (consent === undefined) return [];
    const userAgent = classifyUserAgent(facts.userAgent);
    const first: HeartbeatRow = {
      kind: 'heartbeat',
      heartbeatId: heartbeatId(heartbeat),
      environment: options.environment,
      receivedAtMs: facts.receivedAtMs,
      day: options.localDay(facts.receivedAtMs),
      ...wireFields(heartbeat),
      ipAnonymised: anonymiseIp(facts.ip),
      ...userAgentColumns(userAgent, facts.userAgent, options.keepUserAgent),
      consent,
      reportSuite: suites[0] ?? '',
    };
    return rowPerSuite(first, suites);
  };
}

/** The fields a row stores, with their row name and nullability, worked out once rather than per heartbeat. */
const STORED_FIELDS = (HEARTBEAT_FIELDS as readonly HeartbeatField[]).flatMap((field) => {
  const name = heartbeatFieldRow(field);
  return name === undefined ? [] : [{ field, name, nullable: heartbeatFieldNullable(field) }];
});

/**
 * The heartbeat's own fields, flat, by @mesura/protocol's HEARTBEAT_FIELDS: null where the wire
 * left them out (an empty text in a nullable column too), and the fields made from the key
 * families (metadata, programme, customer ids).
 */
function wireFields(heartbeat: Heartbeat): HeartbeatWireRow & Pick<HeartbeatRow, 'programme' | 'metadata' | 'customerIds'> {
  const row: Record<string, unknown> = {};
  for (const { field, name, nullable } of STORED_FIELDS) {
    const value = heartbeatFieldValue(heartbeat, field);
    if (field.type === 'position') row[name] = value === undefined ? null : wholeOrNull(Number(value));
    else row[name] = nullable && (value === undefined || value === '') ? null : value;
  }
  return {
    ...(row as HeartbeatWireRow),
    programme: programmeOf(heartbeat.meta),
    metadata: JSON.stringify(heartbeat.meta),
    customerIds: JSON.stringify(heartbeat.customerIds ?? {}),
  };
}

/**
 * The de-duplication key. A retry repeats all of these; two different heartbeats differ in one:
 * the session, what happened (type, asset, the ad or chapter playback, the error), when (client
 * ts, and the previous heartbeat of its type) and how much (duration, playhead). Duration and
 * playhead are in because the tracker can send two heartbeats of one type in the same millisecond:
 * a closing `play` and the `play` of 0 ms that a complete adds when it moves the playhead to the
 * end (wire-formats §2 "Complete"); the previous ts because a session resumed after idle sends
 * `start` and `start` 0 in one millisecond, the second naming the first (RULES.md rule 31). Two
 * `pause` 0 of one millisecond (rules 7 and 9) are the same on the wire and count once, as 0 ms.
 */
export function heartbeatId(heartbeat: Heartbeat): string {
  const { event, asset, stream } = heartbeat;
  const parts = [
    event.sessionId,
    event.type,
    asset.type,
    String(event.ts),
    String(event.prevTs),
    String(event.duration),
    String(event.playhead),
    asset.ad?.sid || asset.ad?.id || '',
    stream.chapter?.sid || stream.chapter?.id || '',
    event.errorId ?? '',
  ];
  // One-shot crypto.hash: the same digest as createHash().update().digest(), without a Hash object per heartbeat.
  return hash('sha1', parts.join('\u0000'), 'base64url');
}

/**
 * `s:asset:pod_position` is the one number the decoder reads as any number (the wire writes it as
 * a string): the column is a whole number, and a row the store cannot read would be lost after
 * its 200, so a fraction is floored and what is not a safe integer is stored as unknown.
 */
function wholeOrNull(value: number): number | null {
  const whole = Math.floor(value);
  return Number.isSafeInteger(whole) ? whole : null;
}

function programmeOf(meta: Record<string, string>): string | null {
  for (const key of PROGRAMME_METADATA_KEYS) {
    const value = meta[key]?.trim();
    if (value) return value;
  }
  return null;
}

/**
 * The report suites of `s:sc:rsid`, a comma list as on beacons (multi-suite tagging: one row per
 * suite), bounded as beacons are; the server's own suite when the heartbeat names none. The
 * heartbeat decoder leaves the key unchecked, so the collector checks it here.
 */
export function heartbeatSuites(heartbeat: Heartbeat, fallback: string): { ok: true; suites: string[] } | { ok: false; reason: string } {
  const listed =
    heartbeat.analytics.reportSuite
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  if (listed.length === 0) return { ok: true, suites: [fallback] };
  if (listed.length > limits.MAX_REPORT_SUITES) return { ok: false, reason: `too many report suites in s:sc:rsid (at most ${limits.MAX_REPORT_SUITES})` };
  const bad = listed.find((suite) => !REPORT_SUITE_ID.test(suite));
  if (bad !== undefined) return { ok: false, reason: `malformed s:sc:rsid '${bad}': expected report suite ids separated by commas` };
  return { ok: true, suites: [...new Set(listed)] };
}
