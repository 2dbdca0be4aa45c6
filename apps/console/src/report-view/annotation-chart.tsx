import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { ReportAnswer } from '@mesura/protocol';
import type { AnnotationDraft } from '@mesura/protocol';
import { formatRange } from '../reports/format';
import { annotationMarks, pickedMoment, type ChartSteps } from './annotation-marks';
import { AnnotationPanel } from './annotation-panel';
import type { LineSeries } from './line-chart';
import { useAnnotations } from './use-annotations';

// The same chunk report-chart.tsx loads: uPlot, loaded by the first time series.
const LineChart = lazy(() => import('./line-chart'));

interface AnnotationChartProps {
  /** A time series by day, or by minute of one day. */
  answer: ReportAnswer;
  /** Its steps, as annotation-marks.ts chartSteps reads them. */
  steps: ChartSteps;
  series: LineSeries & { labels: string[]; formatValue: (value: number) => string };
  /** The figure's accessible name. */
  name: string;
  /** The comparison's legend, drawn under the line. */
  legend?: React.ReactNode;
}

/**
 * A report's line over time with the team's notes: each note a numbered mark over its day (or its
 * minute, on a chart of one day's minutes), and under the figure the numbered list and the way to
 * add one (a button, or a click on a step of the line).
 */
export function AnnotationChart({ answer, steps, series, name, legend }: AnnotationChartProps) {
  const [load, reload] = useAnnotations(answer);
  const [picked, setPicked] = useState<Pick<AnnotationDraft, 'day' | 'time'>>();
  const days = useMemo(
    () => (steps.kind === 'days' ? answer.rows.map((row) => ({ key: row.key, label: row.label })) : [{ key: steps.day, label: formatRange({ from: steps.day, to: steps.day }) }]),
    [answer, steps],
  );
  const marks = useMemo(() => annotationMarks(load.status === 'shown' ? load.annotations : [], steps), [load, steps]);
  const chartMarks = useMemo(() => marks.map(({ position, number }) => ({ position, number })), [marks]);
  const pick = useCallback((position: number) => setPicked(pickedMoment(position, steps)), [steps]);
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
