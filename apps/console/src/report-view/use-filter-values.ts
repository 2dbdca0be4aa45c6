import { useEffect, useState } from 'react';
import type { ReportFilterDimension } from '@mesura/protocol';
import type { DateRange } from '../reports/report-types';
import { FILTER_VALUE_SOURCES, FILTER_VALUE_SUGGESTIONS, FIXED_FILTER_VALUES, type FilterValue } from './filter-value-sources';
import { useReportsApi } from './reports-api-context';

export type { FilterValue } from './filter-value-sources';

const NONE: readonly FilterValue[] = [];

/**
 * The values of a dimension seen in the period, most visited first, to choose from when adding a
 * filter (or its fixed values); none for a dimension without a source or when it cannot be read
 * (the value can still be typed). Rows hidden by the minimum cohort, and rows without a value
 * (a filter of nothing), are not offered.
 */
export function useFilterValues(dimension: ReportFilterDimension, range: DateRange): readonly FilterValue[] {
  const api = useReportsApi();
  const [values, setValues] = useState<readonly FilterValue[]>(NONE);
  const source = FILTER_VALUE_SOURCES[dimension];
  const fixed = FIXED_FILTER_VALUES[dimension];

  useEffect(() => {
    setValues(NONE);
    if (source === undefined) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ from: range.from, to: range.to, limit: String(FILTER_VALUE_SUGGESTIONS) });
    void api.report(source, query.toString(), controller.signal).then((result) => {
      if (controller.signal.aborted || !result.ok) return;
      setValues(result.value.rows.filter((row) => !row.hidden && row.key !== '').map((row) => ({ value: row.key, label: row.label })));
    });
    return () => controller.abort();
  }, [api, source, range.from, range.to]);

  return fixed ?? values;
}

/** The Catalan name of a filter's value when its dimension's values name it; the value itself otherwise. */
export function useFilterValueLabel(dimension: ReportFilterDimension, value: string, range: DateRange): string {
  return useFilterValues(dimension, range).find((known) => known.value === value)?.label ?? value;
}
