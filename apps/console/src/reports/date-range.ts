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
