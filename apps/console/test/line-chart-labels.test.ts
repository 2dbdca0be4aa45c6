import { describe, expect, it } from 'vitest';
import { xLabelSpace } from '../src/report-view/line-chart';

// The horizontal axis of a line chart leaves each label room for its whole text: a day's label
// ("dv. 20/11/2026", the reports' own) ran into the next at 390 px when the room was a fixed 70 px.

describe('the room between the labels of a line chart', () => {
  it("is wider than a day's label drawn in the axis font", () => {
    // 14 characters of 12 px sans-serif are about 90 px wide.
    expect(xLabelSpace(['dv. 20/11/2026', 'ds. 21/11/2026'])).toBeGreaterThanOrEqual(100);
  });

  it('keeps the least room for short labels (hours, minutes)', () => {
    expect(xLabelSpace(['00 h', '23 h'])).toBe(70);
    expect(xLabelSpace([])).toBe(70);
  });
});
