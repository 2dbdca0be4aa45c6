/**
 * @mesura/media: the media (video and audio) heartbeat tracker of spec §3–§9. A pure
 * state machine (tracker-step.ts) behind createMediaTracker, with clock, timers, transport,
 * storage, privacy, visitor and analytics injected; the replay command lives in src/replay.
 * Two subpaths stay out of the tracker's bundle: `@mesura/media/analytics` (createMediaAnalytics:
 * the start hits' context data, handed to the page's @mesura/analytics to encode and send) and
 * `@mesura/media/messages` (every log message, for callers and tests to compare against).
 */
export { createMediaTracker } from './media-tracker.js';
export { MediaEvent } from './media-event.js';
export { MediaType, StreamType, createMediaObject } from './media-object.js';
export { createAdBreakObject } from './ad-break.js';
export { createAdObject } from './ad.js';
export { createChapterObject } from './chapter.js';
export { createQoSObject } from './qos.js';
export { createTimedMetadataObject } from './timed-metadata.js';
export { AdMetadataKeys, AudioMetadataKeys, VideoMetadataKeys } from './metadata-keys.js';
export { step } from './tracker-step.js';
export {
  AUTH_STATE_AUTHENTICATED,
  AUTH_STATE_LOGGED_OUT,
  AUTH_STATE_UNKNOWN,
  IDLE_TIMEOUT_MS,
  PREROLL_WAIT_MS,
  WORK_QUEUE_MAX_ITEMS,
} from './constants.js';

// Types apart, so that `verbatimModuleSyntax` builds erase them cleanly.
export type { MediaTracker } from './media-tracker.js';
export type { MediaConfig, MediaDelegate } from './config.js';
export type {
  Clock,
  CustomerId,
  CustomerIds,
  FetchText,
  KeyValueStorage,
  LogEntry,
  LogLevel,
  MediaDeps,
  PrivacySource,
  PrivacyStatus,
  TimerHandle,
  Timers,
  Transport,
  VisitorSource,
} from './deps.js';
export type { MediaObject, MediaObjectOptions } from './media-object.js';
export type { AdBreakObject } from './ad-break.js';
export type { AdObject } from './ad.js';
export type { ChapterObject } from './chapter.js';
export type { QoSObject } from './qos.js';
export type {
  AdStartInfo,
  MediaAnalytics,
  MediaAnalyticsOptions,
  MediaStartInfo,
  SendResult,
} from './media-analytics.js';
export type { Input, Readings, StepResult, TrackerState } from './tracker-state.js';
