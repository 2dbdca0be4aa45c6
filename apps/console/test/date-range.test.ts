import { describe, expect, it } from 'vitest';
import { addDays, dayIn, isIsoDay, rangeProblem } from '../src/reports/date-range';

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

describe('isIsoDay', () => {
  it('accepts real days only', () => {
    expect(['2026-11-23', '2028-02-29'].map(isIsoDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '23/11/2026', '', '2026-1-5'].map(isIsoDay)).toEqual([false, false, false, false, false]);
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
