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
      return value >= 60 ? `${count.format(Math.floor(value / 60))} min ${String(Math.round(value % 60)).padStart(2, '0')} s` : `${ratio.format(value)} s`;
    case 'milliseconds':
      return `${count.format(value)} ms`;
    case 'bitrate':
      return value >= 1_000_000 ? `${ratio.format(value / 1_000_000)} Mbit/s` : `${count.format(value / 1000)} kbit/s`;
  }
}

/** A change from the earlier period (a fraction, report-columns.ts changeOf) as "+12,5 %"; empty when there is none. */
export function formatChange(change: number | null): string {
  if (change === null) return '';
  return `${change > 0 ? '+' : ''}${percent.format(change)}`;
}
