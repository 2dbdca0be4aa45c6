import { describe, expect, it } from 'vitest';
import {
  byPageViewsDesc,
  fillMissingDays,
  isEmptyReport,
  rangeVisitors,
  shareOf,
  topRows,
  withChartFigures,
} from '../src/reports/report-maths';
import type { PageViewsReport } from '../src/reports/report-types';

const range = { from: '2026-11-17', to: '2026-11-23' };

function report(overrides: Partial<PageViewsReport>): PageViewsReport {
  return { ...range, by: 'day', total: 0, rows: [], ...overrides };
}

describe('fillMissingDays', () => {
  it('adds the days without hits with 0 page views and 0 visitors, in day order', () => {
    const filled = fillMissingDays(
      [
        { key: '2026-11-23', pageViews: 12, visitors: 3 },
        { key: '2026-11-19', pageViews: 4, visitors: 2 },
      ],
      range,
    );
    expect(filled).toEqual([
      { key: '2026-11-17', pageViews: 0, visitors: 0 },
      { key: '2026-11-18', pageViews: 0, visitors: 0 },
      { key: '2026-11-19', pageViews: 4, visitors: 2 },
      { key: '2026-11-20', pageViews: 0, visitors: 0 },
      { key: '2026-11-21', pageViews: 0, visitors: 0 },
      { key: '2026-11-22', pageViews: 0, visitors: 0 },
      { key: '2026-11-23', pageViews: 12, visitors: 3 },
    ]);
  });

  it('gives a row of zeros per day for a range without data', () => {
    expect(fillMissingDays([], { from: '2026-11-22', to: '2026-11-23' })).toEqual([
      { key: '2026-11-22', pageViews: 0, visitors: 0 },
      { key: '2026-11-23', pageViews: 0, visitors: 0 },
    ]);
  });

  it('leaves out rows outside the range', () => {
    expect(fillMissingDays([{ key: '2026-11-30', pageViews: 5, visitors: 1 }], { from: '2026-11-23', to: '2026-11-23' })).toEqual([
      { key: '2026-11-23', pageViews: 0, visitors: 0 },
    ]);
  });
});

describe('shareOf', () => {
  it('divides by the total', () => {
    expect(shareOf(3, 12)).toBe(0.25);
  });

  it('is 0, not NaN, when the total is 0', () => {
    expect(shareOf(0, 0)).toBe(0);
  });
});

describe('withChartFigures', () => {
  it('adds the share of the total and a bar length relative to the largest row', () => {
    const rows = withChartFigures(
      [
        { key: 'noticies', pageViews: 6, visitors: 2 },
        { key: 'portada', pageViews: 3, visitors: 3 },
        { key: 'el-temps', pageViews: 0, visitors: 0 },
      ],
      12,
    );
    expect(rows.map(({ key, share, barPercent }) => ({ key, share, barPercent }))).toEqual([
      { key: 'noticies', share: 0.5, barPercent: 100 },
      { key: 'portada', share: 0.25, barPercent: 50 },
      { key: 'el-temps', share: 0, barPercent: 0 },
    ]);
  });

  it('draws no bars when every row is 0', () => {
    expect(withChartFigures([{ key: '2026-11-23', pageViews: 0, visitors: 0 }], 0)[0]).toMatchObject({ share: 0, barPercent: 0 });
  });
});

describe('byPageViewsDesc and topRows', () => {
  const rows = [
    { key: 'b', pageViews: 2, visitors: 1 },
    { key: 'c', pageViews: 9, visitors: 4 },
    { key: 'a', pageViews: 2, visitors: 2 },
  ];

  it('orders by page views, most first, ties by key', () => {
    expect(byPageViewsDesc(rows).map((row) => row.key)).toEqual(['c', 'a', 'b']);
  });

  it('keeps the given number of rows and leaves its input untouched', () => {
    expect(topRows(rows, 2).map((row) => row.key)).toEqual(['c', 'a']);
    expect(rows.map((row) => row.key)).toEqual(['b', 'c', 'a']);
  });
});

describe('isEmptyReport', () => {
  it('is true for a range without page views', () => {
    expect(isEmptyReport(report({ total: 0, rows: [] }))).toBe(true);
  });

  it('is false as soon as there is one page view', () => {
    expect(isEmptyReport(report({ total: 1, rows: [{ key: '2026-11-23', pageViews: 1, visitors: 1 }] }))).toBe(false);
  });
});

describe('rangeVisitors', () => {
  it("uses the server's distinct visitors when it sends them", () => {
    expect(rangeVisitors(report({ total: 12, visitors: 4, rows: [] }))).toBe(4);
  });

  it('uses the only row when there is one', () => {
    expect(rangeVisitors(report({ total: 12, rows: [{ key: '2026-11-23', pageViews: 12, visitors: 3 }] }))).toBe(3);
  });

  it('does not add up visitors of several days, which would count returning visitors twice', () => {
    const rows = [
      { key: '2026-11-22', pageViews: 5, visitors: 2 },
      { key: '2026-11-23', pageViews: 7, visitors: 3 },
    ];
    expect(rangeVisitors(report({ total: 12, rows }))).toBeUndefined();
  });
});
