import { useEffect, useState } from 'react';
import type { ReportFilterDimension } from '@mesura/protocol';
import type { DateRange } from '../reports/report-types';
import { FILTER_VALUE_SOURCES, FILTER_VALUE_SUGGESTIONS, FIXED_FILTER_VALUES, type FilterValue } from './filter-value-sources';
import { useReportsApi } from './reports-api-context';

export type { FilterValue } from './filter-value-sources';

const NONE: readonly FilterValue[] = [];

/** A dimension's values offered for the period, and whether they are all of them (a list of the most visited may leave some out). */
export interface OfferedFilterValues {
  values: readonly FilterValue[];
  complete: boolean;
}

const NOTHING_OFFERED: OfferedFilterValues = { values: NONE, complete: false };

/**
 * The values of a dimension seen in the period, most visited first, to choose from when adding a
 * filter (or its fixed values); none for a dimension without a source or when it cannot be read
 * (the value can still be typed). Rows hidden by the minimum cohort, and rows without a value
 * (a filter of nothing), are not offered.
 */
export function useFilterValues(dimension: ReportFilterDimension, range: DateRange): readonly FilterValue[] {
  return useOfferedFilterValues(dimension, range).values;
}

/**
 * The same with whether they are all the period's values: fixed ones are; those read from a report
 * are when it had no more rows than were asked and hid none below the minimum cohort.
 */
export function useOfferedFilterValues(dimension: ReportFilterDimension, range: DateRange): OfferedFilterValues {
  const api = useReportsApi();
  const [offered, setOffered] = useState<OfferedFilterValues>(NOTHING_OFFERED);
  const source = FILTER_VALUE_SOURCES[dimension];
  const fixed = FIXED_FILTER_VALUES[dimension];

  useEffect(() => {
    setOffered(NOTHING_OFFERED);
    if (source === undefined) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ from: range.from, to: range.to, limit: String(FILTER_VALUE_SUGGESTIONS) });
    void api.report(source, query.toString(), controller.signal).then((result) => {
      if (controller.signal.aborted || !result.ok) return;
      const { rows, totalRows } = result.value;
      const values = rows.filter((row) => !row.hidden && row.key !== '').map((row) => ({ value: row.key, label: row.label }));
      setOffered({ values, complete: totalRows <= rows.length && !rows.some((row) => row.hidden) });
    });
    return () => controller.abort();
  }, [api, source, range.from, range.to]);

  return fixed ? { values: fixed, complete: true } : offered;
}

/** The Catalan name of a filter's value when its dimension's values name it; the value itself otherwise. */
export function useFilterValueLabel(dimension: ReportFilterDimension, value: string, range: DateRange): string {
  return useFilterValues(dimension, range).find((known) => known.value === value)?.label ?? value;
}
