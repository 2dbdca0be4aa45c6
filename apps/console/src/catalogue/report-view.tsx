import { useEffect, useState } from 'react';
import type { ReportAnswer, ReportRow } from '@mesura/protocol';
import { apiFailureMessage } from '../api/failure-message';
import type { ApiFailure } from '../api/api-answer';
import { fetchReport } from './catalogue-api';
import { formatChange, formatMetric } from './format-metric';
import { reportCsv } from './report-csv';
import { ReportChart } from './report-chart';
import { FILTER_LABELS, reportQuery, type ReportScreenState } from './report-state';

/** Rows asked for at first, and added by each "Mostra'n més". */
export const REPORT_PAGE_ROWS = 25;

type Load = { status: 'loading' } | { status: 'failed'; failure: ApiFailure } | { status: 'shown'; answer: ReportAnswer };

interface ReportViewProps {
  report: string;
  title: string;
  params: Record<string, string>;
  state: ReportScreenState;
  /** Opens a row's drill-down report. */
  onDrill: (drill: NonNullable<ReportRow['drill']>) => void;
}

/** One report of the catalogue: its chart or table, comparison, hidden cells, paging, CSV, loading and errors. */
export function ReportView({ report, title, params, state, onDrill }: ReportViewProps) {
  const [limit, setLimit] = useState(REPORT_PAGE_ROWS);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const query = reportQuery(state, params, limit);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    void fetchReport(report, query, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoad(result.ok ? { status: 'shown', answer: result.value } : { status: 'failed', failure: result.failure });
    });
    return () => controller.abort();
  }, [report, query, attempt]);

  const headingId = `informe-${report.replace('/', '-')}`;
  return (
    <section className="panel" aria-labelledby={headingId} aria-busy={load.status === 'loading'}>
      <div className="panel__heading">
        <h2 id={headingId}>{title}</h2>
        {load.status === 'shown' && (
          <div className="panel__actions">
            <button type="button" className="button button--quiet" onClick={() => setView(view === 'chart' ? 'table' : 'chart')}>
              {view === 'chart' ? 'Mostra la taula' : 'Mostra el gràfic'}
            </button>
            <button type="button" className="button button--quiet" onClick={() => downloadCsv(load.answer)}>
              Descarrega CSV
            </button>
          </div>
        )}
      </div>
      {load.status === 'loading' && <p className="panel__note" role="status">S'està carregant…</p>}
      {load.status === 'failed' && (
        <div role="alert">
          <p className="panel__error">No s'ha pogut carregar l'informe. {apiFailureMessage(load.failure)}</p>
          <button type="button" className="button" onClick={() => setAttempt(attempt + 1)}>
            Torna-ho a provar
          </button>
        </div>
      )}
      {load.status === 'shown' && <ReportBody answer={load.answer} view={view} onDrill={onDrill} onMore={() => setLimit(limit + REPORT_PAGE_ROWS)} />}
    </section>
  );
}

function ReportBody({ answer, view, onDrill, onMore }: { answer: ReportAnswer; view: 'chart' | 'table'; onDrill: ReportViewProps['onDrill']; onMore: () => void }) {
  return (
    <>
      {answer.note && <p className="panel__note">{answer.note}</p>}
      {answer.ignoredFilters && (
        <p className="panel__note">Aquest informe no es pot filtrar per: {answer.ignoredFilters.map((d) => FILTER_LABELS[d]).join(', ')}.</p>
      )}
      {answer.rows.length === 0 ? (
        <p className="panel__note">No hi ha dades per a aquest període.</p>
      ) : view === 'chart' ? (
        <ReportChart answer={answer} />
      ) : null}
      {(view === 'table' || answer.rows.length > 0) && <ReportTable answer={answer} onDrill={onDrill} visuallyHidden={view === 'chart'} />}
      {answer.rows.length < answer.totalRows - answer.offset && (
        <button type="button" className="button" onClick={onMore}>
          Mostra'n més ({answer.rows.length} de {answer.totalRows})
        </button>
      )}
    </>
  );
}

function ReportTable({ answer, onDrill, visuallyHidden }: { answer: ReportAnswer; onDrill: ReportViewProps['onDrill']; visuallyHidden: boolean }) {
  const comparing = answer.compare !== undefined;
  const hiddenText = `< ${answer.minCohort}`;
  return (
    <div className={visuallyHidden ? 'visually-hidden' : 'table-scroll'}>
      <table className="report-table">
        <caption className="visually-hidden">{answer.title}</caption>
        <thead>
          <tr>
            <th scope="col">{answer.dimension.label}</th>
            {answer.metrics.map((m) => (
              <th scope="col" key={m.key}>
                {m.label}
                {m.approximate && <abbr title="aproximat"> (aprox.)</abbr>}
              </th>
            ))}
            {comparing && answer.metrics.map((m) => <th scope="col" key={`prev-${m.key}`}>{m.label}, abans</th>)}
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <RowLabel row={row} onDrill={onDrill} />
              </th>
              {answer.metrics.map((m) => (
                <td key={m.key}>
                  {row.hidden ? hiddenText : formatMetric(row.values[m.key], m.format)}
                  {comparing && !row.hidden && !row.previousHidden && <span className="change"> {formatChange(row.values[m.key], row.previous?.[m.key])}</span>}
                </td>
              ))}
              {comparing &&
                answer.metrics.map((m) => <td key={`prev-${m.key}`}>{row.previousHidden ? hiddenText : formatMetric(row.previous?.[m.key], m.format)}</td>)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {answer.metrics.map((m) => (
              <td key={m.key}>{answer.totals.hidden ? hiddenText : formatMetric(answer.totals.values[m.key], m.format)}</td>
            ))}
            {comparing &&
              answer.metrics.map((m) => (
                <td key={`prev-${m.key}`}>{answer.totals.previousHidden ? hiddenText : formatMetric(answer.totals.previous?.[m.key], m.format)}</td>
              ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function RowLabel({ row, onDrill }: { row: ReportRow; onDrill: ReportViewProps['onDrill'] }) {
  const drill = row.drill;
  return (
    <>
      {drill ? (
        <button type="button" className="link-button" onClick={() => onDrill(drill)}>
          {row.label}
        </button>
      ) : (
        row.label
      )}
      {row.href && (
        <>
          {' '}
          <a href={row.href} target="_blank" rel="noopener noreferrer">
            (obre la pàgina)
          </a>
        </>
      )}
    </>
  );
}

function downloadCsv(answer: ReportAnswer) {
  const url = URL.createObjectURL(new Blob([reportCsv(answer)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `mesura-${answer.report.replace('/', '-')}-${answer.from}-${answer.to}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
