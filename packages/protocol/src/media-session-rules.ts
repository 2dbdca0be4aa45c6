/**
 * What a reader of heartbeats needs to place them in media sessions (spec §4 "Session rules", §9
 * "Playback tracking", wire-formats §2). The tracker applies the same numbers when it sends
 * (packages/media/src/constants.ts keeps its own copies of the two values: IDLE_TIMEOUT_MS,
 * MAX_EVENT_DURATION_MS); the server applies them when it reads.
 */

/**
 * §9 "idle timer 1800 s": a session that sends nothing for this long is over (a closed tab sends no
 * `end`). The server closes it at its last heartbeat.
 */
export const MEDIA_IDLE_TIMEOUT_MS = 1_800_000;

/**
 * §9 "duration reset to 0 if over 10 minutes": the tracker never reports more than this in one
 * heartbeat (a longer span means the page slept). A reader treats a longer duration as 0, so that
 * one forged or broken heartbeat cannot add hours of viewing.
 */
export const MAX_HEARTBEAT_DURATION_MS = 600_000;

/** The key every heartbeat carries and no analytics beacon or page address does. */
export const HEARTBEAT_TYPE_KEY = 's:event:type';

// `s:event:type=` as the first key or after `&`, its colons as they are or percent-encoded.
const HEARTBEAT_TYPE_PARAM = /(?:^|&)s(?::|%3a)event(?::|%3a)type=/i;

/**
 * Whether a query string (without `?`) carries heartbeat keys: a tracking host that also serves
 * pages at `/` tells heartbeats (`GET /?s:event:type=…`) from page requests by this alone.
 */
export function isHeartbeatQuery(query: string): boolean {
  return HEARTBEAT_TYPE_PARAM.test(query);
}
