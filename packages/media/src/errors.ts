/**
 * Every message the media tracker logs, in one catalogue, so that tests assert them rather than
 * repeat them. Where the spec quotes a message ('Invalid input data', 'Data cannot be null',
 * 'Unable to validate unknown parameter', 'Incorrect event name', 'Internal error', 'Error getting
 * a reference to Analytics shared module...') it is kept word for word, with what to do after it;
 * the other refusals of §8 are named by the spec's words and say how to get out.
 */
import { MIN_AUDIO_MEASUREMENT_VERSION, WORK_QUEUE_MAX_ITEMS } from './constants.js';

// ── §5 "Playback input checks" ────────────────────────────────────────────────────────────────────

export const INVALID_INPUT_DATA = 'Invalid input data';
export const DATA_CANNOT_BE_NULL = 'Data cannot be null';
export const UNKNOWN_PARAMETER = 'Unable to validate unknown parameter';
export const INCORRECT_EVENT_NAME = 'Incorrect event name';

/** `Invalid input data: ad.length must be a number`. */
export const invalidInputData = (field: string, expectation: string): string => `${INVALID_INPUT_DATA}: ${field} must be ${expectation}`;
export const unknownParameter = (name: string): string => `${UNKNOWN_PARAMETER} '${name}' (ignored)`;
export const incorrectEventName = (name: unknown): string => `${INCORRECT_EVENT_NAME} '${String(name)}': use a MediaEvent`;
export const IGNORED_RESUMED = 'Ignored the resumed flag: not true or false';
export const IGNORED_PREROLL_WAIT = 'Ignored the preroll wait: not a number of ms; 250 ms is used';
export const IGNORED_METADATA = 'Ignored the metadata: not an object';
export const IGNORED_GRANULAR_TRACKING = 'Ignored the granular tracking flag: not true or false';
export const audioNeedsNewerLibrary = (version: string): string => `Audio tracking needs measurement library ${MIN_AUDIO_MEASUREMENT_VERSION} or newer, not ${version}`;

// ── §5 setup, §8 "Failure creating the heartbeat tracker" ────────────────────────────────────────

export const ANALYTICS_MODULE_MISSING = 'Error getting a reference to Analytics shared module... Pass deps.analytics';
export const DELEGATE_INCOMPLETE = 'The delegate needs getCurrentPlaybackTime() and getQoSObject()';
export const VISITOR_MISSING = 'Setup needs a visitor id source: pass deps.visitor';
export const UNSUPPORTED_PLATFORM = 'Unsupported browser platform: pass deps.transport, fetchText and timers';
export const configNeeds = (field: string, what: string): string => `Invalid input data: config.${field} must be ${what}`;
export const analyticsNeeds = (field: string): string => `Invalid input data: deps.analytics.${field} must be a non-empty string`;
export const trackerNotCreated = (call: string, reason: string): string => `${call} dropped: tracker not created (${reason})`;

// ── §8 "Playback rule refusals" ──────────────────────────────────────────────────────────────────

export const NOT_IN_SESSION = 'Not in a session: call trackSessionStart to begin';
export const ALREADY_IN_SESSION = 'Already in a session: call trackSessionEnd first';
export const MEDIA_ALREADY_COMPLETED = 'Media already completed: call trackSessionEnd';
export const ALREADY_BUFFERING = 'Already buffering: track BufferComplete first';
export const NOT_BUFFERING = 'Not buffering: track BufferStart first';
export const ALREADY_SEEKING = 'Already seeking: track SeekComplete first';
export const NOT_SEEKING = 'Not seeking: track SeekStart first';
export const NOT_IN_AD_BREAK = 'Not in an ad break: track AdBreakStart first';
export const NOT_IN_AD = 'Not in an ad: track AdStart first';
export const NOT_IN_CHAPTER = 'Not in a chapter: track ChapterStart first';
export const INVALID_MEDIA_OBJECT = 'Invalid media object: use createMediaObject()';
export const INVALID_AD_BREAK_OBJECT = 'Invalid ad-break object: use createAdBreakObject()';
export const INVALID_AD_OBJECT = 'Invalid ad object: use createAdObject()';
export const INVALID_CHAPTER_OBJECT = 'Invalid chapter object: use createChapterObject()';
export const INVALID_TIMED_METADATA_OBJECT = 'Invalid timed-metadata object: pass a non-empty string';
export const INVALID_QOS_OBJECT = 'Invalid QoS object: use createQoSObject()';
export const DUPLICATE_AD_BREAK = 'Duplicate ad break: it is already tracked';
export const DUPLICATE_AD = 'Duplicate ad: it is already tracked';
export const DUPLICATE_CHAPTER = 'Duplicate chapter: it is already tracked';
export const INVALID_PLAYER_STATE_IN_AD_BREAK = 'Invalid player state inside an ad break: wait for AdStart or AdBreakComplete';
export const TRACKING_DISABLED = 'Tracking disabled for this publisher (settings file)';
/** Audience-measurement reporting begins once per page (§4). */
export const REPORTING_ALREADY_STARTED = 'Reporting already started: begin reporting once per page';
export const INTERNAL_ERROR = 'Internal error';
export const internalError = (detail: string): string => `${INTERNAL_ERROR}: ${detail}`;
export const trackerFailed = (cause: string): string => internalError(`${cause}; media tracking stops until the page reloads`);

// ── §5 player adapters (src/players) ─────────────────────────────────────────────────────────────

/** §5 "Missing player reference", word for word. */
export const PLAYER_REFERENCE_NULL = 'Illegal argument. Player reference cannot be null.';

// ── Mesura's own (§4 privacy, §8 sends, §9 limits) ───────────────────────────────────────────────

export const PRIVACY_OPTED_OUT = 'Privacy opted out: the session ended';
export const PRIVACY_BLOCKS_SESSION = 'Privacy opted out: no session starts';
export const QUEUE_FULL = `Work queue full (${WORK_QUEUE_MAX_ITEMS}): dropped the oldest`;
export const sendFailed = (url: string): string => `Send failed, moving on: ${url}`;
export const settingsUnavailable = (url: string): string => `Settings file unavailable: ${url}`;
export const IDLE_SESSION_ENDED = 'Paused 1800 s: session ended; a play resumes it';
/**
 * RULES 24: a `play` heartbeat's clock time and playhead progress differ by more than 2 s (a stall
 * not caught yet, a jump without seek events, or trackComplete's jump to the length).
 */
export const PLAYHEAD_DRIFT = 'Play time and playhead progress differ by more than 2 s: report seeks with SeekStart/SeekComplete';
