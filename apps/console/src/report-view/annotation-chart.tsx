import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { AnnotationDraft } from '@mesura/protocol';
import { formatRange } from '../reports/format';
import { annotationMarks, pickedMoment, type ChartSteps } from './annotation-marks';
import { AnnotationPanel } from './annotation-panel';
import type { LineSeries } from './line-chart';
import { useAnnotations } from './use-annotations';

// The same chunk report-chart.tsx loads: uPlot, loaded by the first time series.
const LineChart = lazy(() => import('./line-chart'));

interface AnnotationChartProps {
  /** The chart's period: the notes of its days are read. */
  range: { from: string; to: string };
  /** Its steps, by day (as annotation-marks.ts chartSteps reads a report's) or by minute of one day. */
  steps: ChartSteps;
  /** The days a note may be written on, with their names (a chart by day's steps). */
  dayLabels: readonly { key: string; label: string }[];
  series: LineSeries & { labels: string[]; formatValue: (value: number) => string; wholeSteps?: boolean };
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
export function AnnotationChart({ range, steps, dayLabels, series, name, legend }: AnnotationChartProps) {
  const [load, reload] = useAnnotations(range);
  const [picked, setPicked] = useState<Pick<AnnotationDraft, 'day' | 'time'>>();
  const days = useMemo(() => (steps.kind === 'days' ? dayLabels : [{ key: steps.day, label: formatRange({ from: steps.day, to: steps.day }) }]), [dayLabels, steps]);
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
