/**
 * The HTML5 adapter: a <video> or <audio> element drives the tracker (spec §4 "Player events
 * driving tracking"). `loadedmetadata` starts the session, `emptied` (a new source) ends it, and
 * play, pause, seeking/seeked and ended map one to one; `playing` ends the startup time; `error`
 * carries the element's MediaError code as the error id. `waiting` is not listened to: a stream
 * that freezes stops the playhead, which the tracker's poll reports as `stall` (RULES 23).
 */
import { PLAYER_REFERENCE_NULL } from '../errors.js';
import { HAVE_METADATA, createPlaybackDriver, type PlaybackDriver } from './playback-driver.js';
import type { PlayerElement, PlayerTracking, PlayerTrackingOptions, StreamRates } from './player-tracking.js';

/** MediaError codes (HTML §4.8.11.1) as error ids: they say what failed in every browser alike. */
const MEDIA_ERROR_IDS: Readonly<Record<number, string>> = {
  1: 'MEDIA_ERR_ABORTED',
  2: 'MEDIA_ERR_NETWORK',
  3: 'MEDIA_ERR_DECODE',
  4: 'MEDIA_ERR_SRC_NOT_SUPPORTED',
};

const NO_RATES: StreamRates = { bitrate: () => 0, fps: () => 0 };

/**
 * Follows `element` until `destroy()`. Throws the §5 message when `element` is missing, so that a
 * page wiring tracking to a player that is not there finds out at once.
 */
export function trackHtml5Player(element: PlayerElement | null | undefined, options: PlayerTrackingOptions): PlayerTracking {
  if (element === null || element === undefined) throw new Error(PLAYER_REFERENCE_NULL);
  return followElement(element, NO_RATES, options).tracking;
}

/** The adapter's body, shared with the hls.js adapter (which adds its stream's rates and events). */
export function followElement(element: PlayerElement, rates: StreamRates, options: PlayerTrackingOptions): { driver: PlaybackDriver; tracking: PlayerTracking } {
  const driver = createPlaybackDriver(element, rates, options);
  const handlers: Record<string, () => void> = {
    loadedmetadata: () => driver.load(),
    emptied: () => driver.emptied(),
    play: () => driver.play(),
    playing: () => driver.playing(),
    pause: () => driver.pause(),
    seeking: () => driver.seeking(),
    seeked: () => driver.seeked(),
    ended: () => driver.ended(),
    error: () => driver.error(MEDIA_ERROR_IDS[element.error?.code ?? 0]),
  };
  // §4 "Events from another player instance are ignored": only this element's own events count.
  const listener = (event: Event) => {
    if (event.target === element) handlers[event.type]?.();
  };
  for (const type of Object.keys(handlers)) element.addEventListener(type, listener);
  // Attached late (the bootstrap arrives after the player): the media may be there already. Its
  // `loadedmetadata` may still be on its way (the element sets readyState before that event's
  // task runs); the driver starts no second session for it.
  if (element.readyState >= HAVE_METADATA) driver.load();

  const tracking: PlayerTracking = {
    adBreakStart: (adBreak) => driver.adBreakStart(adBreak),
    adStart: (ad) => driver.adStart(ad),
    adComplete: () => driver.adComplete(),
    adSkip: () => driver.adSkip(),
    adBreakComplete: () => driver.adBreakComplete(),
    chapterStart: (chapter) => driver.chapterStart(chapter),
    chapterComplete: () => driver.chapterComplete(),
    chapterSkip: () => driver.chapterSkip(),
    destroy() {
      for (const type of Object.keys(handlers)) element.removeEventListener(type, listener);
      driver.destroy();
    },
  };
  return { driver, tracking };
}
