/**
 * `@mesura/media/players`: the adapters that drive the tracker from a real player (spec §4 "Player events driving tracking"): an
 * HTML5 <video>/<audio> element, or an hls.js instance, plus the page's explicit ad and chapter
 * calls; and how a session's media is read from the data layer's video group.
 */
export { trackHtml5Player } from './html5-player.js';
export { HLS_ERROR, HLS_LEVEL_SWITCHED, trackHlsPlayer } from './hls-player.js';
export { sessionMedia, sessionMediaFromDataLayer } from './session-media.js';
export { VIDEO_VARIABLES } from './video-variables.js';

export type { HlsLike, HlsTrackingOptions } from './hls-player.js';
export type {
  AdBreakInfo,
  AdInfo,
  ChapterInfo,
  PlayerElement,
  PlayerTracking,
  PlayerTrackingOptions,
  StreamRates,
} from './player-tracking.js';
export type { PlayerFacts, SessionMedia } from './session-media.js';
