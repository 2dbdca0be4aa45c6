/**
 * The player-independent half of the adapters (spec §4 "Player events driving tracking"): it turns
 * what a player says (its media loaded, play, pause, seeking, the first frame, the end, an error,
 * a new bitrate) into tracker calls in the order the tracker's session rules accept, and measures
 * the startup time. A player that waits for data is not told to the tracker: its playhead stops,
 * and the tracker's own poll of the delegate's playhead reports the `stall` (src/playhead-poll.ts,
 * RULES 23), as the reference library did; `buffer` is for an app's explicit BufferStart. The
 * HTML5 and hls.js adapters only translate their events into these methods. Functions over one state object rather
 * than a class: the bundle targets ES2020, where private fields compile to WeakMap calls.
 */
import { TRACKER_DESTROY_DELAY_MS } from '../constants.js';
import type { Timers } from '../deps.js';
import { createAdBreakObject } from '../ad-break.js';
import { createAdObject } from '../ad.js';
import { createChapterObject } from '../chapter.js';
import { MediaEvent } from '../media-event.js';
import { MediaType } from '../media-object.js';
import type { MediaTracker } from '../media-tracker.js';
import { createQoSObject, type QoSObject } from '../qos.js';
import type { AdBreakInfo, AdInfo, ChapterInfo, PlayerElement, PlayerTracking, PlayerTrackingOptions, StreamRates } from './player-tracking.js';
import { sessionMediaFromDataLayer } from './session-media.js';

/**
 * The least startup time reported once measured. The wire's startup time is whole milliseconds and
 * 0 there means "not measured" (qosOf before the first frame); content started after a preroll is
 * already buffered, so its `play` and `playing` can fall in the same millisecond: that is a start
 * under a millisecond, not an unknown one.
 */
export const MIN_MEASURED_STARTUP_MS = 1;

/** HTMLMediaElement.HAVE_METADATA: the duration is known. */
export const HAVE_METADATA = 1;

const BROWSER_TIMERS: Timers = {
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the player adapters call, besides the page's calls of PlayerTracking. */
export interface PlaybackDriver extends PlayerTracking {
  /**
   * §4 "video load starts a session": the media's metadata is known. Once per media: a new source
   * passes through `emptied`, which ends the session, so a load during one is the same media's.
   */
  load(): void;
  /** The media was taken away (a new source): its session ends. */
  emptied(): void;
  play(): void;
  /** The first frame after a play: ends the startup time. */
  playing(): void;
  pause(): void;
  seeking(): void;
  seeked(): void;
  /** §4 "Ended sends complete and then ends the session". */
  ended(): void;
  /** An error; one before the metadata still gets a session, so that a start failure is counted. */
  error(errorId: string | undefined): void;
  /** The stream changed quality (an hls.js level switch). */
  bitrateChanged(): void;
}

/** What the driver knows of the playback, shared by the functions below. */
interface Driver {
  readonly element: PlayerElement;
  readonly rates: StreamRates;
  tracker: MediaTracker;
  readonly timers: Timers;
  readonly now: () => number;
  readonly dataLayer: () => unknown;
  /** A session is open: started at load, not yet ended. */
  inSession: boolean;
  /** Playing as far as the tracker knows: a play not followed by a pause. */
  playing: boolean;
  seeking: boolean;
  /** When the visitor first asked to play this media, and how long the first frame took (seconds). */
  playRequestedAt?: number;
  startupSeconds?: number;
  /**
   * An ad break the page began before the session did (a preroll started while the stream's
   * metadata was still loading), and its ad playing: told to the tracker once the session starts.
   */
  early?: { adBreak: AdBreakInfo; ad?: AdInfo };
}

export function createPlaybackDriver(element: PlayerElement, rates: StreamRates, options: PlayerTrackingOptions): PlaybackDriver {
  // The tracker is set right below: its delegate reads the driver, so the driver comes first.
  const d = {
    element,
    rates,
    timers: options.timers ?? BROWSER_TIMERS,
    now: options.now ?? Date.now,
    dataLayer: options.dataLayer ?? (() => (globalThis as { mesuraData?: unknown }).mesuraData),
    inSession: false,
    playing: false,
    seeking: false,
  } as Driver;
  d.tracker = options.createTracker({ getCurrentPlaybackTime: () => element.currentTime, getQoSObject: () => qosOf(d) });
  return { ...playerEvents(d), ...pageCalls(d) };
}

/** The QoS now (§3): the stream's rates, the startup time, the element's dropped frames. */
function qosOf(d: Driver): QoSObject {
  const dropped = d.element.getVideoPlaybackQuality?.().droppedVideoFrames ?? 0;
  return createQoSObject(d.rates.bitrate(), d.startupSeconds ?? 0, d.rates.fps(), dropped);
}

/** What the player says, in the order the tracker's session rules accept (§4). */
function playerEvents(d: Driver): Omit<PlaybackDriver, keyof ReturnType<typeof pageCalls>> {
  return {
    // The element sets readyState before its `loadedmetadata` task runs: a session may have begun
    // (at attach, or at a play) while that event was on its way.
    load: () => void (d.inSession || load(d)),
    emptied: () => void (d.inSession && endSession(d)),
    play() {
      d.playRequestedAt ??= d.now();
      // Played again after its end (§4 "Ended … ends the session"): a new view, so a new session,
      // which reports the play. Before the metadata, load() will.
      if (!d.inSession) return void (d.element.readyState >= HAVE_METADATA && load(d));
      // Already playing: load() at attach saw the element unpaused before its `play` event's task ran.
      if (!d.playing) trackPlay(d);
    },
    playing() {
      if (d.playRequestedAt !== undefined && d.startupSeconds === undefined) {
        d.startupSeconds = Math.max(d.now() - d.playRequestedAt, MIN_MEASURED_STARTUP_MS) / 1000;
      }
    },
    pause() {
      // The end of the media pauses the element just before `ended`, which completes instead.
      if (!d.inSession || d.element.ended) return;
      d.playing = false;
      d.tracker.trackPause();
    },
    seeking() {
      if (!d.inSession || d.seeking) return;
      d.seeking = true;
      d.tracker.trackEvent(MediaEvent.SeekStart);
    },
    seeked() {
      if (!d.seeking) return;
      d.seeking = false;
      d.tracker.trackEvent(MediaEvent.SeekComplete);
    },
    ended() {
      if (!d.inSession) return;
      d.tracker.trackComplete();
      endSession(d);
    },
    error(errorId) {
      if (!d.inSession) load(d);
      d.tracker.trackError(errorId);
    },
    bitrateChanged: () => void (d.inSession && d.tracker.trackEvent(MediaEvent.BitrateChange, qosOf(d))),
  };
}

/** What the page says: ads, chapters, and that it is done with the player. */
function pageCalls(d: Driver) {
  const event: MediaTracker['trackEvent'] = (...args) => d.tracker.trackEvent(...args);
  return {
    adBreakStart(adBreak: AdBreakInfo) {
      if (!d.inSession) d.early = { adBreak };
      event(MediaEvent.AdBreakStart, createAdBreakObject(adBreak.name, adBreak.position, adBreak.startTime));
    },
    adStart(ad: AdInfo) {
      if (!d.inSession && d.early) d.early.ad = ad;
      startAd(d, ad);
    },
    adComplete: () => (endEarlyAd(d), event(MediaEvent.AdComplete)),
    adSkip: () => (endEarlyAd(d), event(MediaEvent.AdSkip)),
    adBreakComplete() {
      d.early = undefined;
      event(MediaEvent.AdBreakComplete);
    },
    chapterStart: (chapter: ChapterInfo) => event(MediaEvent.ChapterStart, createChapterObject(chapter.name, chapter.position, chapter.length, chapter.startTime), chapter.metadata),
    chapterComplete: () => event(MediaEvent.ChapterComplete),
    chapterSkip: () => event(MediaEvent.ChapterSkip),
    // The tracker goes once the `end` of the session closed here has left.
    destroy() {
      if (d.inSession) endSession(d);
      d.timers.setTimer(() => d.tracker.destroy(), TRACKER_DESTROY_DELAY_MS);
    },
  };
}

function load(d: Driver): void {
  const { element } = d;
  const { media, contextData } = sessionMediaFromDataLayer(d.dataLayer(), {
    mediaType: element.nodeName.toUpperCase() === 'AUDIO' ? MediaType.Audio : MediaType.Video,
    duration: element.duration,
    source: element.currentSrc,
  });
  d.tracker.trackSessionStart(media, contextData);
  d.inSession = true;
  tellEarlyBreak(d);
  // Attached to a player that already plays, or playing began before the metadata arrived.
  if (!element.paused) trackPlay(d);
}

function trackPlay(d: Driver): void {
  d.playing = true;
  d.tracker.trackPlay();
}

function endSession(d: Driver): void {
  d.tracker.trackSessionEnd();
  d.inSession = d.playing = d.seeking = false;
  d.playRequestedAt = d.startupSeconds = undefined;
}

function startAd(d: Driver, ad: AdInfo): void {
  d.tracker.trackEvent(MediaEvent.AdStart, createAdObject(ad.name, ad.id, ad.position, ad.length), ad.metadata);
}

function endEarlyAd(d: Driver): void {
  if (!d.inSession && d.early) d.early.ad = undefined;
}

/**
 * The break (and its ad) the page began before the session: the tracker refused them then (§4:
 * every event but the session's start needs a session), so they begin now, measured from here.
 */
function tellEarlyBreak(d: Driver): void {
  const early = d.early;
  d.early = undefined;
  if (!early) return;
  const { adBreak, ad } = early;
  d.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject(adBreak.name, adBreak.position, adBreak.startTime));
  if (ad) startAd(d, ad);
}
