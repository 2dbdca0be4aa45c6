import { useEffect, useState } from 'react';
import { REPORT_ROWS_MAX, type ReportAnswer, type ReportParamControl } from '@mesura/protocol';
import type { ApiFailure } from '../api/api-answer';
import { apiFailureMessage } from '../api/failure-message';
import { MailReportLink } from '../areas/avisos/mail-report-link';
import { PinToDashboard } from '../areas/taulers/pin-to-dashboard';
import { ReportBody } from './report-body';
import { ReportParamControls } from './report-param-controls';
import { reportCsv, reportCsvName } from './report-csv';
import { shownLabel } from './row-label-text';
import { reportQuery } from './report-state';
import { useReportsApi } from './reports-api-context';
import { useLatestParams } from './use-latest-params';
import { useReportState } from './use-report-state';
import { useRowLimit } from './use-row-limit';

/** Rows asked for at first, and added by each "Mostra'n més". */
export const REPORT_PAGE_ROWS = 25;

type Load = { status: 'loading'; shown?: ReportAnswer } | { status: 'failed'; failure: ApiFailure } | { status: 'shown'; answer: ReportAnswer };

interface ReportViewProps {
  /** `area/name` of the report. */
  report: string;
  title: string;
  /** The report's own parameters (a drill-down's section, group…). */
  params?: Record<string, string>;
  /**
   * The catalogue's controls of its own parameters (a day, a channel): shown on the report, each
   * choice written to the URL's `p.{name}` for the page to pass back in `params`.
   */
  controls?: readonly ReportParamControl[];
  /**
   * What a control's choice does with the report's parameters: by default they are written to the
   * URL's `p.{name}`; a list of reports opens the report with them instead (report-area.tsx).
   */
  onParamsChange?: (params: Record<string, string>) => void;
  /**
   * The parameters a drill-down was opened with, to name after the title («Subseccions:
   * Notícies»): by the answer's names for them (`paramLabels`), else as they are.
   */
  titleParams?: Record<string, string>;
}

/**
 * One report, or, when a second segment is chosen (`vs`), the same report twice side by side: for
 * the first segment (or all visitors) and for the second, each asked with its own `s=`.
 */
export function ReportView(props: ReportViewProps) {
  const [state] = useReportState();
  if (state.compareSegment === undefined) return <SegmentReportView {...props} />;
  return (
    <div className="report-side-by-side">
      <SegmentReportView {...props} segment={state.segment ?? ''} />
      <SegmentReportView {...props} segment={state.compareSegment} />
    </div>
  );
}

/**
 * One report: it follows the period, comparison, filters and view of the URL, asks the server,
 * and draws the answer (chart or table, comparison, hidden cells, paging, CSV), with loading and
 * error states and a retry.
 */
function SegmentReportView({ report, title, params = {}, controls, onParamsChange, titleParams, segment }: ReportViewProps & { segment?: string }) {
  const api = useReportsApi();
  const [shared, setState] = useReportState();
  // Beside another, the report is asked for its own segment ('' for all visitors).
  const state = segment === undefined ? shared : { ...shared, segment: segment || undefined };
  // A new period, comparison or filter starts again from the first page of rows (use-row-limit.ts).
  const [limit, setLimit] = useRowLimit(reportQuery(state, params, REPORT_PAGE_ROWS), REPORT_PAGE_ROWS);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const query = reportQuery(state, params, limit);

  // biome-ignore lint/correctness/useExhaustiveDependencies(attempt): "Torna-ho a provar" counts up `attempt` to ask again; the effect has no use for the number itself.
  useEffect(() => {
    const controller = new AbortController();
    // While a new answer comes, the one shown stays (dimmed, aria-busy) so a page does not jump.
    setLoad((before) => ({ status: 'loading', ...(before.status === 'shown' && { shown: before.answer }) }));
    void api.report(report, query, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (!result.ok) return setLoad({ status: 'failed', failure: result.failure });
      const answer = result.value;
      // A time series is drawn whole: ask once more for all its steps rather than page it.
      const wholeSeries = Math.min(answer.totalRows, REPORT_ROWS_MAX);
      if (answer.chart === 'line' && answer.rows.length < answer.totalRows && limit < wholeSeries) setLimit(wholeSeries);
      else setLoad({ status: 'shown', answer });
    });
    return () => controller.abort();
  }, [api, report, query, attempt, limit, setLimit]);

  const headingId = `informe-${report.replace('/', '-')}${segment === undefined ? '' : `-${segment || 'tots'}`}`;
  const answer = load.status === 'shown' ? load.answer : load.status === 'loading' ? load.shown : undefined;
  const [latestParams, chooseParams] = useLatestParams(shared.reportParams);
  const setParam = (name: string, value: string | undefined) => {
    const { [name]: _left, ...others } = latestParams();
    const next = value === undefined ? others : { ...others, [name]: value };
    chooseParams(next);
    if (onParamsChange) onParamsChange(next);
    else setState({ ...shared, reportParams: next });
  };
  return (
    <section className="panel" aria-labelledby={headingId} aria-busy={load.status === 'loading'}>
      <div className="panel__heading">
        <h2 id={headingId}>
          {titleParams ? drilledTitle(title, titleParams, answer?.paramLabels) : title}
          {segment !== undefined && ` · ${answer?.segment?.name ?? (segment || 'Tots els visitants')}`}
        </h2>
        {load.status === 'shown' && load.answer.rows.length > 0 && (
          <div className="panel__actions">
            <button type="button" className="button button--quiet" onClick={() => downloadCsv(load.answer)} aria-labelledby={`${headingId}-csv ${headingId}`}>
              {/* Named with the report's title, as the actions beside it: a page or a dashboard has several. */}
              <span id={`${headingId}-csv`}>
                Descarrega CSV<span className="visually-hidden"> de l'informe</span>
              </span>
            </button>
            <MailReportLink report={report} params={params} />
            <PinToDashboard report={report} params={params} />
          </div>
        )}
      </div>
      {controls && controls.length > 0 && <ReportParamControls controls={controls} values={params} answeredDay={answer && answer.from === answer.to ? answer.from : undefined} onChange={setParam} />}
      {load.status === 'loading' && (
        <p className="panel__note" role="status">
          S'està carregant…
        </p>
      )}
      {load.status === 'failed' && (
        <div role="alert">
          <p className="panel__error">No s'ha pogut carregar l'informe. {apiFailureMessage(load.failure)}</p>
          <button type="button" className="button" onClick={() => setAttempt(attempt + 1)}>
            Torna-ho a provar
          </button>
        </div>
      )}
      {answer?.ignoredSegment && <p className="panel__note">Aquest informe no pot aplicar el segment: les seves dades no guarden el visitant.</p>}
      {answer && (
        <div className={load.status === 'loading' ? 'panel__stale' : undefined}>
          <ReportBody answer={answer} state={state} onChange={setState} onMore={limit < REPORT_ROWS_MAX ? () => setLimit(Math.min(limit + REPORT_PAGE_ROWS, REPORT_ROWS_MAX)) : undefined} />
        </div>
      )}
    </section>
  );
}

/** A drill-down's title with what it was opened for; an empty value (episodes without a season) names nothing. */
export function drilledTitle(title: string, params: Record<string, string>, labels: Record<string, string> | undefined): string {
  const values = Object.entries(params)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => labels?.[name] ?? shownLabel(value));
  return values.length ? `${title}: ${values.join(' · ')}` : title;
}

function downloadCsv(answer: ReportAnswer) {
  const url = URL.createObjectURL(new Blob([reportCsv(answer)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reportCsvName(answer);
  link.click();
  URL.revokeObjectURL(url);
}
