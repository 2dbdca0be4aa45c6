/**
 * The `pageInfo` data element: facts of the page and of the moment. Time fields are computed at
 * the property's fixed offset (§9 "timezone offset +1 with Catalan weekday names"), not at the
 * visitor's: a visitor abroad still sees the broadcaster's day and hour.
 */
import { CATALAN_WEEKDAYS } from '../constants.js';
import type { PageInfoField } from '../config/property-config.js';
import type { TagEnvironment } from '../environment.js';

const MS_PER_HOUR = 3_600_000;
const pad = (n: number): string => String(n).padStart(2, '0');

/** The clock at the offset, read through the UTC getters so the visitor's zone plays no part. */
const shifted = (env: TagEnvironment): Date => new Date(env.now() + env.timezoneOffsetHours * MS_PER_HOUR);

/** The `url` field, `location.href`: apart, for a runtime that reads no other (data-element-types.ts). */
export const pageInfoUrl = (env: TagEnvironment): string => env.location.href;

/** One reader per field; its keys are also the list the validator accepts. */
export const PAGE_INFO: Readonly<Record<PageInfoField, (env: TagEnvironment) => string>> = {
  url: pageInfoUrl,
  path: (env) => env.location.pathname,
  hostname: (env) => env.location.hostname,
  referrer: (env) => env.document.referrer,
  viewport: (env) => `${env.window.innerWidth}x${env.window.innerHeight}`,
  weekday: (env) => CATALAN_WEEKDAYS[shifted(env).getUTCDay()] as string,
  localTime: (env) => {
    const date = shifted(env);
    return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  },
  hour: (env) => String(shifted(env).getUTCHours()),
};
