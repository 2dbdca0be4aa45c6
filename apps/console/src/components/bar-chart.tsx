import { formatCount } from '../reports/format';
import type { ChartRow } from '../reports/report-maths';

interface BarChartProps {
  rows: readonly ChartRow[];
  label: (key: string) => string;
}

/**
 * Horizontal bars of page views, plain HTML and CSS. Hidden from assistive technology because the
 * table next to it carries the same figures.
 */
export function BarChart({ rows, label }: BarChartProps) {
  return (
    <ol className="bar-chart" aria-hidden="true">
      {rows.map((row) => (
        <li key={row.key} className="bar-chart__row">
          <span className="bar-chart__label">{label(row.key)}</span>
          <span className="bar-chart__track">
            <span className="bar-chart__bar" style={{ width: `${row.barPercent}%` }} />
          </span>
          <span className="bar-chart__value">{formatCount(row.pageViews)}</span>
        </li>
      ))}
    </ol>
  );
}
