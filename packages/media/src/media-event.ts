/**
 * The events of `trackEvent` (spec §4 "Player events driving tracking"). The value
 * is the name, so that a replay scenario or a log line can say it as it is.
 */
export const MediaEvent = {
  // Ads
  /** An ad break (pod) begins; info: createAdBreakObject. A new break completes the open one. */
  AdBreakStart: 'AdBreakStart',
  /** The open ad break ends (its open ad is skipped first); main content play resumes. */
  AdBreakComplete: 'AdBreakComplete',
  /** An ad begins inside the open ad break; info: createAdObject. A new ad skips the open one. */
  AdStart: 'AdStart',
  /** The open ad played to its end. */
  AdComplete: 'AdComplete',
  /** The open ad was left before its end. */
  AdSkip: 'AdSkip',

  // Chapters
  /** A chapter begins; info: createChapterObject. A new chapter skips the open one. */
  ChapterStart: 'ChapterStart',
  /** The open chapter played to its end. */
  ChapterComplete: 'ChapterComplete',
  /** The open chapter was left before its end. */
  ChapterSkip: 'ChapterSkip',

  // Controlling the playback
  /** The viewer starts moving the playhead. */
  SeekStart: 'SeekStart',
  /** The playhead arrived; the time since SeekStart is reported as pause. */
  SeekComplete: 'SeekComplete',
  /** The player stalls waiting for data. */
  BufferStart: 'BufferStart',
  /** The player has data again. */
  BufferComplete: 'BufferComplete',

  // Quality and metadata
  /** The stream's bitrate changed; info: createQoSObject (else the delegate's QoS). */
  BitrateChange: 'BitrateChange',
  /** Timed metadata (e.g. ID3) arrived; info: a non-empty string. */
  TimedMetadataUpdate: 'TimedMetadataUpdate',
} as const;

export type MediaEvent = (typeof MediaEvent)[keyof typeof MediaEvent];

export function isMediaEvent(value: unknown): value is MediaEvent {
  return typeof value === 'string' && Object.hasOwn(MediaEvent, value);
}
