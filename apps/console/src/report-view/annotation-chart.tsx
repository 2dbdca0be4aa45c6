import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { ReportAnswer } from '@mesura/protocol';
import { annotationMarks } from './annotation-marks';
import { AnnotationPanel } from './annotation-panel';
import type { LineSeries } from './line-chart';
import { useAnnotations } from './use-annotations';

// The same chunk report-chart.tsx loads: uPlot, loaded by the first time series.
const LineChart = lazy(() => import('./line-chart'));

interface AnnotationChartProps {
  /** A time series by day (its rows' keys are days). */
  answer: ReportAnswer;
  series: LineSeries & { labels: string[]; formatValue: (value: number) => string };
  /** The figure's accessible name. */
  name: string;
  /** The comparison's legend, drawn under the line. */
  legend?: React.ReactNode;
}

/**
 * A report's line by day with the team's notes: each note a numbered mark over its day, and under
 * the figure the numbered list and the way to add one (a button, or a click on a day of the line).
 */
export function AnnotationChart({ answer, series, name, legend }: AnnotationChartProps) {
  const [load, reload] = useAnnotations(answer);
  const [picked, setPicked] = useState<string>();
  const days = useMemo(() => answer.rows.map((row) => ({ key: row.key, label: row.label })), [answer]);
  const marks = useMemo(
    () =>
      annotationMarks(
        load.status === 'shown' ? load.annotations : [],
        days.map((d) => d.key),
      ),
    [load, days],
  );
  const chartMarks = useMemo(() => marks.map(({ position, number }) => ({ position, number })), [marks]);
  const pick = useCallback((position: number) => setPicked(days[position]?.key), [days]);
  const count = marks.length;
  const withNotes = count === 0 ? name : `${name} ${count === 1 ? 'Hi ha 1 nota' : `Hi ha ${count} notes`}, numerades sota el gràfic.`;
  return (
    <>
      <figure className="report-chart__figure" role="img" aria-label={withNotes}>
        <Suspense fallback={<div className="line-chart" />}>
          <LineChart {...series} marks={chartMarks} onPickStep={pick} />
        </Suspense>
        {legend}
      </figure>
      <AnnotationPanel days={days} load={load} marks={marks} reload={reload} picked={picked} onPickedDone={() => setPicked(undefined)} />
    </>
  );
}
