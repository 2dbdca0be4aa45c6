import { NOT_INFORMED_OTHER } from './constants.js';

/** Zero-pads a date part to `width` digits. */
function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * §3 "Timestamp built as month/day/year/hour/minute/second", as `MM/DD/YYYY HH:mm:ss`:
 * month 01–12 (1-based), day 01–31, four-digit year, hour 00–23 (24-hour clock), minute and
 * second 00–59, every part zero-padded, in the local time of the `Date` (the visitor's clock, as
 * the page sees it). 23 November 2026, 9:05:07 in the morning → `"11/23/2026 09:05:07"`.
 *
 * Fixed width, so that reports can sort and slice it as text. An invalid `Date` has no time to
 * report and is tracked as {@link NOT_INFORMED_OTHER} (§5), so this never throws.
 */
export function formatTimestamp(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return NOT_INFORMED_OTHER;
  const day = `${pad(date.getMonth() + 1, 2)}/${pad(date.getDate(), 2)}/${pad(date.getFullYear(), 4)}`;
  const time = `${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}:${pad(date.getSeconds(), 2)}`;
  return `${day} ${time}`;
}
