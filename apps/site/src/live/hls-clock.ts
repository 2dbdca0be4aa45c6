/**
 * Media time ↔ wall time in a live HLS stream, from the fragments' EXT-X-PROGRAM-DATE-TIME as
 * hls.js lists them (each fragment's start in media seconds and its programDateTime in epoch ms).
 * Pure, so that the mapping is tested without a player.
 */
export interface DatedFragment {
  /** Media time of the fragment's start, seconds. */
  start: number;
  /** Seconds. */
  duration: number;
  /** Wall time of its start, epoch ms; null when the playlist does not say. */
  programDateTime: number | null;
}

/** Wall time at media time `seconds`: from the fragment that holds it (or the nearest one). */
export function wallTimeAt(fragments: readonly DatedFragment[], seconds: number): number | undefined {
  const dated = fragments.filter((fragment) => fragment.programDateTime !== null);
  if (dated.length === 0) return undefined;
  const holding = dated.find((fragment) => fragment.start <= seconds && seconds < fragment.start + fragment.duration);
  const fragment = holding ?? ((seconds < (dated[0] as DatedFragment).start ? dated[0] : dated[dated.length - 1]) as DatedFragment);
  return (fragment.programDateTime as number) + (seconds - fragment.start) * 1000;
}

/** Media time at wall time `timeMs`: the inverse of wallTimeAt. */
export function mediaTimeAt(fragments: readonly DatedFragment[], timeMs: number): number | undefined {
  const dated = fragments.filter((fragment) => fragment.programDateTime !== null);
  if (dated.length === 0) return undefined;
  const holding = dated.find((fragment) => {
    const startMs = fragment.programDateTime as number;
    return startMs <= timeMs && timeMs < startMs + fragment.duration * 1000;
  });
  const fragment = holding ?? ((timeMs < ((dated[0] as DatedFragment).programDateTime as number) ? dated[0] : dated[dated.length - 1]) as DatedFragment);
  return fragment.start + (timeMs - (fragment.programDateTime as number)) / 1000;
}
