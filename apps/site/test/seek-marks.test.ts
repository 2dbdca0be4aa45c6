import { describe, expect, it } from 'vitest';
import { seekMarks } from '../src/player/seek-marks';

const chapters = [
  { name: 'Titulars', startTime: 0 },
  { name: 'Notícies', startTime: 8 },
  { name: 'El temps', startTime: 24 },
];

describe('seekMarks', () => {
  it('marks each chapter start and each ad break inside the media, in order, as a share of its length', () => {
    const adBreaks = [
      { offsetSeconds: 0, vast: ['/ads/anunci-2.xml'] },
      { offsetSeconds: 12, vast: ['/ads/anunci-3.xml'] },
    ];
    expect(seekMarks({ chapters, adBreaks, durationSeconds: 30 })).toEqual([
      { kind: 'chapter', percent: (8 / 30) * 100, label: 'Notícies' },
      { kind: 'ad', percent: 40, label: 'Publicitat' },
      { kind: 'chapter', percent: 80, label: 'El temps' },
    ]);
  });

  it('draws nothing at 0 s, past the end, for a break without ads, or before the length is known', () => {
    const adBreaks = [
      { offsetSeconds: 10, vast: [] },
      { offsetSeconds: 40, vast: ['/ads/anunci-1.xml'] },
    ];
    expect(seekMarks({ chapters: [chapters[0]!], adBreaks, durationSeconds: 30 })).toEqual([]);
    expect(seekMarks({ chapters, adBreaks: [], durationSeconds: 0 })).toEqual([]);
  });
});
