/**
 * Sticky A/B assignment without any stored state: a visitor's place in an activity is a point in
 * [0, 1) hashed from (visitor key, activity id, reshuffle counter), and the experiences' shares cut
 * [0, 1) into consecutive ranges. The shares are deliberately not part of the hash input, so the
 * point never moves when an editor changes them: a visitor changes experience only when a range
 * boundary passes over their point, which is the least movement any share change can cause (going
 * from 50/50 to 60/40 moves exactly the 10 % between 0.5 and 0.6). Bumping `reshuffle` changes the
 * hash input and so redraws every visitor.
 */
import type { Experience } from '@mesura/protocol';

/** The visitor's point in [0, 1) for one activity. */
export function assignmentPoint(visitorKey: string, activityId: string, reshuffle: number): number {
  return hash32(`${visitorKey}\u0000${activityId}\u0000${reshuffle}`) / 0x1_0000_0000;
}

/** The experience whose share range holds `point`; shares are weights, normalised here. */
export function experienceAt(experiences: readonly Experience[], point: number): Experience | undefined {
  const total = experiences.reduce((sum, e) => sum + e.share, 0);
  if (!(total > 0)) return undefined;
  let upper = 0;
  for (const e of experiences) {
    upper += e.share / total;
    if (e.share > 0 && point < upper) return e;
  }
  // Rounding can leave the last boundary a hair under 1: the last experience with traffic takes it.
  return experiences.findLast((e) => e.share > 0);
}

/**
 * FNV-1a over UTF-16 code units, then murmur3's finaliser: FNV alone is fast but its low bits
 * follow the input's last characters (sequential visitor ids would cluster); fmix32 spreads them.
 * Not cryptographic: a visitor gains nothing by choosing their id.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
