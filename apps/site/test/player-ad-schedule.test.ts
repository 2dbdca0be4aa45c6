import { describe, expect, it } from 'vitest';
import { dueMidroll, prerollOf, scheduleBreaks } from '../src/player/ad-schedule';

const BREAKS = scheduleBreaks([
  { offsetSeconds: 20, vast: ['/ads/c.xml'] },
  { offsetSeconds: 0, vast: ['/ads/a.xml', '/ads/b.xml'] },
  { offsetSeconds: 10, vast: ['/ads/d.xml'] },
  { offsetSeconds: 15, vast: [] },
]);

describe('scheduleBreaks', () => {
  it('orders the breaks by offset: the preroll is position 1, the midrolls 2, 3…; a break without ads is left out', () => {
    expect(BREAKS.map((each) => each.info)).toEqual([
      { name: 'preroll', position: 1, startTime: 0 },
      { name: 'midroll', position: 2, startTime: 10 },
      { name: 'midroll', position: 3, startTime: 20 },
    ]);
    expect(prerollOf(BREAKS)?.vast).toEqual(['/ads/a.xml', '/ads/b.xml']);
  });

  it('numbers the first midroll 1 when there is no preroll', () => {
    const breaks = scheduleBreaks([{ offsetSeconds: 12, vast: ['/ads/anunci-3.xml'] }]);
    expect(breaks[0]!.info).toEqual({ name: 'midroll', position: 1, startTime: 12 });
    expect(prerollOf(breaks)).toBeUndefined();
  });
});

describe('dueMidroll', () => {
  it('is due when playing runs across its offset, not before', () => {
    expect(dueMidroll(BREAKS, new Set(), 9.5, 9.9)).toBeUndefined();
    expect(dueMidroll(BREAKS, new Set(), 9.8, 10.1)?.info.position).toBe(2);
    expect(dueMidroll(BREAKS, new Set(), 10, 10.2)).toBeUndefined();
  });

  it('plays each midroll once, never the preroll, never backwards', () => {
    expect(dueMidroll(BREAKS, new Set([2]), 9.8, 10.1)).toBeUndefined();
    expect(dueMidroll(BREAKS, new Set(), -0.1, 0.2)).toBeUndefined();
    expect(dueMidroll(BREAKS, new Set(), 12, 8)).toBeUndefined();
  });

  it('gives the latest when one step runs across several', () => {
    expect(dueMidroll(BREAKS, new Set(), 9, 21)?.info.position).toBe(3);
  });
});
