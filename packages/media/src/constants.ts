/**
 * The media tracker's numbers (spec §9 "Playback tracking", wire-formats §2), units in the names.
 * The heartbeat cadence, the values written on the wire and the session rules are
 * @mesura/protocol's (the server reads by them too); they are re-exported here so that the tracker
 * has one place to read its numbers from.
 */
export {
  AD_HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_API_LEVEL,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_LIBRARY_VERSION,
  SCHEDULER_TICK_MS,
  UNKNOWN_ERROR_ID,
  /** §9 "idle timer 1800 s": paused this long, the session ends; the next play resumes it. */
  MEDIA_IDLE_TIMEOUT_MS as IDLE_TIMEOUT_MS,
  /** §9 "duration reset to 0 if over 10 minutes": a longer duration means the page slept. */
  MAX_HEARTBEAT_DURATION_MS as MAX_EVENT_DURATION_MS,
  /** RULES 5: a play, buffer, seek or stall closing after this many ms or less is not reported. */
  SHORT_STATE_MAX_MS,
} from '@mesura/protocol';

/** §9 "preroll wait default 250 ms": how long the first play waits for a preroll ad break. */
export const PREROLL_WAIT_MS = 250;
/** §9 "check-status interval default 180 s": how often the settings file is read again. */
export const SETUP_CHECK_INTERVAL_MS = 180_000;
/** §9 "check-status interval … cap 600 s": a settings file cannot ask for less often than this. */
export const MAX_SETUP_CHECK_INTERVAL_MS = 600_000;
/**
 * RULES 24, §9 "duration corrected if playhead and clock drift over 2 s": a main `play` whose
 * clock time and playhead progress differ by more logs a WARN, and reports the progress when it is
 * the smaller (a stall the poll has not caught yet).
 */
export const MAX_PLAYHEAD_DRIFT_MS = 2_000;
/** §9 "work queue 2000": requests waiting to leave (privacy unknown); the oldest is dropped beyond. */
export const WORK_QUEUE_MAX_ITEMS = 2_000;
/** §5 "Audio tracking needs measurement library 2.11.0 or newer". */
export const MIN_AUDIO_MEASUREMENT_VERSION = '2.11.0';
/** §9 "customer-ID states 0/1/2": unknown, authenticated, logged out (the wire's, @mesura/protocol). */
export { AUTH_STATE_AUTHENTICATED, AUTH_STATE_LOGGED_OUT, AUTH_STATE_UNKNOWN } from '@mesura/protocol';
/** §9 "media length, ad length and positions floored to integers, default '0.0'". */
export const DEFAULT_LENGTH_TEXT = '0.0';
/**
 * §9 "playhead polled every 1001 ms", from the first play (RULES 23, 25; the traces' first
 * `play` comes 1001 ms after the first play). Between two polls a playing playhead moves about a
 * second, so standing still means a stall; a much shorter poll would take a player that updates
 * its position a few times a second for a stalled one.
 */
export const PLAYHEAD_POLL_INTERVAL_MS = 1001;
/**
 * §9 "2 stalled polls mark a stall" (RULES 23): polls in a row, in main play, that find the
 * playhead where it was. One would flag every slow poll.
 */
export const STALLED_POLLS_FOR_STALL = 2;
/**
 * RULES 1-3: a queued request leaves on the first send-clock tick at least this long after it was
 * queued (the traces: an event 130 ms or more after a tick waits for the tick after next), and a
 * timed heartbeat fires on the tick nearest its nominal time, at most this far from it.
 */
export const HALF_SEND_TICK_MS = 125;
/**
 * How long a player adapter keeps its tracker after destroy(): the `end` heartbeat of the session
 * it closed leaves on the tracker's next scheduler tick (SCHEDULER_TICK_MS, 250 ms); destroying at
 * once would drop it.
 */
export const TRACKER_DESTROY_DELAY_MS = 500;
/** Random digits after the epoch ms of a session id (`s:event:sid`), as the library writes ~9. */
export const SESSION_ID_RANDOM_DIGITS = 9;
/** Storage key of a remote disabling, kept for one setup-check interval (remote-disabling.ts). */
export const TRACKING_DISABLED_STORAGE_KEY = 'mesura_media_disabled';
/** The analytics start hits' library version, in their beacon path (`/b/ss/{rsid}/1/{version}/s…`). */
export const MEDIA_ANALYTICS_LIBRARY_VERSION = 'MESURA-MEDIA-0.1.0';
/**
 * The measurement version createMediaAnalytics reports to the audio check: it writes the beacons
 * of the commercial library 2.27.0 (shared/reference/samples/analytics-beacons.txt).
 */
export const MEDIA_ANALYTICS_MEASUREMENT_VERSION = '2.27.0';
/** `pev3` of an ad start hit, whatever the content's media type (wire §2 `pe=msa_s&pev3=videoAd`). */
export const AD_START_MEDIA_TYPE = 'videoAd';

// ── The replay (src/replay): values that make two runs of one scenario print the same lines ──

/** `at: 0` of a scenario: 2026-01-01T00:00:00Z. */
export const REPLAY_EPOCH_MS = 1_767_225_600_000;
/** Seed of the replay's session ids and beacon cache-busters. */
export const REPLAY_RANDOM_SEED = 1;
/** The visitor (`s:user:mid`, `fid`) of a scenario that names none. */
export const REPLAY_VISITOR_ID = '0123456789ABCDEF-FEDCBA9876543210';
/**
 * Promise turns the simulated clock lets pass after each timer, so that what a timer started (a
 * settings read, a failed send: two or three `then` hops) lands at that timer's time.
 */
export const SETTLE_TURNS = 20;
