/**
 * What the ad overlay says while an ad plays (pure): the seconds left, and whether and when the
 * visitor may skip it (the VAST skip offset).
 */
import type { VastAd } from './vast';

export interface AdCountdown {
  /** Whole seconds left of the ad, rounded up (a countdown never shows 0 while the ad plays). */
  remainingSeconds: number;
  /** The "Salta l'anunci" button works now. */
  skippable: boolean;
  /** Whole seconds until it does; undefined when the ad may never be skipped or already may. */
  skipInSeconds?: number;
}

export function adCountdown(ad: Pick<VastAd, 'lengthSeconds' | 'skipOffsetSeconds'>, currentTime: number): AdCountdown {
  const at = Math.max(0, Number.isFinite(currentTime) ? currentTime : 0);
  const remainingSeconds = Math.max(0, Math.ceil(ad.lengthSeconds - at));
  const offset = ad.skipOffsetSeconds;
  if (offset === undefined || offset >= ad.lengthSeconds) return { remainingSeconds, skippable: false };
  if (at >= offset) return { remainingSeconds, skippable: true };
  return { remainingSeconds, skippable: false, skipInSeconds: Math.ceil(offset - at) };
}

/** The countdown's text: "L'anunci acaba en 3 s". */
export function countdownText(countdown: AdCountdown): string {
  return `L'anunci acaba en ${countdown.remainingSeconds} s`;
}
