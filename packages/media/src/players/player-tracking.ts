/**
 * What a player adapter gives the page, and what it needs from it. The adapter follows the
 * player's own events (load, play, pause, seek, buffer, end, errors); ads and chapters it cannot
 * see (the page's ad player knows when an ad plays, the page knows its chapters), so the page
 * reports them through this API.
 */
import type { MediaDelegate } from '../config.js';
import type { Timers } from '../deps.js';
import type { MediaTracker } from '../media-tracker.js';

/** An ad break (pod), spec §3: its name, its index among the content's breaks (from 1), where it sits (seconds). */
export interface AdBreakInfo {
  name: string;
  position: number;
  startTime: number;
}

/** An ad, spec §3: its position in the break (from 1) and length (seconds); metadata by AdMetadataKeys. */
export interface AdInfo {
  name: string;
  id: string;
  position: number;
  length: number;
  metadata?: Record<string, string>;
}

/** A chapter, spec §3: its index (from 1), length and start (seconds). */
export interface ChapterInfo {
  name: string;
  position: number;
  length: number;
  startTime: number;
  metadata?: Record<string, string>;
}

export interface PlayerTracking {
  /** An ad break begins; the content is held meanwhile (a preroll: before the first frame). */
  adBreakStart(adBreak: AdBreakInfo): void;
  /** An ad of the open break begins to play. */
  adStart(ad: AdInfo): void;
  /** The open ad played to its end. */
  adComplete(): void;
  /** The open ad was left before its end. */
  adSkip(): void;
  /** The open break ended; the content plays again. */
  adBreakComplete(): void;
  chapterStart(chapter: ChapterInfo): void;
  chapterComplete(): void;
  chapterSkip(): void;
  /** Stops following the player: ends an open session, removes every listener and timer. */
  destroy(): void;
}

export interface PlayerTrackingOptions {
  /**
   * The tracker for this player's delegate: the media bootstrap's `createTracker`, or
   * `createMediaTracker` with a config and deps. Called once, when the adapter is created.
   */
  createTracker(delegate: MediaDelegate): MediaTracker;
  /** The page's data layer at each session start. Default: `window.mesuraData`. */
  dataLayer?: () => unknown;
  /** Default: setTimeout / clearTimeout. */
  timers?: Timers;
  /** Epoch ms, for the startup time. Default Date.now. */
  now?: () => number;
}

/** The part of an HTMLMediaElement the adapters read; a <video> or <audio> element has it all. */
export type PlayerElement = Pick<HTMLMediaElement, 'currentTime' | 'duration' | 'paused' | 'ended' | 'readyState' | 'currentSrc' | 'nodeName' | 'error'> &
  EventTarget & {
    /** Only <video> elements have it (dropped frames). */
    getVideoPlaybackQuality?(): { droppedVideoFrames: number };
  };

/** What the stream says of its quality, beyond the element: hls.js knows its levels. */
export interface StreamRates {
  /** Bits per second; 0 while unknown. */
  bitrate(): number;
  /** Frames per second; 0 while unknown. */
  fps(): number;
}
