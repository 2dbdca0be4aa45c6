/**
 * What a player's session starts with (spec §3 "Video info read by the video tracking: name, id,
 * length, streamType, mediaType, and a parameters object of numbered analytics variables"): the
 * media object and the context data, from the data layer's video group (read with the §5
 * defaults by @mesura/datalayer's readVideoData). Pure; the adapter passes in what the player knows.
 */
import { NOT_INFORMED, NOT_INFORMED_OTHER, readVideoData, type ResolvedVideo } from '@mesura/datalayer';
import { createMediaObject, MediaType, StreamType, type MediaObject } from '../media-object.js';
import { VideoMetadataKeys } from '../metadata-keys.js';
import { VIDEO_VARIABLES } from './video-variables.js';

/** What the player itself says about the media, for what the data layer leaves out. */
export interface PlayerFacts {
  mediaType: MediaType;
  /** Seconds; NaN while unknown, Infinity for a live stream (HTMLMediaElement.duration). */
  duration: number;
  /** The media's address (currentSrc); the name and id of a page without a video group. */
  source: string;
}

export interface SessionMedia {
  media: MediaObject;
  /** The numbered analytics variables (VIDEO_VARIABLES), each with its §5 default when missing. */
  contextData: Record<string, string>;
}

/** Standard metadata (§3) the video group can fill. Left out when the group does not give them. */
const STANDARD_METADATA = [
  [VideoMetadataKeys.Show, 'codiPrograma'],
  [VideoMetadataKeys.Season, 'temporada'],
  [VideoMetadataKeys.Episode, 'capitol'],
  [VideoMetadataKeys.Genre, 'tematica'],
  [VideoMetadataKeys.Network, 'subEmissor'],
  [VideoMetadataKeys.StreamFormat, 'formatContingut'],
] as const satisfies readonly (readonly [string, keyof ResolvedVideo])[];

const STREAM_TYPES: ReadonlySet<string> = new Set(Object.values(StreamType));

/** A §5 default stands for "the page did not say". */
const informed = (value: string): boolean => value !== NOT_INFORMED && value !== NOT_INFORMED_OTHER;

/** The session media of the page whose data layer is `dataLayer` (`window.mesuraData`). */
export function sessionMediaFromDataLayer(dataLayer: unknown, player: PlayerFacts): SessionMedia {
  return sessionMedia(readVideoData(dataLayer), player);
}

export function sessionMedia(video: ResolvedVideo | undefined, player: PlayerFacts): SessionMedia {
  const fallbackName = player.source || NOT_INFORMED_OTHER;
  const name = video && informed(video.titol) ? video.titol : fallbackName;
  const id = video && informed(video.idSessioVideo) ? video.idSessioVideo : fallbackName;
  const standardMetadata: Record<string, string> = {};
  for (const [key, field] of STANDARD_METADATA) {
    if (video && informed(video[field])) standardMetadata[key] = video[field];
  }
  const media = createMediaObject(name, id, lengthOf(video, player), streamTypeOf(video, player), player.mediaType, {
    standardMetadata,
  });
  const contextData: Record<string, string> = {};
  if (video) for (const [field, variable] of Object.entries(VIDEO_VARIABLES)) contextData[variable] = video[field as keyof ResolvedVideo];
  return { media, contextData };
}

/** The group's `durada` wins (the editorial length); else the player's; 0 for a live stream. */
function lengthOf(video: ResolvedVideo | undefined, player: PlayerFacts): number {
  const declared = video && informed(video.durada) ? Number(video.durada) : Number.NaN;
  if (Number.isFinite(declared) && declared >= 0) return declared;
  return Number.isFinite(player.duration) && player.duration >= 0 ? player.duration : 0;
}

/** The group's heartbeat content type when it is a §3 stream type; else what the player shows. */
function streamTypeOf(video: ResolvedVideo | undefined, player: PlayerFacts): string {
  const declared = video?.tipusContingutHeartbeat;
  if (declared !== undefined && STREAM_TYPES.has(declared)) return declared;
  if (player.duration === Number.POSITIVE_INFINITY) return StreamType.LIVE;
  return player.mediaType === MediaType.Audio ? StreamType.AOD : StreamType.VOD;
}
