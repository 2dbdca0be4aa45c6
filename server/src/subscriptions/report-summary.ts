/**
 * A mailed report's figures: the report of the view over the mail's period, compared with the same
 * number of days just before, its totals and top rows, asked as its owner would ask it in the
 * console (their role, their segments), through the catalogue's own query.
 */
import type { ReportAnswer } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { ReportContext, ReportDefinition } from '../reports/report-definition.js';
import { parseReportRequest } from '../reports/report-request.js';
import { runWithSegment, type SegmentSources } from '../reports/report-segment.js';
import type { ReportView } from './console-report-view.js';
import type { MailPeriod } from './mail-periods.js';
import { SUMMARY_TOP_ROWS } from './subscription-limits.js';

export interface SummaryDeps {
  context: ReportContext;
  reportSuite: string;
  segments: SegmentSources;
  catchUp: () => Promise<void>;
}

export async function reportSummary(deps: SummaryDeps, definition: ReportDefinition, view: ReportView, period: MailPeriod, owner: string): Promise<ReportAnswer> {
  const raw: Record<string, unknown> = {
    from: period.from,
    to: period.to,
    compare: 'previous',
    limit: String(SUMMARY_TOP_ROWS),
    ...(view.filters.length > 0 && { f: view.filters.map((filter) => `${filter.dimension}:${filter.value}`) }),
    ...(view.segmentId !== undefined && { s: view.segmentId }),
    ...view.params,
  };
  const request = parseReportRequest(raw, deps.reportSuite, definition.params);
  if (!request.ok) throw new HttpError(ERRORS.badQuery, request.reason);
  await deps.catchUp();
  return runWithSegment(definition, request.value, deps.context, { email: owner }, deps.segments);
}
