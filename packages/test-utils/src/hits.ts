/**
 * Builders for hits, beacons and local dates, so that each test states only what it is about.
 */
import type { AnalyticsHit, ClientTime } from '@mesura/protocol';

/** 22 November 2026 (month 10, counted from 0), a Sunday, 09:59:43 in UTC+1. */
export const CLIENT_TIME: ClientTime = {
  day: 22,
  month0: 10,
  year: 2026,
  hour: 9,
  minute: 59,
  second: 43,
  weekday: 0,
  tzOffsetMin: -60,
};

/** The smallest hit a collector accepts: a time and a visitor id, nothing else. */
export function makeHit(overrides: Partial<AnalyticsHit> = {}): AnalyticsHit {
  return {
    clientTime: CLIENT_TIME,
    visitor: { fid: '1F65FB944AFA1C05-25FBFAF16BF6E758' },
    events: [],
    props: {},
    eVars: {},
    hierarchies: {},
    lists: {},
    contextData: {},
    browser: {},
    ...overrides,
  };
}

/** `t` of CLIENT_TIME, encoded. */
const VALID_TIME = encodeURIComponent('22/10/2026 9:59:43 0 -60');

/**
 * A beacon query that decodes, with `pieces` (raw `name=value` strings, already encoded) inserted
 * before `AQE=1`. Rejection tests add the one piece that breaks it.
 */
export function validQueryWith(...pieces: string[]): string {
  return ['AQB=1', 'ndh=1', `t=${VALID_TIME}`, 'fid=ABC', ...pieces, 'AQE=1'].join('&');
}

/** A query with the framing and none of the rest, for tests about visitor ids and time. */
export function framedQuery(...pieces: string[]): string {
  return ['AQB=1', ...pieces, 'AQE=1'].join('&');
}

/**
 * A Date that reports the given local fields, whatever the test machine's time zone: only the
 * getters formatClientTime reads are real. Fake local time, as a real Date's local fields depend on
 * the zone the tests happen to run in.
 */
export function fakeLocalDate(fields: ClientTime): Date {
  const fake = {
    getTime: () => 0,
    getDate: () => fields.day,
    getMonth: () => fields.month0,
    getFullYear: () => fields.year,
    getHours: () => fields.hour,
    getMinutes: () => fields.minute,
    getSeconds: () => fields.second,
    getDay: () => fields.weekday,
    getTimezoneOffset: () => fields.tzOffsetMin,
  };
  return fake as unknown as Date;
}

/** `'x'` repeated to `length` characters. */
export function chars(length: number, char = 'x'): string {
  return char.repeat(length);
}
