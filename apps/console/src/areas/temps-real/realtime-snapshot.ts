/**
 * The data of one `snapshot` event of `GET /api/reports/realtime/stream`
 * (server/src/reports/realtime-snapshot.ts), read from the wire: anything that is not of that shape
 * is refused, so the views only ever draw checked values. Pure.
 */

import type { RealtimeLiveSource, RealtimeMinute, RealtimePage, RealtimeSnapshot } from '@mesura/protocol';

type Reader<T> = (value: unknown) => T | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const countOrNull = (value: unknown): value is number | null => value === null || count(value);
const text = (value: unknown): value is string => typeof value === 'string';
const instant = (value: unknown): value is string => text(value) && !Number.isNaN(Date.parse(value));

function listOf<T>(value: unknown, read: Reader<T>): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.map(read);
  return items.every((item) => item !== undefined) ? (items as T[]) : undefined;
}

const readMinute: Reader<RealtimeMinute> = (v) => (isRecord(v) && instant(v.start) && countOrNull(v.pageViews) ? { start: v.start, pageViews: v.pageViews } : undefined);

const readPage: Reader<RealtimePage> = (v) =>
  isRecord(v) && text(v.url) && (v.title === null || text(v.title)) && count(v.pageViews) && count(v.visitors)
    ? { url: v.url, title: v.title, pageViews: v.pageViews, visitors: v.visitors }
    : undefined;

type ActiveTotal = NonNullable<RealtimeSnapshot['activePages']['total']>;
type ActiveOthers = NonNullable<RealtimeSnapshot['activePages']['others']>;

const readTotal: Reader<ActiveTotal> = (v) => (isRecord(v) && count(v.pageViews) && count(v.visitors) ? { pageViews: v.pageViews, visitors: v.visitors } : undefined);

const readOthers: Reader<ActiveOthers> = (v) =>
  isRecord(v) && count(v.pages) && count(v.pageViews) && count(v.visitors) ? { pages: v.pages, pageViews: v.pageViews, visitors: v.visitors } : undefined;

const readSource: Reader<RealtimeLiveSource> = (v) => (isRecord(v) && text(v.slug) && text(v.name) && countOrNull(v.viewers) ? { slug: v.slug, name: v.name, viewers: v.viewers } : undefined);

/** The snapshot in an event's `data` (JSON text), or undefined when it is not one. */
export function parseRealtimeSnapshot(data: string): RealtimeSnapshot | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !instant(value.at) || !count(value.minCohort) || !isRecord(value.activePages) || !isRecord(value.live)) return undefined;
  const minutes = listOf(value.minutes, readMinute);
  const pages = listOf(value.activePages.pages, readPage);
  const channels = listOf(value.live.channels, readSource);
  const stations = listOf(value.live.stations, readSource);
  const { minutes: pageMinutes } = value.activePages;
  // The total is null below the cohort; the others are absent unless they reach it together.
  const total = value.activePages.total === null ? null : readTotal(value.activePages.total);
  const others = value.activePages.others === undefined ? undefined : readOthers(value.activePages.others);
  const { seconds } = value.live;
  if (!minutes || !pages || !channels || !stations || !count(pageMinutes) || !count(seconds) || total === undefined) return undefined;
  if (value.activePages.others !== undefined && others === undefined) return undefined;
  const activePages = { minutes: pageMinutes, pages, total, ...(others && { others }) };
  return { at: value.at, minCohort: value.minCohort, minutes, activePages, live: { seconds, channels, stations } };
}
