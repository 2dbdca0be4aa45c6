/**
 * Which step of a time series is still under way: in a series of days, today's (the console's own
 * day), whose figures are not all in yet and would read as a fall beside whole days. Pure.
 */
import type { ReportAnswer } from '@mesura/protocol';
import { dayIn, isIsoDay } from '../reports/date-range';

/** The position of today's row in a series of days, or undefined when it has none. */
export function partialStep(answer: Pick<ReportAnswer, 'chart' | 'rows'>, now: Date = new Date()): number | undefined {
  if (answer.chart !== 'line' || !answer.rows.every((row) => isIsoDay(row.key))) return undefined;
  const today = dayIn(now);
  const position = answer.rows.findIndex((row) => row.key === today);
  return position === -1 ? undefined : position;
}

/** What the chart's accessible name adds when a step is under way. */
export const PARTIAL_STEP_WORDS = "L'últim dia encara no ha acabat: les seves xifres no són completes.";
