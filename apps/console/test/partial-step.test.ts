import { describe, expect, it } from 'vitest';
import { partialStep } from '../src/report-view/partial-step';

const day = (key: string) => ({ key, label: key, values: {} });
const NOW = new Date(2026, 10, 28, 12, 0);

describe('the step of a time series still under way', () => {
  it("is today's day in a series of days", () => {
    expect(partialStep({ chart: 'line', rows: [day('2026-11-26'), day('2026-11-27'), day('2026-11-28')] }, NOW)).toBe(2);
  });

  it('is none in a series of past days, in a series of hours, or in a ranking', () => {
    expect(partialStep({ chart: 'line', rows: [day('2026-11-26'), day('2026-11-27')] }, NOW)).toBeUndefined();
    expect(partialStep({ chart: 'line', rows: [day('0'), day('1')] }, NOW)).toBeUndefined();
    expect(partialStep({ chart: 'bar', rows: [day('2026-11-28')] }, NOW)).toBeUndefined();
  });
});
