/**
 * The hls.js adapter: the HTML5 adapter on the element hls.js plays into, plus what only hls.js
 * knows: the level (bitrate and frame rate) it plays, its switches (`BitrateChange`) and its fatal
 * errors. The page passes its `Hls` instance, so that hls.js is never part of the tracker's bundle.
 */
import { PLAYER_REFERENCE_NULL } from '../errors.js';
import { followElement } from './html5-player.js';
import type { PlayerElement, PlayerTracking, PlayerTrackingOptions } from './player-tracking.js';

/** hls.js's `Hls.Events.LEVEL_SWITCHED` and `Hls.Events.ERROR`: stable names of its public API. */
export const HLS_LEVEL_SWITCHED = 'hlsLevelSwitched';
export const HLS_ERROR = 'hlsError';

type HlsListener = (event: string, data: unknown) => void;

/** The part of an hls.js `Hls` instance the adapter uses. */
export interface HlsLike {
  /** The element hls.js plays into; null while detached. */
  readonly media: PlayerElement | null;
  readonly levels: ReadonlyArray<{ bitrate: number; frameRate?: number }>;
  /** The level playing now; -1 before the first. */
  readonly currentLevel: number;
  on(event: string, listener: HlsListener): void;
  off(event: string, listener: HlsListener): void;
}

export interface HlsTrackingOptions extends PlayerTrackingOptions {
  /** The element to follow. Default `hls.media`: attach the media before tracking. */
  media?: PlayerElement;
}

export function trackHlsPlayer(hls: HlsLike | null | undefined, options: HlsTrackingOptions): PlayerTracking {
  if (hls === null || hls === undefined) throw new Error(PLAYER_REFERENCE_NULL);
  const element = options.media ?? hls.media;
  if (element === null || element === undefined) throw new Error(PLAYER_REFERENCE_NULL);
  let level = hls.currentLevel;
  const playing = () => hls.levels[level];
  const { driver, tracking } = followElement(element, { bitrate: () => playing()?.bitrate ?? 0, fps: () => playing()?.frameRate ?? 0 }, options);
  // §4: an Hls instance moved to another element no longer speaks for this one.
  const mine = () => hls.media === element;
  const onLevelSwitched: HlsListener = (_event, data) => {
    if (!mine()) return;
    level = (data as { level?: number } | undefined)?.level ?? hls.currentLevel;
    driver.bitrateChanged();
  };
  // Non-fatal errors are hls.js recovering by itself (a retried fragment): playback goes on.
  const onError: HlsListener = (_event, data) => {
    const error = data as { fatal?: boolean; details?: string } | undefined;
    if (mine() && error?.fatal === true) driver.error(error.details);
  };
  hls.on(HLS_LEVEL_SWITCHED, onLevelSwitched);
  hls.on(HLS_ERROR, onError);
  return {
    ...tracking,
    destroy() {
      hls.off(HLS_LEVEL_SWITCHED, onLevelSwitched);
      hls.off(HLS_ERROR, onError);
      tracking.destroy();
    },
  };
}
