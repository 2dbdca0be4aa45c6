/**
 * When media heartbeats leave, and the fixed values they carry (wire-formats §2, spec §9 "Playback
 * tracking"). The tracker (packages/media) sends by these numbers and the server's media
 * sessions (server/src/store/media-store.ts) are read by them, so they live here, once.
 *
 * The cadence, as Mesura keeps it (the wire page's observations, made exact where it is vague):
 * - The playback is always in one *state*: `start` (session started, not yet played), `play`,
 *   `pause`, `buffer`, `seek`, or, inside an ad break with no ad playing, the break's gap (reported
 *   as main `buffer`). An open ad has its own play/pause/buffer/seek states on the ad asset.
 * - A state is reported by heartbeats of its type (`seek` as `pause`, the gap as `buffer`), each
 *   carrying the milliseconds since the previous heartbeat of that state, so that the durations of
 *   a type add up to the time spent in it and no millisecond is reported twice:
 *   - *opening*: `start`, `play` and `pause` open with duration 0 (buffer, seek and the gap have
 *     none; an ad's `start` opens its play);
 *   - *periodic*: every HEARTBEAT_INTERVAL_MS (AD_HEARTBEAT_INTERVAL_MS for an ad asset; the
 *     break's gap and the content after a break keep HEARTBEAT_INTERVAL_MS),
 *     counted from the state's last heartbeat, so that every heartbeat sent for a state change
 *     starts the interval anew (no fixed grid from the first play); only the session's first
 *     content `play` is followed by one FIRST_PLAY_HEARTBEAT_DELAY_MS later (a `play` that resumes
 *     after a pause, buffer, seek or ad break waits the whole interval); `start` and `seek` have
 *     none;
 *   - *closing*: when the state ends, the time since its last heartbeat.
 * - Events that are not states (`aa_start`, `aa_ad_start`, `resume`, `chapter_start`,
 *   `chapter_complete`, `bitrate_change`, `error`, `complete`, `end`) carry duration 0.
 * - Requests leave on the first scheduler tick (every SCHEDULER_TICK_MS) after their event.
 */

/** §9 "reporting interval default 10 s": periodic heartbeats of main content. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
/**
 * §9 "ad tracking interval 1 s": periodic heartbeats of an ad asset only (wire §2); the break's
 * gap (main `buffer`) is content and repeats every HEARTBEAT_INTERVAL_MS.
 */
export const AD_HEARTBEAT_INTERVAL_MS = 1_000;
/**
 * Wire §2 "after the session's first content play only, the next `play` comes about 1 s later":
 * the first periodic `play` of a session. A resumed play has none (the commercial library sends
 * none, and one per interruption would shift every later heartbeat by 9 s).
 */
export const FIRST_PLAY_HEARTBEAT_DELAY_MS = 1_000;
/** §9 "scheduler tick 250 ms": requests leave, and periodic heartbeats are due, on these ticks. */
export const SCHEDULER_TICK_MS = 250;

/** §9 "library version 2.2.1": `s:sp:hb_version`. */
export const HEARTBEAT_LIBRARY_VERSION = '2.2.1';
/** §9 "api level 4": `l:sp:hb_api_lvl`. */
export const HEARTBEAT_API_LEVEL = 4;

/** §8 "error without ID tracked as unknown_error_id": `s:event:id` when the player gave none. */
export const UNKNOWN_ERROR_ID = 'unknown_error_id';
/** Wire §2: `s:event:source` of an error reported through trackError. */
export const ERROR_SOURCE_SDK = 'sourceErrorSDK';
/** `l:event:prev_ts` of the first event of its type in a session. */
export const NO_PREVIOUS_TS = -1;
