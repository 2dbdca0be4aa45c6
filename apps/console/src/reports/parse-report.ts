import type { Dimension, PageViewsReport, ReportOutcome, ReportRow } from './report-types';

const DIMENSIONS: readonly string[] = ['day', 'section', 'pageName'] satisfies Dimension[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function parseRow(value: unknown): ReportRow | undefined {
  if (!isRecord(value)) return undefined;
  const { key, pageViews, visitors } = value;
  // A null key is a group of hits without that field; it is shown, not dropped.
  if ((typeof key !== 'string' && key !== null) || !isCount(pageViews) || !isCount(visitors)) return undefined;
  return { key: key ?? '', pageViews, visitors };
}

/** The body of a 200 answer as a report, or undefined when it is not one. */
export function parsePageViewsReport(body: unknown): PageViewsReport | undefined {
  if (!isRecord(body) || !Array.isArray(body.rows)) return undefined;
  const { from, to, by, total, visitors } = body;
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  if (typeof by !== 'string' || !DIMENSIONS.includes(by)) return undefined;
  if (!isCount(total) || (visitors !== undefined && !isCount(visitors))) return undefined;
  const rows: ReportRow[] = [];
  for (const value of body.rows) {
    const row = parseRow(value);
    if (row === undefined) return undefined;
    rows.push(row);
  }
  return { from, to, by: by as Dimension, total, rows, ...(visitors === undefined ? {} : { visitors }) };
}

/**
 * What an HTTP answer of the reports API means for the console. `body` is the parsed JSON, or
 * undefined when the body was not JSON.
 */
export function interpretReportAnswer(status: number, body: unknown): ReportOutcome {
  if (status === 200) {
    const report = parsePageViewsReport(body);
    return report === undefined ? { ok: false, failure: { reason: 'malformed' } } : { ok: true, report };
  }
  if (status >= 400 && status < 500 && isRecord(body) && typeof body.error === 'string') {
    const code = typeof body.code === 'string' ? body.code : undefined;
    return { ok: false, failure: { reason: 'rejected', status, message: body.error, ...(code === undefined ? {} : { code }) } };
  }
  return { ok: false, failure: { reason: 'server-error', status } };
}
