import { describe, expect, it } from 'vitest';
import { AUTO_LEVEL, chooseLevel, qualityButtonText, qualityLevels, type QualityState } from '../src/player/quality';

// hls.js's levels for public/media/vod/informatiu/master.m3u8, in the playlist's order.
const LEVELS = qualityLevels([
  { bitrate: 134_000, height: 360, width: 640 },
  { bitrate: 47_000, height: 144, width: 256 },
  { bitrate: 88_000, height: 240, width: 426 },
]);

describe('quality menu', () => {
  it('lists the renditions lowest first, named by height, keeping their hls.js index', () => {
    expect(LEVELS).toEqual([
      { index: 1, label: '144p', bitrate: 47_000 },
      { index: 2, label: '240p', bitrate: 88_000 },
      { index: 0, label: '360p', bitrate: 134_000 },
    ]);
    expect(qualityLevels([{ bitrate: 120_000 }])[0]!.label).toBe('120 kbit/s');
  });

  it('starts automatic, showing the level hls.js plays; a choice shows that level', () => {
    const auto: QualityState = { levels: LEVELS, selected: AUTO_LEVEL };
    expect(qualityButtonText(auto)).toBe('Qualitat: Automàtica');
    expect(qualityButtonText({ ...auto, playing: 2 })).toBe('Qualitat: Automàtica (240p)');
    const chosen = chooseLevel({ ...auto, playing: 2 }, 0);
    expect(chosen.selected).toBe(0);
    expect(qualityButtonText(chosen)).toBe('Qualitat: 360p');
    expect(chooseLevel(chosen, AUTO_LEVEL).selected).toBe(AUTO_LEVEL);
  });

  it('keeps the current choice for a level that does not exist', () => {
    const state: QualityState = { levels: LEVELS, selected: 1 };
    expect(chooseLevel(state, 7)).toBe(state);
    expect(chooseLevel(state, -2)).toBe(state);
  });
});
