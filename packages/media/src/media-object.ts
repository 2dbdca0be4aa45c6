/**
 * The media object (spec §3 "Playback tracking objects": name, videoId, length, mediaType,
 * streamType, optional resumed flag, preroll tracking waiting time and standard metadata).
 */
import { IGNORED_METADATA, IGNORED_PREROLL_WAIT, IGNORED_RESUMED } from './errors.js';
import { checkObject, type Checked, type Schema } from './input-checks.js';

/** §3 stream types; `s:stream:type` and the analytics hit's `a.contentType`. */
export const StreamType = {
  /** Video on demand. */
  VOD: 'vod',
  /** A live event. */
  LIVE: 'live',
  /** A channel's continuous broadcast. */
  LINEAR: 'linear',
  PODCAST: 'podcast',
  AUDIOBOOK: 'audiobook',
  /** Audio on demand. */
  AOD: 'aod',
} as const;
export type StreamType = (typeof StreamType)[keyof typeof StreamType];

/** §3 media types; the analytics hit's `pev3` and `a.media.streamType`. */
export const MediaType = {
  Video: 'video',
  Audio: 'audio',
} as const;
export type MediaType = (typeof MediaType)[keyof typeof MediaType];

export interface MediaObjectOptions {
  /** The viewer comes back to a session of this media (sends `resume`). Default false. */
  resumed?: boolean;
  /** How long the first play waits for a preroll ad break, in ms. Default 250 (§9). */
  prerollTrackingWaitingTime?: number;
  /** Standard metadata by the keys of VideoMetadataKeys / AudioMetadataKeys. Default none. */
  standardMetadata?: Record<string, string>;
}

export interface MediaObject extends MediaObjectOptions {
  name: string;
  /** The content id (`s:asset:video_id`). */
  id: string;
  /** Seconds, floored. */
  length: number;
  /** One of StreamType (any non-empty string is accepted, as the library accepts it). */
  streamType: string;
  mediaType: MediaType;
}

const MEDIA_SCHEMA: Schema = {
  name: { rule: 'string' },
  id: { rule: 'id' },
  length: { rule: 'count' },
  streamType: { rule: 'id' },
  mediaType: { rule: [MediaType.Video, MediaType.Audio] },
  resumed: { rule: 'boolean', optional: true, ignoredWith: IGNORED_RESUMED },
  prerollTrackingWaitingTime: { rule: 'millis', optional: true, ignoredWith: IGNORED_PREROLL_WAIT },
  standardMetadata: { rule: 'map', optional: true, ignoredWith: IGNORED_METADATA },
};

/**
 * A media object from the player's values, as given (the length floored): the tracker checks it
 * when trackSessionStart receives it, and logs what it refuses or ignores.
 */
export function createMediaObject(name: string, id: string, length: number, streamType: string, mediaType: string, options?: MediaObjectOptions): MediaObject {
  return {
    name,
    id,
    length: typeof length === 'number' ? Math.floor(length) : length,
    streamType,
    mediaType: mediaType as MediaType,
    ...options,
  };
}

export function checkMediaObject(data: unknown): Checked<MediaObject> {
  return checkObject<MediaObject>('media', data, MEDIA_SCHEMA);
}
