import type { ReportState } from '../hooks/use-page-views-report';
import { formatCount } from '../reports/format';
import { rangeVisitors } from '../reports/report-maths';

/** The range's page views and visitors, from the by-day report. Failures show in the panels below. */
export function TotalsSummary({ state }: { state: ReportState }) {
  const report = state.status === 'ready' ? state.report : undefined;
  const visitors = report === undefined ? undefined : rangeVisitors(report);
  return (
    <dl className="totals" aria-busy={state.status === 'loading'}>
      <div className="totals__item">
        <dt>Pàgines vistes</dt>
        <dd>{report === undefined ? '—' : formatCount(report.total)}</dd>
      </div>
      <div className="totals__item">
        <dt>Visitants</dt>
        <dd>
          {visitors === undefined ? '—' : formatCount(visitors)}
          {report !== undefined && visitors === undefined && (
            <span className="totals__note">El servidor no informa dels visitants únics del període.</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
