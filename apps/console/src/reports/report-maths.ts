import { eachDay } from './date-range';
import type { DateRange, PageViewsReport, ReportRow } from './report-types';

/** A row with its share of the range's page views and its bar length. */
export interface ChartRow extends ReportRow {
  /** pageViews / total page views of the range, 0–1. */
  share: number;
  /** Bar length relative to the largest row, 0–100, so that the largest bar fills the chart. */
  barPercent: number;
}

/**
 * One row per day of the range, in order, with 0 for the days the API left out: the API only
 * returns days that had hits, and a chart with holes would hide the quiet days.
 */
export function fillMissingDays(rows: readonly ReportRow[], range: DateRange): ReportRow[] {
  const byDay = new Map(rows.map((row) => [row.key, row]));
  return eachDay(range).map((day) => byDay.get(day) ?? { key: day, pageViews: 0, visitors: 0 });
}

/** Share of a total, 0 when the total is 0 (an empty range has no shares, not NaN). */
export function shareOf(value: number, total: number): number {
  return total > 0 ? value / total : 0;
}

export function withChartFigures(rows: readonly ReportRow[], total: number): ChartRow[] {
  const largest = Math.max(0, ...rows.map((row) => row.pageViews));
  return rows.map((row) => ({
    ...row,
    share: shareOf(row.pageViews, total),
    barPercent: shareOf(row.pageViews, largest) * 100,
  }));
}

/** Most page views first; ties in key order, so that equal rows keep a stable order. */
export function byPageViewsDesc(rows: readonly ReportRow[]): ReportRow[] {
  return [...rows].sort((a, b) => b.pageViews - a.pageViews || a.key.localeCompare(b.key));
}

/** The `limit` rows with most page views. */
export function topRows(rows: readonly ReportRow[], limit: number): ReportRow[] {
  return byPageViewsDesc(rows).slice(0, limit);
}

/** True when the range had no page view at all: the console then shows its empty state. */
export function isEmptyReport(report: PageViewsReport): boolean {
  return report.total === 0 && report.rows.every((row) => row.pageViews === 0);
}

/**
 * Distinct visitors of the range. Only the server can count them (summing days counts a returning
 * visitor twice), so without its figure the answer is known only for a one-row report.
 */
export function rangeVisitors(report: PageViewsReport): number | undefined {
  if (report.visitors !== undefined) return report.visitors;
  if (report.rows.length === 0) return 0;
  if (report.rows.length === 1) return report.rows[0]?.visitors;
  return undefined;
}
