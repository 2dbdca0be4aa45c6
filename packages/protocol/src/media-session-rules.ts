/**
 * The media session rules (spec §4 "Session rules", §9 "Playback tracking", wire-formats §2),
 * written once: the tracker (packages/media) applies them when it sends and the server's session
 * SQL (server/src/store/media-sessions-sql.ts) when it reads. test/media-session-cases.json holds
 * the cases both run.
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

/**
 * RULES 5 of the reference traces (shared/reference/media-traces/RULES.md; §9's "flush-filter
 * timer 0.25 s"): the close of a play, buffer, seek or stall that lasted this long or less is not
 * sent, so no reader sees that time; a pause's close always is. Raising it hides real short plays
 * and buffers from the reports; it is the reference library's value.
 */
export const SHORT_STATE_MAX_MS = 250;

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
