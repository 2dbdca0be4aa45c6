import { DISPLAY_LOCALE } from './constants';
import type { DateRange } from './report-types';

const countFormat = new Intl.NumberFormat(DISPLAY_LOCALE);
const percentFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent', maximumFractionDigits: 1 });
// Days are calendar days, not instants: format them at UTC midnight in UTC so no zone shifts them.
const dayFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function utcMidnight(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** 1234567 → "1.234.567". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A 0–1 share → "12,5 %" (Catalan puts a no-break space before the sign). */
export function formatPercent(share: number): string {
  return percentFormat.format(share);
}

/** "2026-11-23" → "dl., 23 de nov.", for table rows. */
export function formatDay(day: string): string {
  return dayFormat.format(utcMidnight(day));
}

/** The range as a heading: "17–23 de novembre del 2026". */
export function formatRange({ from, to }: DateRange): string {
  return longDayFormat.formatRange(utcMidnight(from), utcMidnight(to));
}

/** A row key as shown: an empty key (hits without a value) gets a visible label. */
export function formatKey(key: string): string {
  return key === '' ? '(sense valor)' : key;
}
