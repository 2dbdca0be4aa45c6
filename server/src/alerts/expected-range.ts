/**
 * A figure's expected range for a window, from the same window of the weeks before (the same hour
 * of the same weekday, ALERT_HISTORY_WEEKS of them): their mean ± ALERT_RANGE_DEVIATIONS sample
 * standard deviations, never narrower than a minimum half-width (a quiet, regular figure would
 * otherwise alert on noise), never below 0 nor, for a share, above 1. Without enough history (fewer
 * than ALERT_MIN_HISTORY_WEEKS measured weeks, or a count that was 0 every week) there is no range
 * and nothing alerts. docs/mailed-reports-and-alerts.md says the same.
 */
import type { MetricFormat } from '@mesura/protocol';

export const ALERT_HISTORY_WEEKS = 4;
export const ALERT_MIN_HISTORY_WEEKS = 2;
export const ALERT_RANGE_DEVIATIONS = 3;
/** A count's smallest half-width: this share of its mean… */
export const ALERT_MIN_HALF_WIDTH_SHARE = 0.25;
/** …and at least this many. */
export const ALERT_MIN_HALF_WIDTH_COUNT = 10;
/** A share's smallest half-width, in points of 1 (5 percentage points). */
export const ALERT_MIN_HALF_WIDTH_RATIO = 0.05;

export interface ExpectedRange {
  low: number;
  high: number;
}

export function expectedRange(history: readonly (number | null)[], format: MetricFormat): ExpectedRange | undefined {
  const values = history.filter((value): value is number => value !== null);
  if (values.length < ALERT_MIN_HISTORY_WEEKS) return undefined;
  const share = format === 'percent';
  if (!share && values.every((value) => value === 0)) return undefined;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  const minimum = share ? ALERT_MIN_HALF_WIDTH_RATIO : Math.max(ALERT_MIN_HALF_WIDTH_COUNT, ALERT_MIN_HALF_WIDTH_SHARE * mean);
  const half = Math.max(ALERT_RANGE_DEVIATIONS * Math.sqrt(variance), minimum);
  return { low: Math.max(0, mean - half), high: share ? Math.min(1, mean + half) : mean + half };
}
