/** Where a chart's notes go: pure, so that the chart and its list number them alike. */
import type { Annotation } from '@mesura/protocol';

export interface AnnotationMark {
  /** The step of the chart (its row's position) the note marks. */
  position: number;
  /** The note's number in the list under the chart, from 1. */
  number: number;
  annotation: Annotation;
}

/** The notes that fall on a step of the chart (its rows' keys are days), numbered in the order given (by day and time). */
export function annotationMarks(annotations: readonly Annotation[], stepKeys: readonly string[]): AnnotationMark[] {
  const positions = new Map(stepKeys.map((key, i) => [key, i]));
  const marks: AnnotationMark[] = [];
  for (const annotation of annotations) {
    const position = positions.get(annotation.day);
    if (position !== undefined) marks.push({ position, number: marks.length + 1, annotation });
  }
  return marks;
}
