/** Where a chart's notes go: pure, so that the chart and its list number them alike. */
import type { Annotation, AnnotationDraft, ReportAnswer } from '@mesura/protocol';

/** The steps of a time chart: days (its rows' keys are days), or the minutes of one day (rows `0`…`1439`). */
export type ChartSteps = { kind: 'days'; keys: readonly string[] } | { kind: 'minutes'; day: string };

export interface AnnotationMark {
  /** The step of the chart (its row's position) the note marks. */
  position: number;
  /** The note's number in the list under the chart, from 1. */
  number: number;
  annotation: Annotation;
}

const MINUTES_PER_HOUR = 60;

/** The time steps of a report's line, or undefined when its steps are no moments (hours of the day, bands). */
export function chartSteps(answer: Pick<ReportAnswer, 'chart' | 'dimension' | 'rows' | 'from' | 'to'>): ChartSteps | undefined {
  if (answer.chart !== 'line') return undefined;
  if (answer.dimension.key === 'day') return { kind: 'days', keys: answer.rows.map((row) => row.key) };
  if (answer.dimension.key === 'minute' && answer.from === answer.to) return { kind: 'minutes', day: answer.from };
  return undefined;
}

/** The step a note falls on: its day on a chart of days; its minute on a chart of that day's minutes (a note without a time has none). */
function stepOf(annotation: Annotation, steps: ChartSteps, dayPositions: ReadonlyMap<string, number>): number | undefined {
  if (steps.kind === 'days') return dayPositions.get(annotation.day);
  if (annotation.day !== steps.day || annotation.time === undefined) return undefined;
  const [hours, minutes] = annotation.time.split(':').map(Number);
  return (hours ?? 0) * MINUTES_PER_HOUR + (minutes ?? 0);
}

/** The notes that fall on a step of the chart, numbered in the order given (by day and time). */
export function annotationMarks(annotations: readonly Annotation[], steps: ChartSteps): AnnotationMark[] {
  const dayPositions = new Map(steps.kind === 'days' ? steps.keys.map((key, i) => [key, i]) : []);
  const marks: AnnotationMark[] = [];
  for (const annotation of annotations) {
    const position = stepOf(annotation, steps, dayPositions);
    if (position !== undefined) marks.push({ position, number: marks.length + 1, annotation });
  }
  return marks;
}

/** Where a note written from a click on a step starts: that day, and on a chart of minutes that minute. */
export function pickedMoment(position: number, steps: ChartSteps): Pick<AnnotationDraft, 'day' | 'time'> | undefined {
  if (steps.kind === 'days') {
    const day = steps.keys[position];
    return day === undefined ? undefined : { day };
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: steps.day, time: `${pad(Math.floor(position / MINUTES_PER_HOUR))}:${pad(position % MINUTES_PER_HOUR)}` };
}
