/**
 * The range of `GET /api/reports/activities/:id/over-time`: `from` and `to`, local days
 * (YYYY-MM-DD, MESURA_TIMEZONE) inclusive, each optional. Without them the range is the
 * OVER_TIME_DEFAULT_DAYS ending today; with one, it is completed from it. Pure: today is a parameter.
 */
import type { Result } from '@mesura/protocol';
import { addDays, epochDays } from '../local-day.js';
import type { DayRange } from '../store/decision-store.js';

/** Days answered when the request names none: the last 30, today included. */
export const OVER_TIME_DEFAULT_DAYS = 30;
/**
 * Longest range: a year and its leap day, as the console's reports. Each day is one cell per
 * experience in the answer (20 experiences at most: 7,320 cells).
 */
export const OVER_TIME_MAX_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const PARAMS = ['from', 'to'];

/** The range a query asks for, or the one-line reason it is refused; `today` is the local day now. */
export function overTimeRange(query: Record<string, unknown>, today: string): Result<DayRange> {
  const unknown = Object.keys(query).find((key) => !PARAMS.includes(key));
  if (unknown !== undefined) return fail(`unknown parameter '${unknown}'; expected from, to`);
  const fromGiven = query.from === undefined ? undefined : parseDay(query.from, 'from');
  const toGiven = query.to === undefined ? undefined : parseDay(query.to, 'to');
  if (fromGiven && !fromGiven.ok) return fromGiven;
  if (toGiven && !toGiven.ok) return toGiven;
  const to = toGiven?.value ?? today;
  const from = fromGiven?.value ?? addDays(to, 1 - OVER_TIME_DEFAULT_DAYS);
  if (from > to) return fail(`from (${from}) is after to (${to})`);
  const days = dayCount({ from, to });
  if (days > OVER_TIME_MAX_DAYS) return fail(`the range covers ${days} days; at most ${OVER_TIME_MAX_DAYS} are allowed`);
  return { ok: true, value: { from, to } };
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: dayCount(range) }, (_, i) => addDays(range.from, i));
}

const dayCount = (range: DayRange): number => epochDays(range.to) - epochDays(range.from) + 1;

function parseDay(value: unknown, name: string): Result<string> {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return fail(`${name} must be a date as YYYY-MM-DD`);
  const ms = Date.parse(`${value}T00:00:00Z`);
  // Date.parse takes 2026-02-30 as 2 March: the day must read back as written.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return fail(`${name} is not a calendar date: ${value}`);
  return { ok: true, value };
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
