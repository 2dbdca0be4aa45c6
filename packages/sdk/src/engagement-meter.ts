/**
 * How long a visitor is engaged with a page, as a pure rule over the moments the page tells it of
 * (page-engagement.ts is its browser adapter): time counts while the page is visible and either
 * the visitor acted within the last ENGAGEMENT_IDLE_MS (a key, a pointer, a touch, a scroll) or a
 * video or audio element is playing. A reader who stops moving is still reading for a while; one
 * who left the tab open for lunch is not. The deepest scroll seen is kept beside it, in whole
 * percent of the page's height.
 */

/** How long after the visitor's last input the page still counts them as engaged. */
export const ENGAGEMENT_IDLE_MS = 5_000;

export interface EngagementReading {
  engagedMs: number;
  scrollPercent: number;
}

export interface EngagementMeter {
  /** The visitor acted (input or scroll) at `timeMs`. */
  activity(timeMs: number): void;
  /** The page became visible or hidden at `timeMs`. */
  visibility(visible: boolean, timeMs: number): void;
  /** How many media elements are playing from `timeMs`. */
  playing(count: number, timeMs: number): void;
  /** The page is seen down to `percent` of its height (0–100); only the deepest is kept. */
  scrolled(percent: number): void;
  /** What was measured up to `timeMs`. */
  read(timeMs: number): EngagementReading;
}

/**
 * A meter for a page shown at `startMs`, visible or not: arriving on a page counts as acting on
 * it, so its first moments are engaged.
 */
export function createEngagementMeter(startMs: number, visible: boolean): EngagementMeter {
  let engagedMs = 0;
  let scrollPercent = 0;
  let countedTo = startMs;
  let lastActivityMs = startMs;
  let shown = visible;
  let mediaPlaying = 0;

  /** Counts the engaged part of [countedTo, timeMs] under the state that held through it. */
  const advance = (timeMs: number) => {
    if (timeMs <= countedTo) return;
    if (shown) {
      const activeUntil = mediaPlaying > 0 ? timeMs : Math.min(timeMs, lastActivityMs + ENGAGEMENT_IDLE_MS);
      engagedMs += Math.max(0, activeUntil - countedTo);
    }
    countedTo = timeMs;
  };

  return {
    activity(timeMs) {
      advance(timeMs);
      lastActivityMs = Math.max(lastActivityMs, timeMs);
    },
    visibility(visible, timeMs) {
      advance(timeMs);
      shown = visible;
      // Coming back to the page is an act of the visitor.
      if (visible) lastActivityMs = Math.max(lastActivityMs, timeMs);
    },
    playing(count, timeMs) {
      advance(timeMs);
      // Time counted while playing ends the idle wait there, not at the last input before it.
      if (mediaPlaying > 0 && count === 0) lastActivityMs = Math.max(lastActivityMs, timeMs);
      mediaPlaying = count;
    },
    scrolled(percent) {
      scrollPercent = Math.max(scrollPercent, Math.min(100, Math.max(0, Math.round(percent))));
    },
    read(timeMs) {
      advance(timeMs);
      return { engagedMs: Math.round(engagedMs), scrollPercent };
    },
  };
}
