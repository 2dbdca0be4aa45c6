import { DISPLAY_LOCALE } from './constants';
import type { DateRange } from './report-types';

const countFormat = new Intl.NumberFormat(DISPLAY_LOCALE);
// Days are calendar days, not instants: format them at UTC midnight in UTC so no zone shifts them.
const longDayFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function utcMidnight(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** 1234567 → "1.234.567". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** The range as a heading: "17–23 de novembre del 2026". */
export function formatRange({ from, to }: DateRange): string {
  return longDayFormat.formatRange(utcMidnight(from), utcMidnight(to));
}
