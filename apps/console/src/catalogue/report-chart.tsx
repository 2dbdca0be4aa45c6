import type { ReportAnswer } from '@mesura/protocol';
import { formatMetric } from './format-metric';

const WIDTH = 640;
const HEIGHT = 160;

/**
 * The report's first metric drawn: a line over time (with the comparison period as a second,
 * lighter line) or bars for a ranking. Hidden from assistive technology: the table beside it
 * carries the same figures.
 */
export function ReportChart({ answer }: { answer: ReportAnswer }) {
  const metric = answer.metrics[0];
  if (!metric) return null;
  const values = answer.rows.map((row) => row.values[metric.key] ?? 0);
  const previous = answer.compare ? answer.rows.map((row) => row.previous?.[metric.key] ?? 0) : [];
  const top = Math.max(1, ...values, ...previous);
  if (answer.chart === 'bar') {
    return (
      <ol className="bar-chart" aria-hidden="true">
        {answer.rows.map((row, i) => (
          <li key={row.key} className="bar-chart__row">
            <span className="bar-chart__label">{row.label}</span>
            <span className="bar-chart__track">
              <span className="bar-chart__bar" style={{ width: `${row.hidden ? 0 : (100 * (values[i] ?? 0)) / top}%` }} />
            </span>
            <span className="bar-chart__value">{row.hidden ? `< ${answer.minCohort}` : formatMetric(values[i], metric.format)}</span>
          </li>
        ))}
      </ol>
    );
  }
  const points = (series: number[]) =>
    series.map((v, i) => `${(i * WIDTH) / Math.max(1, series.length - 1)},${HEIGHT - (v * (HEIGHT - 8)) / top}`).join(' ');
  return (
    <svg className="line-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" preserveAspectRatio="none">
      {previous.length > 0 && <polyline className="line-chart__previous" points={points(previous)} />}
      <polyline className="line-chart__current" points={points(values)} />
    </svg>
  );
}
