/**
 * The `t` parameter: the visitor's wall-clock time as `D/M/YYYY H:m:s W O`, written from a local
 * `Date` the way the commercial library writes it. Two traps: the month counts from 0 (it is
 * `Date#getMonth()`), and the offset is `Date#getTimezoneOffset()`, so UTC+1 is written `-60`.
 */
import type { ClientTime } from './analytics-hit.js';
import { MAX_CLIENT_YEAR, MAX_TZ_OFFSET_MIN, MIN_CLIENT_YEAR, MS_PER_MINUTE } from './constants.js';
import { decoded, rejected, type Result } from './result.js';
import { clientTimeFieldCount, clientTimeImpossibleDate, clientTimeNotInteger, clientTimeOutOfRange, clientTimeShape, invalidDate } from './errors.js';

/** Same order as the wire: `D/M/YYYY H:m:s W O`. */
const SHAPE = /^([^/: ]*)\/([^/: ]*)\/([^/: ]*) ([^/: ]*):([^/: ]*):([^/: ]*) ([^/: ]*) ([^/: ]*)$/;
/** The character codes of what separates the fields: `/`, `:` and a space. */
const SLASH = 47;
const COLON = 58;
const SPACE = 32;
const UNSIGNED_INTEGER = /^\d{1,9}$/;
const SIGNED_INTEGER = /^-?\d{1,9}$/;

/**
 * A field's name and range. A signed field ranges from -max to max: its rule names no `min`, so
 * that the table holds no `-MAX_…`, which the bundler would not drop from the browser bundle.
 */
type FieldRule = { name: keyof ClientTime; max: number } & ({ min: number; signed?: false } | { signed: true });

/** The eight fields in wire order, with the range each may take. */
const FIELD_RULES: readonly FieldRule[] = [
  { name: 'day', min: 1, max: 31 },
  { name: 'month0', min: 0, max: 11 },
  { name: 'year', min: MIN_CLIENT_YEAR, max: MAX_CLIENT_YEAR },
  { name: 'hour', min: 0, max: 23 },
  { name: 'minute', min: 0, max: 59 },
  { name: 'second', min: 0, max: 59 },
  { name: 'weekday', min: 0, max: 6 },
  { name: 'tzOffsetMin', max: MAX_TZ_OFFSET_MIN, signed: true },
];

/** Writes the local fields of `date`, unpadded, e.g. `22/10/2026 9:59:43 0 -60`. */
export function formatClientTime(date: Date): string {
  return clientTimeString(clientTimeFromDate(date));
}

/** The local fields of `date` as a hit carries them; throws on an Invalid Date. */
export function clientTimeFromDate(date: Date): ClientTime {
  if (Number.isNaN(date.getTime())) throw new Error(invalidDate());
  return {
    day: date.getDate(),
    month0: date.getMonth(),
    year: date.getFullYear(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
    weekday: date.getDay(),
    tzOffsetMin: date.getTimezoneOffset(),
  };
}

/** Writes a decoded `t` back in wire form (the encoder's half of parseClientTime). */
export function clientTimeString(t: ClientTime): string {
  return `${t.day}/${t.month0}/${t.year} ${t.hour}:${t.minute}:${t.second} ${t.weekday} ${t.tzOffsetMin}`;
}

/**
 * Reads `t`. Rejects a wrong field count, a non-integer field, a field out of range and a date
 * that does not exist (`31/1/2026` is 31 February). The weekday is checked for range only: it is
 * redundant with the date, and a mismatch says nothing the date does not.
 */
export function parseClientTime(t: string): Result<ClientTime> {
  const fieldCount = countFields(t);
  if (fieldCount !== FIELD_RULES.length) return rejected(clientTimeFieldCount(fieldCount));
  const match = SHAPE.exec(t);
  if (!match) return rejected(clientTimeShape(t));

  const fields: Partial<Record<keyof ClientTime, number>> = {};
  for (let index = 0; index < FIELD_RULES.length; index++) {
    const rule = FIELD_RULES[index]!;
    const raw = match[index + 1] ?? '';
    if (!(rule.signed ? SIGNED_INTEGER : UNSIGNED_INTEGER).test(raw)) {
      return rejected(clientTimeNotInteger(rule.name, raw));
    }
    const value = Number(raw);
    const min = rule.signed ? -rule.max : rule.min;
    if (value < min || value > rule.max) {
      return rejected(clientTimeOutOfRange(rule.name, value, min, rule.max));
    }
    fields[rule.name] = value;
  }
  const time = fields as ClientTime;
  if (time.day > daysInMonth(time.year, time.month0)) {
    return rejected(clientTimeImpossibleDate(time.day, time.month0, time.year));
  }
  return decoded(time);
}

/** The instant `t` names, in UTC epoch ms: local wall-clock time plus the offset it was written with. */
export function clientTimeToEpochMs(t: ClientTime): number {
  const wallClockAsUtcMs = Date.UTC(t.year, t.month0, t.day, t.hour, t.minute, t.second);
  return wallClockAsUtcMs + t.tzOffsetMin * MS_PER_MINUTE;
}

/** How many fields `t` has between its separators (`/`, `:`, ` `), counted without splitting it. */
function countFields(t: string): number {
  let fields = 1;
  for (let i = 0; i < t.length; i++) {
    const code = t.charCodeAt(i);
    if (code === SLASH || code === COLON || code === SPACE) fields += 1;
  }
  return fields;
}

/** The days of each month of a common year, January first. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Of a month the caller has checked (0 to 11), in the Gregorian calendar, as Date counts them. */
function daysInMonth(year: number, month0: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month0 === 1 && leap ? 29 : (MONTH_DAYS[month0] ?? 0);
}
