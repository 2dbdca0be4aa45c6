/**
 * Vídeo i àudio, Directe: live viewers per minute of one day (optionally one channel), and live
 * viewing attributed to the guide's broadcast on air at each minute.
 */
import type { ReportMetric } from '@mesura/protocol';
import { filterSql, type FilterSql } from '../store/queries/filter-sql.js';
import { channelName, guideChannels } from './media-channel-names.js';
import { guideSlots } from './media-guide.js';
import { channelControl, channelParam, DAY_CONTROL, dayParam, lastWholeDay } from './media-live-params.js';
import { rankingPeriod, seriesPeriod } from './media-measured-rows.js';
import { guideViewingQuery } from '../store/queries/media-guide-viewing.js';
import { liveMinutesQuery } from '../store/queries/media-live-minutes.js';
import { LIVE_FILTER_COLUMNS } from '../store/queries/media-live-plays.js';
import { buildAnswer, measurePeriods } from './report-answer-builder.js';
import type { ReportDefinition } from './report-definition.js';
import { previousPeriod, type ReportRequest } from './report-request.js';

const MINUTES_PER_DAY = 1440;

const MINUTE_METRICS: ReportMetric[] = [
  { key: 'viewers', label: 'Espectadors', format: 'count' },
  { key: 'seconds_played', label: 'Temps vist', format: 'seconds' },
];

const GUIDE_METRICS: ReportMetric[] = [
  { key: 'viewers', label: 'Espectadors', format: 'count' },
  { key: 'seconds_played', label: 'Temps vist', format: 'seconds' },
  { key: 'seconds_per_viewer', label: 'Temps mitjà per espectador', format: 'seconds' },
];

/** Every minute of a day as the wall clock reads it: `0` → `00:00`. */
const MINUTES = Array.from({ length: MINUTES_PER_DAY }, (_, m) => ({
  key: String(m),
  label: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
}));

/** The stacked filters with the `channel` parameter among them (it is the channel filter, named). */
function liveFilters(request: ReportRequest): FilterSql {
  const channel = channelParam(request.params.channel);
  const filters = channel === undefined ? request.filters : [...request.filters.filter((f) => f.dimension !== 'channel'), { dimension: 'channel' as const, value: channel }];
  return filterSql(filters, LIVE_FILTER_COLUMNS, request.segment !== undefined);
}

const liveViewersPerMinute: ReportDefinition = {
  report: 'media/live-viewers-per-minute',
  area: 'media',
  title: 'Espectadors del directe per minut',
  params: ['day', 'channel'],
  controls: () => [DAY_CONTROL, channelControl()],
  run: async (request, context) => {
    const day = dayParam(request.params.day, lastWholeDay(request, context.timeZone, Date.now()));
    const filters = liveFilters(request);
    const measure = async (range: { from: string; to: string }) => {
      const values = { ...filters.values, suite: request.reportSuite, from: range.from, to: range.to, tz: context.timeZone };
      return seriesPeriod(await context.reader.read(liveMinutesQuery(filters.sql), values), MINUTES, MINUTE_METRICS, 'viewers');
    };
    // The day asked, compared with the day before it.
    const asked: ReportRequest = { ...request, from: day, to: day, ...(request.compare && { compare: previousPeriod({ from: day, to: day }) }) };
    const { current, previous } = await measurePeriods(asked, 'position', measure);
    return buildAnswer(
      liveViewersPerMinute,
      asked,
      {
        dimension: { key: 'minute', label: 'Minut' },
        metrics: MINUTE_METRICS,
        chart: 'line',
        align: 'position',
        note: 'Espectadors que miraven o escoltaven el directe durant cada minut del dia triat (hora local); sense triar-ne cap, el darrer dia sencer del període. El total compta els espectadors diferents del dia.',
        ignoredFilters: filters.ignored,
        ignoredSegment: filters.ignoredSegment,
      },
      current,
      previous,
      context.minCohort,
    );
  },
};

const liveGuideViewing: ReportDefinition = {
  report: 'media/live-guide-viewing',
  area: 'media',
  title: 'Directe per programa de la graella',
  params: ['channel'],
  controls: () => [channelControl()],
  run: async (request, context) => {
    const filters = liveFilters(request);
    const channel = filters.values.f_channel;
    const guideOf = (range: { from: string; to: string }) => JSON.stringify(guideSlots(typeof channel === 'string' ? [channel].filter((c) => guideChannels().includes(c)) : guideChannels(), range));
    const measure = async (range: { from: string; to: string }) => {
      const values = { ...filters.values, suite: request.reportSuite, from: range.from, to: range.to, guide: guideOf(range) };
      const rows = await context.reader.read(guideViewingQuery(filters.sql), values);
      return rankingPeriod(rows, GUIDE_METRICS, request, broadcastLabel, 'viewers');
    };
    const { current, previous } = await measurePeriods(request, 'key', measure);
    return buildAnswer(
      liveGuideViewing,
      request,
      {
        dimension: { key: 'broadcast', label: 'Programa' },
        metrics: GUIDE_METRICS,
        chart: 'bar',
        align: 'key',
        note: 'Cada minut de directe compta per al programa que la graella del canal tenia en antena aquell minut.',
        ignoredFilters: filters.ignored,
        ignoredSegment: filters.ignoredSegment,
      },
      current,
      previous,
      context.minCohort,
    );
  },
};

/** `mesura-tv|Cara a cara` → `Cara a cara (Mesura TV)`. */
function broadcastLabel(key: string): string {
  const bar = key.indexOf('|');
  return `${key.slice(bar + 1)} (${channelName(key.slice(0, bar))})`;
}

export const MEDIA_LIVE_REPORTS: ReportDefinition[] = [liveViewersPerMinute, liveGuideViewing];
