/**
 * The columns of a report's table, shared by the table and its CSV so that the CSV holds exactly
 * what the table shows: each metric, and with a comparison its previous value and the change.
 */
import type { ReportAnswer, ReportMetric, ReportValue } from '@mesura/protocol';

/** The heading of the totals row. */
export const TOTAL_LABEL = 'Total';

export type ColumnKind = 'current' | 'previous' | 'change';

export interface ReportColumn {
  kind: ColumnKind;
  metric: ReportMetric;
  /** Catalan heading. */
  heading: string;
}

/** The values a row or the totals carry, as ReportRow and ReportAnswer['totals'] both do. */
export interface ValueCells {
  values: Record<string, ReportValue>;
  previous?: Record<string, ReportValue>;
  hidden?: boolean;
  previousHidden?: boolean;
}

export function reportColumns(answer: Pick<ReportAnswer, 'metrics' | 'compare'>): ReportColumn[] {
  return answer.metrics.flatMap((metric): ReportColumn[] => {
    const current: ReportColumn = { kind: 'current', metric, heading: metric.label };
    if (answer.compare === undefined) return [current];
    return [current, { kind: 'previous', metric, heading: `${metric.label}, període anterior` }, { kind: 'change', metric, heading: `${metric.label}, canvi` }];
  });
}

/** The relative change from the previous period (0.125 = +12,5 %); null when either side is missing or the previous is 0. */
export function changeOf(current: ReportValue | undefined, previous: ReportValue | undefined): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** A column's number for some cells; null where there is none or the minimum cohort hides it. */
export function columnValue(column: ReportColumn, cells: ValueCells): number | null {
  const key = column.metric.key;
  if (cells.hidden) return null;
  if (column.kind === 'current') return cells.values[key] ?? null;
  if (cells.previousHidden) return null;
  if (column.kind === 'previous') return cells.previous?.[key] ?? null;
  return changeOf(cells.values[key], cells.previous?.[key]);
}

/** Whether the minimum cohort hides the column's cell (shown "< N", left out of the CSV). */
export function columnHidden(column: ReportColumn, cells: ValueCells): boolean {
  return cells.hidden === true || (column.kind !== 'current' && cells.previousHidden === true);
}
