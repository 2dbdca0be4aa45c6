/**
 * The live peak as a figure of the media area: each day's highest minute of live viewers and the
 * period's, through the same filters, segment and minimum cohort as the live reports
 * (media-live-reports.ts). Not in the catalogue: only the key figures ask it.
 */
import type { ReportMetric } from '@mesura/protocol';
import { LIVE_FILTER_COLUMNS } from '../store/queries/media-live-plays.js';
import { filterSql } from '../store/queries/filter-sql.js';
import { livePeakViewersQuery } from '../store/queries/live-peak-viewers.js';
import { seriesPeriod } from './media-measured-rows.js';
import { buildAnswer, measurePeriods } from './report-answer-builder.js';
import type { ReportDefinition } from './report-definition.js';
import { dayLabel, daysOf } from './time-steps.js';

const PEAK_METRICS: ReportMetric[] = [{ key: 'peak_viewers', label: 'Màxim d’espectadors del directe', format: 'count' }];

export const LIVE_PEAK_FIGURE_REPORT: ReportDefinition = {
  report: 'media/live-peak',
  area: 'media',
  title: 'Màxim d’espectadors del directe per dia',
  run: async (request, context) => {
    const filters = filterSql(request.filters, LIVE_FILTER_COLUMNS, request.segment !== undefined);
    const measure = async (range: { from: string; to: string }) => {
      const values = { ...filters.values, suite: request.reportSuite, from: range.from, to: range.to, tz: context.timeZone };
      const steps = daysOf(range).map((day) => ({ key: day, label: dayLabel(day) }));
      // A peak of n viewers is a cell of n distinct visitors: it is its own cohort.
      return seriesPeriod(await context.reader.read(livePeakViewersQuery(filters.sql), values), steps, PEAK_METRICS, 'peak_viewers');
    };
    const { current, previous } = await measurePeriods(request, 'position', measure);
    const shape = {
      dimension: { key: 'day', label: 'Dia' },
      metrics: PEAK_METRICS,
      chart: 'line' as const,
      align: 'position' as const,
      ignoredFilters: filters.ignored,
      ignoredSegment: filters.ignoredSegment,
    };
    return buildAnswer(LIVE_PEAK_FIGURE_REPORT, request, shape, current, previous, context.minCohort);
  },
};
