/**
 * Media query rows (one per key, and the total whose key is null) as the answer builder's
 * measured rows: a series keeps every step, a ranking puts most of its first figure first.
 */
import type { ReportMetric } from '@mesura/protocol';
import { numberOf, type ResultRow } from '../store/analytics-reader.js';
import type { MeasuredRow } from './min-cohort.js';
import type { MeasuredPeriod } from './report-answer-builder.js';

interface Page {
  offset: number;
  limit: number;
}

/** A row's figures; its cell counts `visitorsKey` distinct visitors. A step without data shows zero counts and no averages. */
export function measuredRow(key: string, label: string, metrics: ReportMetric[], row: ResultRow | undefined, visitorsKey = 'visitors'): MeasuredRow {
  const values = Object.fromEntries(metrics.map((m) => [m.key, row ? numberOf(row[m.key]) : m.format === 'count' ? 0 : null]));
  // An empty step singles nobody out: it shows its zeroes.
  return { key, label, values, visitors: row ? (numberOf(row[visitorsKey]) ?? 0) : Number.POSITIVE_INFINITY };
}

function totalOf(rows: ResultRow[], metrics: ReportMetric[], visitorsKey?: string): MeasuredRow {
  return measuredRow(
    'total',
    'Total',
    metrics,
    rows.find((row) => row.key === null),
    visitorsKey,
  );
}

/** Every step of `steps` in order, found by its key among the rows. */
export function seriesPeriod(rows: ResultRow[], steps: readonly { key: string; label: string }[], metrics: ReportMetric[], visitorsKey?: string): MeasuredPeriod {
  const byKey = new Map(rows.filter((row) => row.key !== null).map((row) => [String(row.key), row]));
  const all = steps.map((step) => measuredRow(step.key, step.label, metrics, byKey.get(step.key), visitorsKey));
  // A time series is answered whole (at most 366 days or 1,440 minutes): a chart with part of its steps would mislead.
  return { rows: all, totalRows: all.length, total: totalOf(rows, metrics, visitorsKey) };
}

/** The keys with most of the first metric first (ties by key), paged. */
export function rankingPeriod(rows: ResultRow[], metrics: ReportMetric[], page: Page, labelOf: (key: string, row: ResultRow) => string, visitorsKey?: string): MeasuredPeriod {
  const first = metrics[0]!.key;
  const all = rows
    .filter((row) => row.key !== null)
    .map((row) => measuredRow(String(row.key), labelOf(String(row.key), row), metrics, row, visitorsKey))
    .sort((a, b) => (Number(b.values[first]) || 0) - (Number(a.values[first]) || 0) || a.key.localeCompare(b.key));
  return { rows: all.slice(page.offset, page.offset + page.limit), totalRows: all.length, total: totalOf(rows, metrics, visitorsKey) };
}

/**
 * A ranking whose query paged it already (queries/media-session-ranking.ts): its rows in the
 * query's order, the total (key null) with `total_rows`, how many rows there are in all.
 */
export function pagedRankingPeriod(rows: ResultRow[], metrics: ReportMetric[], labelOf: (key: string, row: ResultRow) => string): MeasuredPeriod {
  const total = rows.find((row) => row.key === null);
  const page = rows.filter((row) => row.key !== null).map((row) => measuredRow(String(row.key), labelOf(String(row.key), row), metrics, row));
  return { rows: page, totalRows: numberOf(total?.total_rows) ?? page.length, total: totalOf(rows, metrics) };
}
