import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  defaultDateRange,
  eachDay,
  isIsoDay,
  rangeFromSearchParams,
  rangeProblem,
} from '../src/reports/date-range';

describe('defaultDateRange', () => {
  it('covers the last 7 days including today', () => {
    expect(defaultDateRange(new Date('2026-11-23T10:00:00Z'), 'Europe/Madrid')).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    });
  });

  it("takes today in the report time zone, not in UTC (00:30 in Barcelona is already the next day)", () => {
    expect(defaultDateRange(new Date('2026-11-22T23:30:00Z'), 'Europe/Madrid')).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    });
  });

  it('crosses month and year boundaries', () => {
    expect(defaultDateRange(new Date('2027-01-03T12:00:00Z'), 'Europe/Madrid')).toEqual({
      from: '2026-12-28',
      to: '2027-01-03',
    });
  });
});

describe('dayIn', () => {
  it('writes the day as YYYY-MM-DD', () => {
    expect(dayIn(new Date('2026-03-05T12:00:00Z'), 'UTC')).toBe('2026-03-05');
  });
});

describe('addDays', () => {
  it('steps over the daylight-saving change without skipping a day', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
  });
});

describe('eachDay', () => {
  it('lists every day, both ends included', () => {
    expect(eachDay({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('lists one day for a one-day range and none for a reversed one', () => {
    expect(eachDay({ from: '2026-11-23', to: '2026-11-23' })).toEqual(['2026-11-23']);
    expect(eachDay({ from: '2026-11-24', to: '2026-11-23' })).toEqual([]);
  });
});

describe('isIsoDay', () => {
  it('accepts real days only', () => {
    expect(['2026-11-23', '2028-02-29'].map(isIsoDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '23/11/2026', '', '2026-1-5'].map(isIsoDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('rangeProblem', () => {
  it('accepts a one-day range', () => {
    expect(rangeProblem({ from: '2026-11-23', to: '2026-11-23' })).toBeUndefined();
  });

  it('names an empty or broken day', () => {
    expect(rangeProblem({ from: '', to: '2026-11-23' })).toBe('invalid-day');
  });

  it('names a start after the end', () => {
    expect(rangeProblem({ from: '2026-11-24', to: '2026-11-23' })).toBe('from-after-to');
  });
});

describe('rangeFromSearchParams', () => {
  const fallback = { from: '2026-11-17', to: '2026-11-23' };

  it('reads from and to from the URL', () => {
    expect(rangeFromSearchParams(new URLSearchParams('from=2026-10-01&to=2026-10-31'), fallback)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('falls back to the default range when the URL has none or a broken one', () => {
    expect(rangeFromSearchParams(new URLSearchParams(''), fallback)).toBe(fallback);
    expect(rangeFromSearchParams(new URLSearchParams('from=2026-10-31&to=2026-10-01'), fallback)).toBe(fallback);
    expect(rangeFromSearchParams(new URLSearchParams('from=ahir&to=2026-10-01'), fallback)).toBe(fallback);
  });
});
