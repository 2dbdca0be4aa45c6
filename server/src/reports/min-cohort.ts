/**
 * The minimum cohort: no aggregate cell that counts fewer than MESURA_MIN_COHORT distinct visitors
 * is shown, so that no report singles out a person (stacked filters narrow quickly). Raw exports
 * stay, for analysts, as they are.
 */
import type { ReportRow, ReportValue } from '@mesura/protocol';

export const MIN_COHORT_DEFAULT = 5;

/** A row as a query measured it: its values, and the distinct visitors it counts. */
export interface MeasuredRow {
  key: string;
  label: string;
  /** ReportRow['code']: how the data names the row, when its key does not say it. */
  code?: string;
  href?: string;
  drill?: ReportRow['drill'];
  values: Record<string, ReportValue>;
  /** Distinct visitors of the cell (exact or approximate, as the query counts them). */
  visitors: number;
}

/** Whether a cell of `visitors` distinct visitors must be hidden. */
export function belowCohort(visitors: number | null, minCohort: number): boolean {
  return (visitors ?? 0) < minCohort;
}

/** The values with every one nulled: what a hidden cell shows. */
export function hiddenValues(values: Record<string, ReportValue>): Record<string, ReportValue> {
  return Object.fromEntries(Object.keys(values).map((key) => [key, null]));
}

/**
 * The row the console gets: hidden (values null) when its cell is below the cohort, and likewise
 * its comparison cell on its own.
 */
export function publishRow(row: MeasuredRow, previous: MeasuredRow | undefined, minCohort: number, comparing: boolean): ReportRow {
  const hidden = belowCohort(row.visitors, minCohort);
  const published: ReportRow = {
    key: row.key,
    label: row.label,
    ...(row.code !== undefined && { code: row.code }),
    ...(row.href !== undefined && { href: row.href }),
    // A hidden row opens nothing: its drill-down would only split the same few visitors further.
    ...(row.drill !== undefined && !hidden && { drill: row.drill }),
    values: hidden ? hiddenValues(row.values) : row.values,
    ...(hidden && { hidden: true }),
  };
  if (!comparing) return published;
  const previousValues = previous?.values ?? hiddenValues(row.values);
  const previousHidden = previous !== undefined && belowCohort(previous.visitors, minCohort);
  return {
    ...published,
    // No row in the earlier period: nothing to compare with (null), which is not the same as hidden.
    previous: previousHidden ? hiddenValues(previousValues) : previousValues,
    ...(previousHidden && { previousHidden: true }),
  };
}
