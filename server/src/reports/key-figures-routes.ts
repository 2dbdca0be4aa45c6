/**
 * The key figures of each area: `GET /api/key-figures/{area}` (a static route per area, so the
 * route list names them all) with the reports' range, filters and segment (`from`, `to`, `f`, `s`).
 * Each figure's report runs once for both periods through the catalogue's own path
 * (report-segment.ts runWithSegment), so the figures follow the charts' filters, segment and
 * minimum cohort exactly; the previous period is always the one just before.
 */
import { REPORT_ROWS_MAX, type KeyFigure, type KeyFiguresAnswer, type ReportAnswer, type ReportFilterDimension } from '@mesura/protocol';
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { AREA_KEY_FIGURES, type KeyFigureSource } from './key-figures.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import { parseReportRequest, previousPeriod, type ReportRequest } from './report-request.js';
import { runWithSegment, type SegmentSources } from './report-segment.js';
import { daysOf } from './time-steps.js';

/** The query a key figures request may carry: the reports' range, suite, filters and segment. */
const KEY_FIGURES_PARAMS = new Set(['from', 'to', 'suite', 'f', 's']);

export interface KeyFiguresDeps {
  context: ReportContext;
  reportSuite: string;
  /** Loads what the collector acknowledged unless the store is fresh enough, as the reports do. */
  catchUp: () => Promise<void>;
  segments?: SegmentSources;
}

function checkedRequest(query: Record<string, unknown>, reportSuite: string): ReportRequest {
  const unknown = Object.keys(query).find((key) => !KEY_FIGURES_PARAMS.has(key));
  if (unknown !== undefined) throw new HttpError(ERRORS.badQuery, `unknown parameter '${unknown}'; expected ${[...KEY_FIGURES_PARAMS].join(', ')}`);
  const parsed = parseReportRequest(query, reportSuite);
  if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
  // Every day of the range is a step of the series (at most 366), so one answer holds them all.
  return { ...parsed.value, compare: previousPeriod(parsed.value), offset: 0, limit: REPORT_ROWS_MAX };
}

/** One figure out of its report's answer: the totals of both periods and the value of each day. */
export function keyFigureOf(source: KeyFigureSource, answer: ReportAnswer, days: readonly string[]): KeyFigure {
  const metric = answer.metrics.find((m) => m.key === source.metric);
  if (metric === undefined) throw new Error(`report ${answer.report} has no metric ${source.metric}`);
  const { totals } = answer;
  const byDay = new Map(answer.rows.map((row) => [row.key, row]));
  return {
    key: source.metric,
    label: source.label ?? metric.label,
    format: metric.format,
    ...(metric.approximate && { approximate: true }),
    value: totals.hidden ? null : (totals.values[source.metric] ?? null),
    previous: totals.previousHidden ? null : (totals.previous?.[source.metric] ?? null),
    ...(totals.hidden && { hidden: true }),
    ...(totals.previousHidden && { previousHidden: true }),
    series: days.map((day) => {
      const row = byDay.get(day);
      return row === undefined || row.hidden ? null : (row.values[source.metric] ?? null);
    }),
  };
}

async function keyFigures(area: string, sources: readonly KeyFigureSource[], request: ReportRequest, deps: KeyFiguresDeps, asker: { email?: string } | undefined): Promise<KeyFiguresAnswer> {
  const reports = [...new Set(sources.map((source) => source.report))];
  const answers = new Map<ReportDefinition, ReportAnswer>();
  // One report after the other: the embedded engine answers one query at a time anyway.
  for (const report of reports) answers.set(report, await runWithSegment(report, request, deps.context, asker, deps.segments));
  const days = daysOf(request);
  const all = [...answers.values()];
  const ignored = [...new Set(all.flatMap((answer) => answer.ignoredFilters ?? []))] as ReportFilterDimension[];
  const segment = all.find((answer) => answer.segment)?.segment;
  return {
    area,
    from: request.from,
    to: request.to,
    compare: request.compare ?? previousPeriod(request),
    days,
    figures: sources.map((source) => keyFigureOf(source, answers.get(source.report)!, days)),
    filters: request.filters,
    ...(ignored.length > 0 && { ignoredFilters: ignored }),
    ...(segment && { segment }),
    ...(all.some((answer) => answer.ignoredSegment) && { ignoredSegment: true }),
    minCohort: deps.context.minCohort,
  };
}

export async function keyFiguresRoutes(app: FastifyInstance, deps: KeyFiguresDeps): Promise<void> {
  for (const [area, sources] of Object.entries(AREA_KEY_FIGURES)) {
    app.get(`/api/key-figures/${area}`, { config: { access: 'analyst' } }, async (request) => {
      const asked = checkedRequest(request.query as Record<string, unknown>, deps.reportSuite);
      await deps.catchUp();
      return keyFigures(area, sources, asked, deps, request.principal);
    });
  }
}
