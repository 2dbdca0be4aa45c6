/**
 * The quality menu's model (pure): the renditions hls.js found in the master playlist, which one
 * the visitor chose (or automatic: hls.js picks by bandwidth), and which one plays now.
 */

/** hls.js's choice by bandwidth: `hls.currentLevel = AUTO_LEVEL`. */
export const AUTO_LEVEL = -1;

export interface QualityLevel {
  /** hls.js level index. */
  index: number;
  /** "360p". */
  label: string;
  /** Bits per second, the playlist's BANDWIDTH. */
  bitrate: number;
}

export interface QualityState {
  levels: readonly QualityLevel[];
  /** The visitor's choice: a level index, or AUTO_LEVEL. */
  selected: number;
  /** The level playing now; undefined before the first. */
  playing?: number;
}

/** The menu's entries, lowest first, from hls.js's levels (whose order is the playlist's). */
export function qualityLevels(levels: ReadonlyArray<{ bitrate: number; height?: number; width?: number }>): QualityLevel[] {
  return levels
    .map((level, index) => ({ index, label: level.height ? `${level.height}p` : `${Math.round(level.bitrate / 1000)} kbit/s`, bitrate: level.bitrate }))
    .sort((a, b) => a.bitrate - b.bitrate);
}

/** A choice the menu may make: automatic, or one of the levels. Anything else keeps the current. */
export function chooseLevel(state: QualityState, choice: number): QualityState {
  if (choice !== AUTO_LEVEL && !state.levels.some((level) => level.index === choice)) return state;
  return { ...state, selected: choice };
}

/** The menu button's text: "Qualitat: Automàtica (240p)" or "Qualitat: 360p". */
export function qualityButtonText(state: QualityState): string {
  const label = (index: number | undefined) => state.levels.find((level) => level.index === index)?.label;
  if (state.selected !== AUTO_LEVEL) return `Qualitat: ${label(state.selected) ?? ''}`.trim();
  const playing = label(state.playing);
  return playing ? `Qualitat: Automàtica (${playing})` : 'Qualitat: Automàtica';
}
