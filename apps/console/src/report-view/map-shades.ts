/**
 * The place map's colours (place-map.tsx), apart from it so that a legend can name them without
 * loading the map's chunk. Shades run from a pale to the current line's dark blue
 * (line-chart-colours.ts), so that the map reads as the same figure as the bars.
 */
export const MAP_EMPTY_COLOUR = '#eef2f6';
/** A place whose figure the minimum cohort hides. */
export const MAP_HIDDEN_COLOUR = '#c7ccd1';
const PALEST = [219, 231, 243] as const;
const DARKEST = [29, 53, 87] as const;

/** The shade of a place holding `share` (0–1) of the largest place's figure. */
export function mapShade(share: number): string {
  const t = Math.min(1, Math.max(0, share));
  const channel = (i: 0 | 1 | 2) => Math.round(PALEST[i] + (DARKEST[i] - PALEST[i]) * t);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}
