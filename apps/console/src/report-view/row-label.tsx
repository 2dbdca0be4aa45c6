import { OTHERS_ROW_KEY, type ReportRow } from '@mesura/protocol';
import { FILTER_LABELS, isFilterDimension } from './report-state';
import { rowHover, shownLabel } from './row-label-text';

export interface RowActions {
  /** Opens a row's drill-down report. */
  onDrill: (drill: NonNullable<ReportRow['drill']>) => void;
  /** Adds the row as a filter, for reports whose rows are values of a filter dimension. */
  onFilter: (row: ReportRow) => void;
}

interface RowLabelProps {
  row: ReportRow;
  /** The report's dimension key: a filter dimension lets the row become a filter. */
  dimension: string;
  /**
   * What the row's controls do. Without them the label is plain text: the table kept beside a
   * chart for assistive technology is visually hidden, and a control in it would take a focus
   * nobody sees (WCAG 2.4.7), so the chart's own rows carry the controls instead.
   */
  actions: RowActions | undefined;
}

/** A row's name with what can be done from it: open its drill-down, open its page, filter by it. */
export function RowLabel({ row, dimension, actions }: RowLabelProps) {
  const shown = shownLabel(row.label);
  const hover = rowHover(row);
  if (actions === undefined) return <>{row.label}</>;
  const { onDrill, onFilter } = actions;
  const drill = row.drill;
  return (
    <>
      {drill ? (
        <button type="button" className="link-button row-label__text" onClick={() => onDrill(drill)} aria-label={`${row.label}: obre el detall`} title={hover}>
          {shown}
        </button>
      ) : (
        <span className="row-label__text" title={hover}>
          {shown}
        </span>
      )}
      {row.href && (
        <>
          {' '}
          <a href={row.href} target="_blank" rel="noopener noreferrer" aria-label={`Obre la pàgina ${row.label} (finestra nova)`}>
            ↗
          </a>
        </>
      )}
      {isFilterDimension(dimension) && !row.hidden && row.key !== OTHERS_ROW_KEY && (
        <>
          {' '}
          <button type="button" className="link-button report-table__filter" onClick={() => onFilter(row)} aria-label={`Filtra per ${FILTER_LABELS[dimension]}: ${row.label}`}>
            filtra
          </button>
        </>
      )}
    </>
  );
}
