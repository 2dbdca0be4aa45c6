/**
 * The console's reports: `GET /api/reports/catalogue` lists them, and each one answers at
 * `GET /api/reports/{area}/{name}` (a static route per report, so the route list names them all).
 */
import type { FastifyInstance } from 'fastify';
import type { ReportCatalogueEntry } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import { parseReportRequest } from './report-request.js';
import { runWithSegment, type SegmentSources } from './report-segment.js';

const REPORT_ID = /^[a-z]+(-[a-z]+)*\/[a-z]+(-[a-z]+)*$/;

export interface ReportCatalogueDeps {
  definitions: readonly ReportDefinition[];
  context: ReportContext;
  reportSuite: string;
  /** Loads what the collector acknowledged unless the store is fresh enough (config.ts MESURA_REPORT_MAX_LAG_MS). */
  catchUp: () => Promise<void>;
  /** Where the segments a report may be asked with (`s=`) are read; none: every `s=` is a 404. */
  segments?: SegmentSources;
}

export async function reportCatalogueRoutes(app: FastifyInstance, deps: ReportCatalogueDeps): Promise<void> {
  const catalogue: ReportCatalogueEntry[] = deps.definitions.map((d) => ({
    report: d.report,
    area: d.area,
    title: d.title,
    ...(d.params?.length && { params: [...d.params] }),
    ...(d.controls && { controls: [...d.controls()] }),
  }));
  app.get('/api/reports/catalogue', { config: { access: 'analyst' } }, async () => catalogue);
  for (const definition of deps.definitions) {
    if (!REPORT_ID.test(definition.report) || !definition.report.startsWith(`${definition.area}/`)) {
      throw new Error(`report id ${definition.report} must be ${definition.area}/lower-case-words`);
    }
    app.get(`/api/reports/${definition.report}`, { config: { access: definition.access ?? 'analyst' } }, async (request) => {
      const parsed = parseReportRequest(request.query as Record<string, unknown>, deps.reportSuite, definition.params);
      if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
      await deps.catchUp();
      return runWithSegment(definition, parsed.value, deps.context, request.principal, deps.segments);
    });
  }
}
