import { useEffect, useState } from 'react';
import type { ReportFilterDimension } from '@mesura/protocol';
import type { DateRange } from '../reports/report-types';
import { FILTER_VALUE_SOURCES, FILTER_VALUE_SUGGESTIONS } from './filter-value-sources';
import { useReportsApi } from './reports-api-context';

export interface FilterValue {
  /** What the filter matches (the source report's row key). */
  value: string;
  label: string;
}

/**
 * The values of a dimension seen in the period, most visited first, to choose from when adding a
 * filter; none for a dimension without a source report or when it cannot be read (the value can
 * still be typed). Rows hidden by the minimum cohort are not offered.
 */
export function useFilterValues(dimension: ReportFilterDimension, range: DateRange): FilterValue[] {
  const api = useReportsApi();
  const [values, setValues] = useState<FilterValue[]>([]);
  const source = FILTER_VALUE_SOURCES[dimension];

  useEffect(() => {
    setValues([]);
    if (source === undefined) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ from: range.from, to: range.to, limit: String(FILTER_VALUE_SUGGESTIONS) });
    void api.report(source, query.toString(), controller.signal).then((result) => {
      if (controller.signal.aborted || !result.ok) return;
      setValues(result.value.rows.filter((row) => !row.hidden).map((row) => ({ value: row.key, label: row.label })));
    });
    return () => controller.abort();
  }, [api, source, range.from, range.to]);

  return values;
}
