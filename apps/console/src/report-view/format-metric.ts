/** A report value as a person reads it, in Catalan, by the metric's format. */
import type { MetricFormat, ReportValue } from '@mesura/protocol';
import { DISPLAY_LOCALE } from '../reports/constants';

const count = new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 0 });
const ratio = new Intl.NumberFormat(DISPLAY_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent', maximumFractionDigits: 1 });

export function formatMetric(value: ReportValue | undefined, format: MetricFormat): string {
  if (value === null || value === undefined) return '—';
  switch (format) {
    case 'count':
      return count.format(value);
    case 'percent':
      return percent.format(value);
    case 'ratio':
      return ratio.format(value);
    case 'seconds':
      return formatSeconds(value);
    case 'milliseconds':
      return `${count.format(value)} ms`;
    case 'bitrate':
      return value >= 1_000_000 ? `${ratio.format(value / 1_000_000)} Mbit/s` : `${count.format(value / 1000)} kbit/s`;
  }
}

const SECONDS_PER_HOUR = 3600;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A time: under a minute in seconds, under an hour in minutes and seconds, else in hours and minutes (a period's total engaged time). */
function formatSeconds(value: number): string {
  if (value < 60) return `${ratio.format(value)} s`;
  const whole = Math.round(value);
  if (whole < SECONDS_PER_HOUR) return `${count.format(Math.floor(whole / 60))} min ${twoDigits(whole % 60)} s`;
  const minutes = Math.round(value / 60);
  return `${count.format(Math.floor(minutes / 60))} h ${twoDigits(minutes % 60)} min`;
}

/** A change from the earlier period (a fraction, report-columns.ts changeOf) as "+12,5 %"; empty when there is none. */
export function formatChange(change: number | null): string {
  if (change === null) return '';
  return `${change > 0 ? '+' : ''}${percent.format(change)}`;
}
