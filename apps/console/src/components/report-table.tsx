import { formatCount, formatPercent } from '../reports/format';
import type { ChartRow } from '../reports/report-maths';

interface ReportTableProps {
  caption: string;
  /** Header of the first column: "Dia", "Secció", "Nom de pàgina". */
  keyHeader: string;
  rows: readonly ChartRow[];
  label: (key: string) => string;
}

export function ReportTable({ caption, keyHeader, rows, label }: ReportTableProps) {
  return (
    <table className="report-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{keyHeader}</th>
          <th scope="col" className="numeric">
            Pàgines vistes
          </th>
          <th scope="col" className="numeric">
            Visitants
          </th>
          <th scope="col" className="numeric">
            % del total
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{label(row.key)}</th>
            <td className="numeric">{formatCount(row.pageViews)}</td>
            <td className="numeric">{formatCount(row.visitors)}</td>
            <td className="numeric">{formatPercent(row.share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
