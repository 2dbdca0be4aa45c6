/** The reports API as the console reads it: the catalogue, and one report's answer. */
import type { ReportAnswer, ReportCatalogueEntry } from '@mesura/protocol';
import { isRecord, type Outcome } from '../api/api-answer';
import { callApi, type ApiClientOptions } from '../api/api-client';

/** What the report screens need of the server; tests pass a recording fake through ReportsApiContext. */
export interface ReportsApi {
  catalogue(signal?: AbortSignal): Promise<Outcome<ReportCatalogueEntry[]>>;
  /** `report` is `area/name`; `query` the URL query of reportQuery (report-state.ts). */
  report(report: string, query: string, signal?: AbortSignal): Promise<Outcome<ReportAnswer>>;
}

/** A report id as the catalogue names them (`area/name`): checked before it becomes part of a path. */
const REPORT_ID = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9-]*$/;

export function isReportId(value: string): boolean {
  return REPORT_ID.test(value);
}

export function httpReportsApi(options?: ApiClientOptions): ReportsApi {
  return {
    async catalogue(signal) {
      const result = await callApi({ method: 'GET', path: '/api/reports/catalogue', ...(signal && { signal }) }, options);
      if (!result.ok) return result;
      const entries = result.body;
      if (!Array.isArray(entries) || !entries.every((e) => isRecord(e) && typeof e.report === 'string' && typeof e.area === 'string' && typeof e.title === 'string')) {
        return { ok: false, failure: { reason: 'malformed' } };
      }
      return { ok: true, value: entries as ReportCatalogueEntry[] };
    },
    async report(report, query, signal) {
      if (!isReportId(report)) return { ok: false, failure: { reason: 'malformed' } };
      const result = await callApi({ method: 'GET', path: `/api/reports/${report}?${query}`, ...(signal && { signal }) }, options);
      if (!result.ok) return result;
      const answer = result.body;
      if (!isRecord(answer) || !Array.isArray(answer.rows) || !Array.isArray(answer.metrics) || !isRecord(answer.totals) || !isRecord(answer.dimension)) {
        return { ok: false, failure: { reason: 'malformed' } };
      }
      return { ok: true, value: answer as unknown as ReportAnswer };
    },
  };
}
