import { useEffect, useState } from 'react';
import type { FilterValue } from '../../report-view/filter-value-sources';
import { useReportsApi } from '../../report-view/reports-api-context';
import type { DateRange } from '../../reports/report-types';

/** How many of a report's rows are offered to choose from: the period's most frequent. */
const OFFERED_ROWS = 100;

/**
 * The keys of a report's rows for the period, with their Catalan labels, to choose a goal's value
 * from (the direct calls seen, the pages visited) rather than type its stored code; none while
 * loading or when it cannot be read (the value can still be typed).
 */
export function useReportValues(report: string | undefined, range: DateRange): readonly FilterValue[] {
  const api = useReportsApi();
  const [values, setValues] = useState<readonly FilterValue[]>([]);
  useEffect(() => {
    setValues([]);
    if (report === undefined) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ from: range.from, to: range.to, limit: String(OFFERED_ROWS) });
    void api.report(report, query.toString(), controller.signal).then((result) => {
      if (controller.signal.aborted || !result.ok) return;
      setValues(result.value.rows.filter((row) => !row.hidden && row.key !== '').map((row) => ({ value: row.key, label: row.label })));
    });
    return () => controller.abort();
  }, [api, report, range.from, range.to]);
  return values;
}
