import { DEFAULT_RANGE_DAYS } from './constants';
import type { DateRange } from './report-types';

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD day. Day arithmetic runs in UTC so that DST changes cannot skip or repeat a day. */
function dayStartUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function isoDayOfUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** True for an existing calendar day written YYYY-MM-DD (so not 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (match === null) return false;
  const epochMs = dayStartUtc(value);
  return !Number.isNaN(epochMs) && isoDayOfUtc(epochMs) === value;
}

export function addDays(day: string, days: number): string {
  return isoDayOfUtc(dayStartUtc(day) + days * MS_PER_DAY);
}

/** The calendar day of an instant in a time zone (undefined: the browser's zone). */
export function dayIn(now: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The last DEFAULT_RANGE_DAYS days, today included. */
export function defaultDateRange(now: Date, timeZone?: string): DateRange {
  const today = dayIn(now, timeZone);
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** Every day from `from` to `to`, both included; empty when `from` is after `to`. */
export function eachDay({ from, to }: DateRange): string[] {
  const days: string[] = [];
  for (let ms = dayStartUtc(from), end = dayStartUtc(to); ms <= end; ms += MS_PER_DAY) days.push(isoDayOfUtc(ms));
  return days;
}

/** Why a range typed in the form cannot be queried. */
export type RangeProblem =
  /** One of the two inputs is empty or not a real day. */
  | 'invalid-day'
  /** "Des de" is after "Fins a". */
  | 'from-after-to';

export function rangeProblem(range: DateRange): RangeProblem | undefined {
  if (!isIsoDay(range.from) || !isIsoDay(range.to)) return 'invalid-day';
  if (range.from > range.to) return 'from-after-to';
  return undefined;
}

/**
 * The range of the console's URL (?from=…&to=…), so that a report can be bookmarked and shared;
 * the default range when the URL has none or a broken one.
 */
export function rangeFromSearchParams(params: URLSearchParams, fallback: DateRange): DateRange {
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return rangeProblem(range) === undefined ? range : fallback;
}
