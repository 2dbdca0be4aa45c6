import { describe, expect, it } from 'vitest';
import { chapterAt, chapterCalls } from '../src/player/chapters';

const CHAPTERS = [
  { name: 'Titulars', startTime: 0, length: 6 },
  { name: 'El temps', startTime: 6, length: 6 },
];

describe('chapterAt', () => {
  it.each([
    [0, 0],
    [5.99, 0],
    [6, 1],
    [12, 1],
    [12.01, undefined],
    [-1, undefined],
  ])('at %s s is chapter %s', (seconds, index) => {
    expect(chapterAt(CHAPTERS, seconds)).toBe(index);
  });
});

describe('chapterCalls (§4 "a new chapter skips the current one")', () => {
  it('opens the chapter of the first frame', () => {
    expect(chapterCalls(CHAPTERS, undefined, 0.1, 'play')).toEqual([{ call: 'start', index: 0, chapter: CHAPTERS[0] }]);
  });

  it('completes the open chapter when playing on into the next, and the last at the end', () => {
    expect(chapterCalls(CHAPTERS, 0, 6.2, 'play')).toEqual([
      { call: 'complete', index: 0 },
      { call: 'start', index: 1, chapter: CHAPTERS[1] },
    ]);
    expect(chapterCalls(CHAPTERS, 1, 12.008, 'play')).toEqual([{ call: 'complete', index: 1 }]);
  });

  it('skips the open chapter when a seek leaves it, and asks nothing while the playhead stays in it', () => {
    expect(chapterCalls(CHAPTERS, 0, 7, 'seek')).toEqual([
      { call: 'skip', index: 0 },
      { call: 'start', index: 1, chapter: CHAPTERS[1] },
    ]);
    expect(chapterCalls(CHAPTERS, 1, 9, 'seek')).toEqual([]);
  });
});
