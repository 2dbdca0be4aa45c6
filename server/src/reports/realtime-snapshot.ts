/**
 * What one real-time event carries: the last minutes of the site, measured at one instant. The
 * queries read what the store holds (the stream's route catches up first, as reports do); the
 * rules that turn their rows into the snapshot are pure (`assembleSnapshot`), with the minimum
 * cohort applied to every cell: a minute, a page or a channel with fewer than MESURA_MIN_COHORT
 * distinct visitors is hidden (null) or, for pages, left out and added up with the others when they
 * reach it together; a cell with none shows its zero. The site's totals over the active minutes
 * show from the cohort up: they list nobody.
 */
import { numberOf, type AnalyticsReader, type ResultRow } from '../store/analytics-reader.js';
import { belowCohort } from './min-cohort.js';
import { realtimeActivePagesQuery } from '../store/queries/realtime-active-pages.js';
import { REALTIME_ACTIVE_TOTALS_QUERY } from '../store/queries/realtime-active-totals.js';
import { REALTIME_LIVE_AUDIENCE_QUERY } from '../store/queries/realtime-live-audience.js';
import { REALTIME_PAGE_VIEWS_PER_MINUTE_QUERY } from '../store/queries/realtime-page-views-per-minute.js';
import { REALTIME_ACTIVE_PAGES_MAX, REALTIME_ACTIVE_PAGES_MINUTES, REALTIME_VIEWER_HEARTBEAT_WINDOW_S, REALTIME_WINDOW_MINUTES } from './realtime-limits.js';
import { pageTitle } from './page-label.js';
import type { RealtimeLiveSource, RealtimeSnapshot } from '@mesura/protocol';

const MINUTE_MS = 60_000;

/** The TV channels and radio stations the site broadcasts, by slug. */
export interface LiveSources {
  channels: readonly { slug: string; name: string }[];
  stations: readonly { slug: string; name: string }[];
}

export interface RealtimeMeasure {
  reader: AnalyticsReader;
  reportSuite: string;
  minCohort: number;
  sources: LiveSources;
}

/** Reads the three parts at `nowMs` and assembles them. */
export async function measureRealtime(measure: RealtimeMeasure, nowMs: number): Promise<RealtimeSnapshot> {
  const { reader, reportSuite: suite, minCohort } = measure;
  const firstMinuteMs = minuteOf(nowMs) - (REALTIME_WINDOW_MINUTES - 1) * MINUTE_MS;
  const activeSince = { suite, since_ms: nowMs - REALTIME_ACTIVE_PAGES_MINUTES * MINUTE_MS, min_cohort: minCohort };
  const [minutes, pages, totals, live] = await Promise.all([
    reader.read(REALTIME_PAGE_VIEWS_PER_MINUTE_QUERY, { suite, since_ms: firstMinuteMs }),
    reader.read(realtimeActivePagesQuery(REALTIME_ACTIVE_PAGES_MAX), activeSince),
    reader.read(REALTIME_ACTIVE_TOTALS_QUERY, activeSince),
    reader.read(REALTIME_LIVE_AUDIENCE_QUERY, { suite, since_ms: nowMs - REALTIME_VIEWER_HEARTBEAT_WINDOW_S * 1000 }),
  ]);
  return assembleSnapshot({ nowMs, minCohort, sources: measure.sources, minutes, pages, totals: totals[0] ?? {}, live });
}

export interface SnapshotRows {
  nowMs: number;
  minCohort: number;
  sources: LiveSources;
  minutes: readonly ResultRow[];
  pages: readonly ResultRow[];
  /** The active minutes' totals and the few pages' (REALTIME_ACTIVE_TOTALS_QUERY): one row. */
  totals: ResultRow;
  live: readonly ResultRow[];
}

export function assembleSnapshot({ nowMs, minCohort, sources, minutes, pages, totals, live }: SnapshotRows): RealtimeSnapshot {
  const byMinute = new Map(minutes.map((row) => [numberOf(row.minute_ms), row]));
  const firstMinuteMs = minuteOf(nowMs) - (REALTIME_WINDOW_MINUTES - 1) * MINUTE_MS;
  const series = Array.from({ length: REALTIME_WINDOW_MINUTES }, (_, i) => {
    const startMs = firstMinuteMs + i * MINUTE_MS;
    const row = byMinute.get(startMs);
    return { start: new Date(startMs).toISOString(), pageViews: row ? cohortValue(row.page_views, row.visitors, minCohort) : 0 };
  });
  const byChannel = new Map(live.map((row) => [String(row.channel), row]));
  const audience = (source: { slug: string; name: string }): RealtimeLiveSource => {
    const row = byChannel.get(source.slug);
    return { slug: source.slug, name: source.name, viewers: row ? cohortValue(row.viewers, row.visitors, minCohort) : 0 };
  };
  return {
    at: new Date(nowMs).toISOString(),
    minCohort,
    minutes: series,
    activePages: {
      minutes: REALTIME_ACTIVE_PAGES_MINUTES,
      // The query leaves out pages below the cohort; checked again here, so the rule holds whatever the engine.
      pages: pages
        .filter((row) => !belowCohort(numberOf(row.visitors), minCohort))
        .map((row) => ({ url: String(row.url), title: pageTitle(row.title), pageViews: numberOf(row.page_views) ?? 0, visitors: numberOf(row.visitors) ?? 0 })),
      ...activeTotals(totals, minCohort),
    },
    live: { seconds: REALTIME_VIEWER_HEARTBEAT_WINDOW_S, channels: sources.channels.map(audience), stations: sources.stations.map(audience) },
  };
}

/**
 * The active minutes' totals, shown from the cohort up (a count of the whole site lists nobody),
 * and the few pages added up where their visitors together reach it.
 */
function activeTotals(row: ResultRow, minCohort: number): Pick<RealtimeSnapshot['activePages'], 'total' | 'others'> {
  const visitors = numberOf(row.visitors) ?? 0;
  const total = belowCohort(visitors, minCohort) ? null : { pageViews: numberOf(row.page_views) ?? 0, visitors };
  const othersVisitors = numberOf(row.others_visitors) ?? 0;
  const othersPages = numberOf(row.others_pages) ?? 0;
  // One page alone is a page the list leaves out for its few visitors: it is not shown added up either.
  if (othersPages < 2 || belowCohort(othersVisitors, minCohort)) return { total };
  return { total, others: { pages: othersPages, pageViews: numberOf(row.others_page_views) ?? 0, visitors: othersVisitors } };
}

function cohortValue(value: unknown, visitors: unknown, minCohort: number): number | null {
  return belowCohort(numberOf(visitors), minCohort) ? null : (numberOf(value) ?? 0);
}

function minuteOf(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
