/**
 * An episode's generated subtitles (scripts/episode-subtitles.mjs): Catalan WebVTT over the whole
 * episode, timed as subtitles are read, never past its end.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { episodeSubtitles } from '../scripts/episode-subtitles.mjs';

const LENGTH_SECONDS = 12 * 60;
const text: string = episodeSubtitles({ programmeTitle: 'El Reportatge', title: 'La costa que recula', lengthSeconds: LENGTH_SECONDS });
const toMs = (stamp: string) => {
  const [hours, minutes, seconds] = stamp.split(':').map(Number);
  return Math.round(((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)) * 1000);
};
const cues = [...text.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)$/gm)].map((match) => ({
  startMs: toMs(match[1] ?? ''),
  endMs: toMs(match[2] ?? ''),
  text: match[3] ?? '',
}));

describe('an episode’s subtitles', () => {
  it('are Catalan WebVTT that open with the programme and the episode', () => {
    expect(text.startsWith('WEBVTT\nKind: subtitles\nLanguage: ca\n\n')).toBe(true);
    expect(cues[0]).toEqual({ startMs: 0, endMs: expect.any(Number), text: 'El Reportatge: La costa que recula' });
    expect(cues[1]?.text).toBe('Bona nit i benvinguts a El Reportatge.');
  });

  it('cover the whole episode, in order, never past its end', () => {
    const last = cues[cues.length - 1]!;
    expect(last.endMs).toBeLessThanOrEqual(LENGTH_SECONDS * 1000);
    expect(last.endMs).toBeGreaterThan(LENGTH_SECONDS * 1000 - 8_000);
    for (const [index, cue] of cues.entries()) {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      if (index > 0) expect(cue.startMs).toBeGreaterThan(cues[index - 1]!.endMs);
    }
  });

  it('show each line for as long as it takes to read, 1.5 to 6 seconds', () => {
    for (const cue of cues.slice(0, -1)) {
      expect(cue.endMs - cue.startMs).toBeGreaterThanOrEqual(1_500);
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(6_000);
    }
  });
});
