/**
 * Rows the minimum cohort hides, added up instead of lost: on a ranking's page, the rows of fewer
 * than MESURA_MIN_COHORT distinct visitors become one row, «Altres (menys de N visitants)», when
 * there are at least two and their visitors together reach the cohort (counted anew over their
 * keys: a visitor in two of them counts once). Its counts are the hidden rows' sums; figures that do
 * not add up (a rate, an average, a time) are left empty, and its visitors are the count of them
 * together. When they do not reach the cohort, the rows stay as they are, each hidden. A compared
 * period adds up the same keys, and its row of others is hidden on its own if it falls short.
 */
import { OTHERS_ROW_KEY, type ReportMetric } from '@mesura/protocol';
import type { MeasuredPeriod } from './report-answer-builder.js';
import type { ReportRequest } from './report-request.js';
import { belowCohort, type MeasuredRow } from './min-cohort.js';

/** The row of others' key (a ranking's keys are data: none is this text in brackets). */
export const OTHERS_KEY = OTHERS_ROW_KEY;

export const othersLabel = (minCohort: number) => `Altres (menys de ${minCohort} visitants)`;

type Range = { from: string; to: string };

export interface RankingPeriods {
  current: MeasuredPeriod;
  previous?: MeasuredPeriod;
  /** How many of the page's rows went into the row of others (0: none). */
  folded: number;
}

/**
 * Measures a ranking's page and, when comparing, the previous period for the page's keys
 * (report-answer-builder.ts measurePeriods), with the page's hidden rows added up as above.
 * `together` counts the distinct visitors of some keys' rows over a range, together.
 */
export async function measureFoldedPeriods(
  request: ReportRequest,
  metrics: readonly ReportMetric[],
  minCohort: number,
  measure: (range: Range, keys?: readonly string[]) => Promise<MeasuredPeriod>,
  together: (range: Range, keys: readonly string[]) => Promise<number>,
): Promise<RankingPeriods> {
  const measured = await measure(request);
  const hidden = measured.rows.filter((row) => belowCohort(row.visitors, minCohort)).map((row) => row.key);
  const visitors = hidden.length >= 2 ? await together(request, hidden) : 0;
  const folding = !belowCohort(visitors, minCohort);
  const current = folding ? foldRows(measured, hidden, metrics, minCohort, visitors) : measured;
  const folded = folding ? hidden.length : 0;
  if (!request.compare) return { current, folded };
  const shown = current.rows.map((row) => row.key).filter((key) => key !== OTHERS_KEY);
  const earlier = await measure(request.compare, folding ? [...shown, ...hidden] : shown);
  const previous = folding ? foldRows(earlier, hidden, metrics, minCohort, await together(request.compare, hidden)) : earlier;
  return { current, previous, folded };
}

/**
 * The period with the rows of `keys` replaced by one row of others at its end; with no visitor
 * among them (a compared period without those rows), none: an empty row is no comparison.
 */
function foldRows(period: MeasuredPeriod, keys: readonly string[], metrics: readonly ReportMetric[], minCohort: number, visitors: number): MeasuredPeriod {
  const folding = new Set(keys);
  const rows = period.rows.filter((row) => folding.has(row.key));
  if (visitors === 0) return { ...period, rows: period.rows.filter((row) => !folding.has(row.key)) };
  const values = Object.fromEntries(metrics.map((metric) => [metric.key, metric.key === 'visitors' ? visitors : metric.format === 'count' ? sumOf(rows, metric.key) : null]));
  const others: MeasuredRow = { key: OTHERS_KEY, label: othersLabel(minCohort), values, visitors };
  return { ...period, rows: [...period.rows.filter((row) => !folding.has(row.key)), others] };
}

function sumOf(rows: readonly MeasuredRow[], key: string): number {
  return rows.reduce((sum, row) => sum + (typeof row.values[key] === 'number' ? (row.values[key] as number) : 0), 0);
}
