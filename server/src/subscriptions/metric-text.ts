/** A report figure as a mail shows it, in Catalan: 12.345, 42,1 %, 3 min 05 s, and the change against the period before. */
import type { MetricFormat, ReportValue } from '@mesura/protocol';

const COUNT = new Intl.NumberFormat('ca', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('ca', { maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('ca', { style: 'percent', maximumFractionDigits: 1 });
const SECONDS_PER_MINUTE = 60;
const BITS_PER_KILOBIT = 1000;

export function metricText(value: ReportValue, format: MetricFormat): string {
  if (value === null) return '–';
  switch (format) {
    case 'count':
      return COUNT.format(value);
    case 'percent':
      return PERCENT.format(value);
    case 'ratio':
      return DECIMAL.format(value);
    case 'seconds': {
      const minutes = Math.floor(value / SECONDS_PER_MINUTE);
      const seconds = Math.round(value % SECONDS_PER_MINUTE);
      return minutes > 0 ? `${minutes} min ${String(seconds).padStart(2, '0')} s` : `${seconds} s`;
    }
    case 'milliseconds':
      return `${COUNT.format(value)} ms`;
    case 'bitrate':
      return `${COUNT.format(value / BITS_PER_KILOBIT)} kbit/s`;
  }
}

/** The change from `before` to `now` as +12,5 % (none when either is missing or `before` is 0). */
export function changeText(now: ReportValue, before: ReportValue | undefined): string {
  if (now === null || before === null || before === undefined || before === 0) return '';
  const change = (now - before) / Math.abs(before);
  return `${change > 0 ? '+' : ''}${PERCENT.format(change)}`;
}
