import type { ReportAnswer } from '@mesura/protocol';
import { CohortNote, coveredRows } from './cohort-note';
import { ReportChart } from './report-chart';
import { FILTER_LABELS, isFilterDimension, withFilter, type ReportScreenState } from './report-state';
import { ReportTable } from './report-table';
import type { RowActions } from './row-label';

interface ReportBodyProps {
  answer: ReportAnswer;
  state: ReportScreenState;
  onChange: (next: ReportScreenState) => void;
  /** Asks for more rows; none once the server's most rows per answer are shown. */
  onMore: (() => void) | undefined;
}

/** A report's answer: its note, the filters it could not apply, the chart or table, and more rows. */
export function ReportBody({ answer, state, onChange, onMore }: ReportBodyProps) {
  const dimension = answer.dimension.key;
  const showChart = state.view === 'chart' && answer.rows.length > 0;
  const covered = coveredRows(answer);
  const actions: RowActions = {
    onDrill: (drill) => onChange({ ...state, report: drill.report, reportParams: drill.params }),
    onFilter: (row) => {
      if (isFilterDimension(dimension)) onChange(withFilter(state, { dimension, value: row.key }));
    },
  };
  return (
    <>
      {answer.note && <p className="panel__note">{answer.note}</p>}
      {answer.ignoredFilters && answer.ignoredFilters.length > 0 && (
        <p className="panel__note">Aquest informe no es pot filtrar per: {answer.ignoredFilters.map((d) => FILTER_LABELS[d]).join(', ')}.</p>
      )}
      {answer.rows.length === 0 && <p className="panel__note">No hi ha dades per a aquest període.</p>}
      {showChart && <ReportChart answer={answer} actions={actions} />}
      {answer.rows.length > 0 && <ReportTable answer={answer} visuallyHidden={showChart} actions={actions} />}
      <CohortNote answer={answer} />
      {covered < answer.totalRows - answer.offset &&
        (onMore ? (
          <button type="button" className="button" onClick={onMore}>
            Mostra'n més ({covered} de {answer.totalRows})
          </button>
        ) : (
          <p className="panel__note">
            Es mostren les {covered} primeres files de {answer.totalRows}.
          </p>
        ))}
    </>
  );
}
