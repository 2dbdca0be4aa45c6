import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { ReportAnswer } from '@mesura/protocol';
import { deBefore } from '../reports/catalan-de';
import { formatRange } from '../reports/format';
import { AnnotationChart } from './annotation-chart';
import { chartSteps } from './annotation-marks';
import { BarChart } from './bar-chart';
import { formatMetric } from './format-metric';
import { PARTIAL_STEP_WORDS, partialStep } from './partial-step';
import { RowLabel, type RowActions } from './row-label';

// uPlot is a chunk of its own, loaded by the first time series; rankings draw without it.
const LineChart = lazy(() => import('./line-chart'));
// So are the maps' outlines and d3-geo, loaded by the first ranking of places.
const PlaceMap = lazy(() => import('./place-map'));

/**
 * The report drawn for one of its metrics (chosen when it has several): a line over time with the
 * comparison period as a second, lighter line, or bars for a ranking. The figure has an accessible
 * name; the table beside it (visually hidden) is its accessible equivalent. A ranking's bars carry
 * the rows' controls (drill-down, page, filter), since the hidden table may not: a line is an image,
 * and its steps (days, hours) have none.
 */
export function ReportChart({ answer, actions }: { answer: ReportAnswer; actions: RowActions }) {
  const [metricKey, setMetricKey] = useState(answer.metrics[0]?.key ?? '');
  const metric = answer.metrics.find((m) => m.key === metricKey) ?? answer.metrics[0];
  const selectId = useId();
  const comparing = answer.compare !== undefined;

  // Kept across renders: the chart redraws only when its notes' steps change.
  const steps = useMemo(() => chartSteps(answer), [answer]);
  const series = useMemo(() => {
    const key = metric?.key ?? '';
    return {
      labels: answer.rows.map((row) => row.label),
      current: answer.rows.map((row) => row.values[key] ?? null),
      ...(comparing && { previous: answer.rows.map((row) => (row.previousHidden ? null : (row.previous?.[key] ?? null))) }),
      formatValue: (value: number) => formatMetric(value, metric?.format ?? 'count'),
      wholeSteps: (metric?.format ?? 'count') === 'count',
      partialFrom: partialStep(answer),
    };
  }, [answer, metric, comparing]);

  if (!metric) return null;
  const legend = comparing && (
    <figcaption className="report-chart__legend" aria-hidden="true">
      <span className="report-chart__key report-chart__key--current" /> {formatRange(answer)} <span className="report-chart__key report-chart__key--previous" />{' '}
      {answer.compare && formatRange(answer.compare)}
    </figcaption>
  );
  const partial = series.partialFrom === undefined ? '' : ` ${PARTIAL_STEP_WORDS}`;
  const name = `Gràfic ${deBefore(metric.label.toLowerCase())} per ${answer.dimension.label.toLowerCase()}${comparing ? ', amb el període anterior' : ''}. Les xifres són a la taula.${partial}`;
  return (
    <div className="report-chart">
      {answer.metrics.length > 1 && (
        <p className="report-chart__metric">
          <label htmlFor={selectId}>Mètrica del gràfic</label>{' '}
          <select id={selectId} value={metric.key} onChange={(event) => setMetricKey(event.target.value)}>
            {answer.metrics.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </p>
      )}
      {answer.map && (
        <Suspense fallback={<div className="place-map" />}>
          <PlaceMap
            map={answer.map}
            name={`Mapa ${deBefore(metric.label.toLowerCase())} per ${answer.dimension.label.toLowerCase()}. Les xifres són a la taula.`}
            places={answer.rows.map((row, i) => ({
              key: row.key,
              label: row.label,
              value: row.hidden ? null : (series.current[i] ?? null),
              text: row.hidden ? `< ${answer.minCohort}` : formatMetric(series.current[i] ?? null, metric.format),
            }))}
          />
        </Suspense>
      )}
      {steps ? (
        // A series by day, or by minute of a day, is a time chart: the team's notes are drawn on it and listed under it.
        <AnnotationChart range={answer} steps={steps} dayLabels={answer.rows} series={series} name={name} legend={legend} />
      ) : (
        // An image has no controls inside it (its children are presentational): only the line is one.
        <figure className="report-chart__figure" role={answer.chart === 'line' ? 'img' : undefined} aria-label={name}>
          {answer.chart === 'line' ? (
            <Suspense fallback={<div className="line-chart" />}>
              <LineChart {...series} />
            </Suspense>
          ) : (
            <BarChart
              bars={answer.rows.map((row, i) => ({
                key: row.key,
                label: <RowLabel row={row} dimension={answer.dimension.key} actions={actions} />,
                value: series.current[i] ?? null,
                ...(series.previous && { previous: series.previous[i] ?? null }),
                text: row.hidden ? `< ${answer.minCohort}` : formatMetric(series.current[i] ?? null, metric.format),
              }))}
            />
          )}
          {legend}
        </figure>
      )}
    </div>
  );
}
