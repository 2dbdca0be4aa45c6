import { describe, expect, it } from 'vitest';
import { clientTimeFromDate, clientTimeToEpochMs, formatClientTime, parseClientTime } from '@mesura/protocol';
import { CLIENT_TIME, fakeLocalDate } from '@mesura/test-utils';

describe('formatClientTime', () => {
  it.each([
    {
      name: 'writes the wire example, with a negative offset for UTC+1',
      fields: CLIENT_TIME,
      expected: '22/10/2026 9:59:43 0 -60',
    },
    {
      name: 'counts months from 0 and pads nothing',
      fields: { day: 1, month0: 0, year: 2026, hour: 0, minute: 0, second: 0, weekday: 4, tzOffsetMin: 0 },
      expected: '1/0/2026 0:0:0 4 0',
    },
    {
      name: 'writes December as 11 and a positive offset west of Greenwich',
      fields: { day: 31, month0: 11, year: 2025, hour: 23, minute: 5, second: 9, weekday: 3, tzOffsetMin: 300 },
      expected: '31/11/2025 23:5:9 3 300',
    },
  ])('$name', ({ fields, expected }) => {
    expect(formatClientTime(fakeLocalDate(fields))).toBe(expected);
  });

  it('reads the local fields of a real Date', () => {
    const date = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatClientTime(date)).toBe(`5/0/2026 7:8:9 ${date.getDay()} ${date.getTimezoneOffset()}`);
  });

  it('throws on an Invalid Date', () => {
    expect(() => formatClientTime(new Date(Number.NaN))).toThrow('client time of an Invalid Date');
  });
});

describe('clientTimeFromDate', () => {
  it('gives the local fields a hit carries, month from 0', () => {
    expect(clientTimeFromDate(fakeLocalDate(CLIENT_TIME))).toEqual(CLIENT_TIME);
  });

  it('is what parseClientTime reads back from formatClientTime', () => {
    const date = new Date(2026, 6, 1, 12, 0, 5);
    expect(parseClientTime(formatClientTime(date))).toEqual({ ok: true, value: clientTimeFromDate(date) });
  });
});

describe('parseClientTime', () => {
  it.each([
    { name: 'the wire example', t: '22/10/2026 9:59:43 0 -60', expected: CLIENT_TIME },
    {
      name: 'January as month 0, unpadded',
      t: '1/0/2026 0:0:0 4 0',
      expected: { day: 1, month0: 0, year: 2026, hour: 0, minute: 0, second: 0, weekday: 4, tzOffsetMin: 0 },
    },
    {
      name: '29 February of a leap year',
      t: '29/1/2024 12:30:00 4 -60',
      expected: { day: 29, month0: 1, year: 2024, hour: 12, minute: 30, second: 0, weekday: 4, tzOffsetMin: -60 },
    },
    {
      name: 'padded fields',
      t: '05/03/2026 09:07:05 0 -120',
      expected: { day: 5, month0: 3, year: 2026, hour: 9, minute: 7, second: 5, weekday: 0, tzOffsetMin: -120 },
    },
    {
      name: 'a clock reset to the epoch year',
      t: '1/0/1970 0:0:0 4 0',
      expected: { day: 1, month0: 0, year: 1970, hour: 0, minute: 0, second: 0, weekday: 4, tzOffsetMin: 0 },
    },
  ])('reads $name', ({ t, expected }) => {
    expect(parseClientTime(t)).toEqual({ ok: true, value: expected });
  });

  it.each([
    { name: 'too few fields', t: '22/10/2026 9:59:43 0', reason: "expected 8 fields 'D/M/YYYY H:m:s W O', got 7" },
    { name: 'too many fields', t: '22/10/2026 9:59:43 0 0 0', reason: "expected 8 fields 'D/M/YYYY H:m:s W O', got 9" },
    { name: 'an empty string', t: '', reason: "expected 8 fields 'D/M/YYYY H:m:s W O', got 1" },
    {
      name: 'separators in the wrong places',
      t: '22/10/2026 9:59:43:0 0',
      reason: "expected 'D/M/YYYY H:m:s W O', got '22/10/2026 9:59:43:0 0'",
    },
    { name: 'a non-integer second', t: '22/10/2026 9:59:4x 0 0', reason: "second '4x' is not an integer" },
    { name: 'a decimal offset', t: '22/10/2026 9:59:43 0 -60.5', reason: "tzOffsetMin '-60.5' is not an integer" },
    { name: 'an empty day', t: '/10/2026 9:59:43 0 0', reason: "day '' is not an integer" },
    { name: 'a negative hour', t: '22/10/2026 -9:59:43 0 0', reason: "hour '-9' is not an integer" },
    { name: 'month 12 (months count from 0)', t: '22/12/2026 9:59:43 0 0', reason: 'month0 12 is out of range 0 to 11' },
    { name: 'day 0', t: '0/10/2026 9:59:43 0 0', reason: 'day 0 is out of range 1 to 31' },
    { name: 'hour 24', t: '22/10/2026 24:0:0 0 0', reason: 'hour 24 is out of range 0 to 23' },
    { name: 'minute 60', t: '22/10/2026 9:60:0 0 0', reason: 'minute 60 is out of range 0 to 59' },
    { name: 'second 60', t: '22/10/2026 9:59:60 0 0', reason: 'second 60 is out of range 0 to 59' },
    { name: 'weekday 7', t: '22/10/2026 9:59:43 7 0', reason: 'weekday 7 is out of range 0 to 6' },
    { name: 'a year before 1970', t: '22/10/1969 9:59:43 0 0', reason: 'year 1969 is out of range 1970 to 9999' },
    { name: 'an offset beyond 14 hours', t: '22/10/2026 9:59:43 0 900', reason: 'tzOffsetMin 900 is out of range -840 to 840' },
    {
      name: '31 February',
      t: '31/1/2026 9:59:43 0 0',
      reason: 'day 31 does not exist in month 1 of 2026 (months count from 0)',
    },
    {
      name: '29 February of a common year',
      t: '29/1/2025 9:59:43 6 0',
      reason: 'day 29 does not exist in month 1 of 2025 (months count from 0)',
    },
    {
      name: '31 November',
      t: '31/10/2026 9:59:43 0 0',
      reason: 'day 31 does not exist in month 10 of 2026 (months count from 0)',
    },
  ])('refuses $name', ({ t, reason }) => {
    expect(parseClientTime(t)).toEqual({ ok: false, reason });
  });

  it.each([
    ['a separator doubled', '22//10/2026 9:59:43 0', 8, "expected 'D/M/YYYY H:m:s W O', got '22//10/2026 9:59:43 0'"],
    ['a tab for a space', '22/10/2026\t9:59:43 0 0 0', 8, "expected 'D/M/YYYY H:m:s W O', got '22/10/2026\\u00099:59:43 0 0 0'"],
    ['only separators', '/:/ : / :', 10, "expected 8 fields 'D/M/YYYY H:m:s W O', got 10"],
  ])('counts the fields of %s at every /, : and space', (_name, t, fields, reason) => {
    expect(t.split(/[/: ]/)).toHaveLength(fields);
    expect(parseClientTime(t)).toEqual({ ok: false, reason });
  });

  it.each([2000, 2024, 2025, 2100, 9999])('knows the last day of every month of %i, as Date does', (year) => {
    for (let month0 = 0; month0 < 12; month0++) {
      const last = new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
      expect(parseClientTime(`${last}/${month0}/${year} 0:0:0 0 0`).ok).toBe(true);
      expect(parseClientTime(`${last + 1}/${month0}/${year} 0:0:0 0 0`)).toEqual(
        last === 31 ? { ok: false, reason: 'day 32 is out of range 1 to 31' } : { ok: false, reason: `day ${last + 1} does not exist in month ${month0} of ${year} (months count from 0)` },
      );
    }
  });
});

describe('clientTimeToEpochMs', () => {
  it.each([
    { name: 'UTC+1 (offset -60) is one hour ahead of UTC', t: CLIENT_TIME, expected: Date.UTC(2026, 10, 22, 8, 59, 43) },
    {
      name: 'UTC (offset 0) is the wall clock',
      t: { ...CLIENT_TIME, tzOffsetMin: 0 },
      expected: Date.UTC(2026, 10, 22, 9, 59, 43),
    },
    {
      name: 'UTC-5 (offset 300) is five hours behind UTC',
      t: { ...CLIENT_TIME, tzOffsetMin: 300 },
      expected: Date.UTC(2026, 10, 22, 14, 59, 43),
    },
    {
      name: 'a late evening in UTC-5 is the next day in UTC',
      t: { day: 31, month0: 11, year: 2025, hour: 23, minute: 0, second: 0, weekday: 3, tzOffsetMin: 300 },
      expected: Date.UTC(2026, 0, 1, 4, 0, 0),
    },
  ])('$name', ({ t, expected }) => {
    expect(clientTimeToEpochMs(t)).toBe(expected);
  });

  it.each([
    { name: 'a winter instant', epochMs: Date.UTC(2026, 0, 15, 12, 0, 0, 250) },
    { name: 'a summer instant', epochMs: Date.UTC(2026, 6, 15, 23, 59, 59, 999) },
    { name: 'a leap-day instant', epochMs: Date.UTC(2024, 1, 29, 0, 30, 0) },
  ])('gives back $name, to the second, after format and parse', ({ epochMs }) => {
    const parsed = parseClientTime(formatClientTime(new Date(epochMs)));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(clientTimeToEpochMs(parsed.value)).toBe(Math.floor(epochMs / 1000) * 1000);
  });
});
