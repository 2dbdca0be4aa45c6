/**
 * Audiència: page views, visits, visitors, pages per visit, bounce rate and average visit duration,
 * by day and by hour of the day. Every step of the range is a row, also the ones without traffic
 * (a gap is a zero, not a missing point); the comparison pairs the first day of one period with
 * the first of the other. How long visits last is a report of its own (visit-duration-report.ts).
 */
import type { ReportMetric } from '@mesura/protocol';
import { numberOf, type ResultRow } from '../store/analytics-reader.js';
import { buildAnswer, measurePeriods, type MeasuredPeriod } from './report-answer-builder.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import type { ReportRequest } from './report-request.js';
import { filterSql } from '../store/queries/filter-sql.js';
import type { MeasuredRow } from './min-cohort.js';
import { audienceCellsQuery, audienceSeriesQuery, type AudienceStep } from '../store/queries/audience-series.js';
import { FACT_FILTER_COLUMNS } from '../store/queries/report-table.js';
import { dayLabel, daysOf, hourLabel, HOURS_OF_DAY } from './time-steps.js';
import { VISIT_DURATION_REPORT } from './visit-duration-report.js';

export const AUDIENCE_METRICS: ReportMetric[] = [
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'visits', label: 'Visites', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  { key: 'pages_per_visit', label: 'Pàgines per visita', format: 'ratio' },
  { key: 'bounce_rate', label: 'Percentatge de rebot', format: 'percent' },
  { key: 'avg_duration', label: 'Durada mitjana de la visita', format: 'seconds' },
];

const NOTE = "Una visita acaba després de 30 minuts sense activitat. Els filtres trien les visites per la pàgina d'entrada i els atributs de la visita.";

function audienceReport(step: AudienceStep, report: string, title: string, dimensionLabel: string): ReportDefinition {
  const definition: ReportDefinition = {
    report,
    area: 'audience',
    title,
    run: async (request, context) => {
      const filters = filterSql(request.filters, FACT_FILTER_COLUMNS, request.segment !== undefined);
      const measure = (range: { from: string; to: string }) => measureSeries(step, request, context, filters, range);
      const { current, previous } = await measurePeriods(request, 'position', measure);
      return buildAnswer(
        definition,
        request,
        {
          dimension: { key: step, label: dimensionLabel },
          metrics: AUDIENCE_METRICS,
          chart: 'line',
          align: 'position',
          note: NOTE,
          ignoredFilters: filters.ignored,
          ignoredSegment: filters.ignoredSegment,
        },
        current,
        previous,
        context.minCohort,
      );
    },
  };
  return definition;
}

async function measureSeries(step: AudienceStep, request: ReportRequest, context: ReportContext, filters: ReturnType<typeof filterSql>, range: { from: string; to: string }): Promise<MeasuredPeriod> {
  const values = { ...filters.values, suite: request.reportSuite, from: range.from, to: range.to };
  // Without filters the visit cells answer (they keep no filter columns).
  const query = request.filters.length === 0 && request.segment === undefined ? audienceCellsQuery(step) : audienceSeriesQuery(step, filters.sql);
  const rows = await context.reader.read(query, values);
  const total = rows.find((row) => row.key === null);
  const byKey = new Map(rows.filter((row) => row.key !== null).map((row) => [String(row.key), row]));
  const keys = step === 'day' ? daysOf(range) : HOURS_OF_DAY;
  const all = keys.map((key) => measured(key, step === 'day' ? dayLabel(key) : hourLabel(key), byKey.get(key)));
  // A time series is answered whole (at most 366 days or 24 hours): a chart with half its days would mislead.
  return { rows: all, totalRows: all.length, total: measured('total', 'Total', total) };
}

function measured(key: string, label: string, row: ResultRow | undefined): MeasuredRow {
  // A count of nothing is 0 (the range's total over no visits sums to NULL); a ratio of nothing is none.
  const values = Object.fromEntries(AUDIENCE_METRICS.map((m) => [m.key, row ? (numberOf(row[m.key]) ?? (m.format === 'count' ? 0 : null)) : 0]));
  // A step without visits: nothing to divide, so no ratio (not a 0 % bounce rate).
  if (!row) Object.assign(values, { pages_per_visit: null, bounce_rate: null, avg_duration: null });
  // The visitors are estimated (approx_count_distinct, uniq, the cells' sketches) and may come out
  // above the visits on a small set; a visit is one visitor's, so there are never more than visits.
  if (row) values.visitors = Math.min(values.visitors ?? 0, values.visits ?? 0);
  // An empty step singles nobody out: it shows its zeroes.
  return { key, label, values, visitors: row ? (values.visitors ?? 0) : Number.POSITIVE_INFINITY };
}

export const AUDIENCE_REPORTS: ReportDefinition[] = [
  audienceReport('day', 'audience/by-day', 'Audiència per dia', 'Dia'),
  audienceReport('hour', 'audience/by-hour', 'Audiència per hora del dia', 'Hora'),
  VISIT_DURATION_REPORT,
];
