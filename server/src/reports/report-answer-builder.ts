/**
 * Puts a report's measured rows together into the ReportAnswer the console draws: paging, the
 * comparison period matched row by row, and the minimum cohort applied to every cell.
 */
import type { ReportAnswer, ReportFilterDimension, ReportMap, ReportMetric } from '@mesura/protocol';
import { belowCohort, hiddenValues, publishRow, type MeasuredRow } from './min-cohort.js';
import type { ReportDefinition } from './report-definition.js';
import type { ReportRequest } from './report-request.js';

/** What one period measured: the page of rows, how many rows there are in all, and the totals. */
export interface MeasuredPeriod {
  rows: MeasuredRow[];
  totalRows: number;
  total: MeasuredRow;
}

export interface AnswerShape {
  dimension: { key: string; label: string };
  metrics: ReportMetric[];
  chart: 'line' | 'bar';
  map?: ReportMap | undefined;
  note?: string;
  ignoredFilters?: ReportFilterDimension[];
  /** True when the request's segment cannot narrow this report's data (filter-sql.ts FilterSql.ignoredSegment). */
  ignoredSegment?: boolean;
  /**
   * How a comparison row is found: by its key (rankings: the same page), or by its place (time
   * series: the first day of one period with the first day of the other).
   */
  align: 'key' | 'position';
  /** How many of the page's hidden rows the row of others adds up (hidden-rows.ts); 0 or absent: none. */
  folded?: number;
}

export function buildAnswer(
  definition: Pick<ReportDefinition, 'report' | 'title'>,
  request: ReportRequest,
  shape: AnswerShape,
  current: MeasuredPeriod,
  previous: MeasuredPeriod | undefined,
  minCohort: number,
): ReportAnswer {
  const comparing = request.compare !== undefined;
  const earlier = (row: MeasuredRow, index: number) => (previous === undefined ? undefined : shape.align === 'position' ? previous.rows[index] : previous.rows.find((p) => p.key === row.key));
  const totalHidden = totalBelowCohort(current.total, minCohort);
  const previousTotalHidden = previous !== undefined && totalBelowCohort(previous.total, minCohort);
  const totalValues = (total: MeasuredRow, hidden: boolean) => (hidden ? hiddenValues(total.values) : publishedTotal(total, shape.align));
  return {
    report: definition.report,
    title: definition.title,
    from: request.from,
    to: request.to,
    ...(request.compare && { compare: request.compare }),
    filters: request.filters,
    dimension: shape.dimension,
    metrics: shape.metrics,
    chart: shape.chart,
    ...(shape.map && { map: shape.map }),
    rows: current.rows.map((row, index) => publishRow(row, earlier(row, index), minCohort, comparing)),
    ...(shape.folded ? { othersRows: shape.folded } : {}),
    totalRows: current.totalRows,
    offset: request.offset,
    limit: request.limit,
    totals: {
      values: totalValues(current.total, totalHidden),
      ...(previous && { previous: totalValues(previous.total, previousTotalHidden) }),
      ...(totalHidden && { hidden: true }),
      ...(previousTotalHidden && { previousHidden: true }),
    },
    minCohort,
    ...(shape.note !== undefined && { note: shape.note }),
    ...(shape.ignoredFilters?.length && { ignoredFilters: shape.ignoredFilters }),
    ...(request.segment && (shape.ignoredSegment ? { ignoredSegment: true } : { segment: request.segment })),
  };
}

/**
 * Whether a period's totals are hidden by the minimum cohort. A period with nothing in it (every
 * figure zero or none) singles nobody out: its totals show as its rows do (none, or zeros), not as
 * hidden, which would read as "a few visitors" where there were none.
 */
function totalBelowCohort(total: MeasuredRow, minCohort: number): boolean {
  return !isEmpty(total) && belowCohort(total.visitors, minCohort);
}

const isEmpty = (total: MeasuredRow) => Object.values(total.values).every((value) => value === null || value === 0);

/**
 * A shown period's totals. An empty ranking's are none, as its missing rows are (publishRow), and
 * alike on both engines (a count of nothing is 0 on one and NULL on the other); a series' are as
 * measured, its empty steps being zeros.
 */
function publishedTotal(total: MeasuredRow, align: AnswerShape['align']): MeasuredRow['values'] {
  if (align === 'key' && isEmpty(total)) return Object.fromEntries(Object.keys(total.values).map((key) => [key, null]));
  return total.values;
}

/**
 * Measures the asked period and, when comparing, the previous one with the same function; for a
 * ranking the previous period is measured for the current page's keys only (`keys`), so that each
 * shown row finds its earlier figures even when they ranked elsewhere.
 */
export async function measurePeriods(
  request: ReportRequest,
  align: AnswerShape['align'],
  measure: (range: { from: string; to: string }, keys?: readonly string[]) => Promise<MeasuredPeriod>,
): Promise<{ current: MeasuredPeriod; previous?: MeasuredPeriod }> {
  const current = await measure(request);
  if (!request.compare) return { current };
  const keys = align === 'key' ? current.rows.map((row) => row.key) : undefined;
  return { current, previous: await measure(request.compare, keys) };
}
