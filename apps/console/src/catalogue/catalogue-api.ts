/** The reports API as the console reads it: the catalogue, and one report's answer. */
import type { ReportAnswer, ReportCatalogueEntry } from '@mesura/protocol';
import { isRecord, type ApiFailure } from '../api/api-answer';
import { callApi, type ApiClientOptions } from '../api/api-client';

export type Fetched<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

export async function fetchCatalogue(signal?: AbortSignal, options?: ApiClientOptions): Promise<Fetched<ReportCatalogueEntry[]>> {
  const result = await callApi({ method: 'GET', path: '/api/reports/catalogue', ...(signal && { signal }) }, options);
  if (!result.ok) return result;
  const entries = result.body;
  if (!Array.isArray(entries) || !entries.every((e) => isRecord(e) && typeof e.report === 'string' && typeof e.area === 'string')) {
    return { ok: false, failure: { reason: 'malformed' } };
  }
  return { ok: true, value: entries as ReportCatalogueEntry[] };
}

export async function fetchReport(report: string, query: string, signal?: AbortSignal, options?: ApiClientOptions): Promise<Fetched<ReportAnswer>> {
  const result = await callApi({ method: 'GET', path: `/api/reports/${report}?${query}`, ...(signal && { signal }) }, options);
  if (!result.ok) return result;
  const answer = result.body;
  if (!isRecord(answer) || !Array.isArray(answer.rows) || !Array.isArray(answer.metrics) || !isRecord(answer.totals)) {
    return { ok: false, failure: { reason: 'malformed' } };
  }
  return { ok: true, value: answer as unknown as ReportAnswer };
}
