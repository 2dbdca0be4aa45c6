/**
 * The results of one activity (issue 7 item 11): per experience, visitors, conversions, rate, and
 * against the control (the first experience): difference and relative lift with 95 % intervals,
 * p-value and probability to beat control; plus the sample-ratio-mismatch check of A/B tests.
 */
import type { ExperienceCounts } from '../store/decision-store.js';
import type { Activity } from './activity.js';
import { compare, rate, sampleRatioMismatch, type Comparison, type SampleRatioCheck } from './statistics.js';

export interface ExperienceResult {
  id: string;
  name: string;
  share: number;
  visitors: number;
  conversions: number;
  conversionRate: number;
  control: boolean;
  /** Absent on the control. */
  versusControl?: Comparison;
}

export interface ActivityReport {
  activity: { id: string; name: string; type: Activity['type']; status: Activity['status']; goal: Activity['goal'] };
  controlExperienceId: string;
  experiences: ExperienceResult[];
  totals: { visitors: number; conversions: number };
  /** A/B tests only: experience targeting assigns by audience, not by share. */
  sampleRatio: SampleRatioCheck | null;
}

export function activityReport(activity: Activity, counts: readonly ExperienceCounts[]): ActivityReport {
  const byId = new Map(counts.map((c) => [c.experienceId, c]));
  const arms = activity.experiences.map((e) => ({ visitors: byId.get(e.id)?.visitors ?? 0, conversions: byId.get(e.id)?.conversions ?? 0 }));
  const control = arms[0]!;
  const experiences = activity.experiences.map((e, i): ExperienceResult => {
    const arm = arms[i]!;
    const result: ExperienceResult = { id: e.id, name: e.name, share: e.share, ...arm, conversionRate: rate(arm), control: i === 0 };
    if (i > 0) result.versusControl = compare(control, arm);
    return result;
  });
  return {
    activity: { id: activity.id, name: activity.name, type: activity.type, status: activity.status, goal: activity.goal },
    controlExperienceId: activity.experiences[0]!.id,
    experiences,
    totals: { visitors: sum(arms.map((a) => a.visitors)), conversions: sum(arms.map((a) => a.conversions)) },
    sampleRatio: activity.type === 'ab' ? sampleRatioMismatch(arms.map((a) => a.visitors), activity.experiences.map((e) => e.share)) : null,
  };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
