import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_TIME_ZONE } from '../reports/constants';
import { paramsFromState, stateFromParams, type ReportScreenState } from './report-state';
import { useReportStateOverride } from './report-state-override';

/**
 * The report state of the current URL, and a setter that writes a new state back to it (a new
 * history entry, so Back undoes a filter or a drill-down). "Today" is fixed when the screen opens
 * so that a preset does not move under a person working past midnight. Inside a dashboard tile,
 * the tile's own state (report-state-override.ts) stands for the URL's.
 */
export function useReportState(): [ReportScreenState, (next: ReportScreenState) => void] {
  const [urlParams, setUrlParams] = useSearchParams();
  const override = useReportStateOverride();
  const [params, setParams] = override ? [override.params, override.setParams] : [urlParams, setUrlParams];
  const [now] = useState(() => new Date());
  const state = stateFromParams(params, now, REPORT_TIME_ZONE);
  return [state, (next) => setParams(paramsFromState(next))];
}
