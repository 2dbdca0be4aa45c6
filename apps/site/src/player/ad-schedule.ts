/**
 * When the ad breaks of a media play (pure; the player session applies it). The break at 0 s is the
 * preroll, played before the first frame; the others are midrolls, each played once, when playback
 * runs across its offset. A seek past a midroll does not play it: the visitor chose where to go,
 * and holding them for an ad they jumped over would punish the seek.
 */
import type { AdBreak } from '@mesura/content';
import type { AdBreakInfo } from '@mesura/media/players';

/** A break with what the tracker is told of it (spec §3: name, position from 1, start time). */
export interface ScheduledBreak {
  info: AdBreakInfo;
  vast: readonly string[];
}

/** Breaks with ads, in offset order; positions count from 1 in that order (the preroll is 1). */
export function scheduleBreaks(adBreaks: readonly AdBreak[]): ScheduledBreak[] {
  return adBreaks
    .filter((adBreak) => adBreak.vast.length > 0 && Number.isFinite(adBreak.offsetSeconds) && adBreak.offsetSeconds >= 0)
    .sort((a, b) => a.offsetSeconds - b.offsetSeconds)
    .map((adBreak, index) => ({
      info: { name: adBreak.offsetSeconds === 0 ? 'preroll' : 'midroll', position: index + 1, startTime: adBreak.offsetSeconds },
      vast: adBreak.vast,
    }));
}

/** The preroll, when there is one. */
export function prerollOf(breaks: readonly ScheduledBreak[]): ScheduledBreak | undefined {
  return breaks.find((each) => each.info.startTime === 0);
}

/**
 * The midroll that playing from `fromSeconds` to `toSeconds` runs across, not yet played; the
 * latest if several (a long stall): one break at a time is what a visitor accepts.
 */
export function dueMidroll(breaks: readonly ScheduledBreak[], played: ReadonlySet<number>, fromSeconds: number, toSeconds: number): ScheduledBreak | undefined {
  if (toSeconds <= fromSeconds) return undefined;
  return breaks.filter((each) => each.info.startTime > 0 && !played.has(each.info.position) && fromSeconds < each.info.startTime && each.info.startTime <= toSeconds).at(-1);
}
