/**
 * The media-chrome elements the site's players use, defined as custom elements. Imported only by
 * use-media-chrome.ts, lazily, so that the library is a chunk of its own that loads where a player
 * is, and never on the server. The Catalan labels come first: each control reads its names when it
 * is first drawn.
 */
import './media-chrome-catalan';
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-mute-button.js';
import 'media-chrome/dist/media-volume-range.js';
import 'media-chrome/dist/media-fullscreen-button.js';
import 'media-chrome/dist/media-pip-button.js';
