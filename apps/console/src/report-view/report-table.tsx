import type { ReportAnswer } from '@mesura/protocol';
import { formatChange, formatMetric } from './format-metric';
import { columnHidden, columnValue, reportColumns, TOTAL_LABEL, type ReportColumn, type ValueCells } from './report-columns';
import { RowLabel, type RowActions } from './row-label';
import { TableScroll } from '../components/table-scroll';

interface ReportTableProps {
  answer: ReportAnswer;
  /**
   * Shown beside the chart for assistive technology only (the chart's accessible equivalent):
   * then its rows are plain text, the chart's rows carry the controls (row-label.tsx).
   */
  visuallyHidden: boolean;
  actions: RowActions;
}

/** The report's rows and totals, with the previous period and the change when compared. */
export function ReportTable({ answer, visuallyHidden, actions }: ReportTableProps) {
  const columns = reportColumns(answer);
  const hiddenText = `< ${answer.minCohort}`;
  const cell = (column: ReportColumn, cells: ValueCells) => {
    if (columnHidden(column, cells)) return hiddenText;
    const value = columnValue(column, cells);
    return column.kind === 'change' ? formatChange(value) : formatMetric(value, column.metric.format);
  };
  const table = (
    <table className="report-table">
      <caption className="visually-hidden">{answer.title}</caption>
      <thead>
        <tr>
          <th scope="col">{answer.dimension.label}</th>
          {columns.map((column) => (
            <th scope="col" key={`${column.kind}-${column.metric.key}`} className={column.kind === 'current' ? 'numeric' : 'numeric report-table__earlier'}>
              {column.heading}
              {column.kind === 'current' && column.metric.approximate && <abbr title="aproximat"> (aprox.)</abbr>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {answer.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              <RowLabel row={row} dimension={answer.dimension.key} actions={visuallyHidden ? undefined : actions} />
            </th>
            {columns.map((column) => (
              <td key={`${column.kind}-${column.metric.key}`} className={column.kind === 'current' ? 'numeric' : 'numeric report-table__earlier'}>
                {cell(column, row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{TOTAL_LABEL}</th>
          {columns.map((column) => (
            <td key={`${column.kind}-${column.metric.key}`} className="numeric">
              {cell(column, answer.totals)}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
  // Shown only as the chart's data for assistive technology when the chart is the view.
  if (visuallyHidden) return <div className="visually-hidden">{table}</div>;
  return <TableScroll label={answer.title}>{table}</TableScroll>;
}
