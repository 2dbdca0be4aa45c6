/**
 * The results of one activity: per experience, visitors, conversions, rate, and against the
 * control (the first experience): difference and relative lift with 95 % intervals, p-value and
 * probability to beat control; plus the sample-ratio-mismatch check of A/B tests. An experience
 * with fewer distinct visitors than the minimum cohort (reports/min-cohort.ts) is answered hidden,
 * its figures null, and takes part in no comparison that would show them. Each comparison carries
 * always-valid figures (statistics-sequential.ts) and, when the store gives each visitor's
 * pre-period, the CUPED-adjusted difference (statistics-cuped.ts).
 */
import type { Activity, ActivityResults, ExperienceResult } from '@mesura/protocol';
import { belowCohort } from '../reports/min-cohort.js';
import type { ExperienceCounts, PrePeriodSums } from '../store/decision-store.js';
import { compare, rate, sampleRatioMismatch, type Arm } from './statistics.js';
import { cupedComparisons } from './activity-cuped.js';

export function activityReport(activity: Activity, counts: readonly ExperienceCounts[], minCohort: number, prePeriod?: PrePeriodSums): ActivityResults {
  const byId = new Map(counts.map((c) => [c.experienceId, c]));
  const arms = activity.experiences.map((e) => ({ visitors: byId.get(e.id)?.visitors ?? 0, conversions: byId.get(e.id)?.conversions ?? 0 }));
  const hidden = arms.map((arm) => belowCohort(arm.visitors, minCohort));
  const control = arms[0]!;
  const cuped = prePeriod === undefined || hidden[0] ? undefined : cupedComparisons(activity, prePeriod);
  const experiences = activity.experiences.map((e, i): ExperienceResult => {
    const result: ExperienceResult = { id: e.id, name: e.name, share: e.share, ...publishedArm(arms[i]!, hidden[i]!), control: i === 0 };
    if (i > 0 && !hidden[0] && !hidden[i]) {
      const adjusted = cuped?.byExperience.get(e.id);
      result.versusControl = adjusted === undefined ? compare(control, arms[i]!) : { ...compare(control, arms[i]!), cuped: adjusted };
    }
    return result;
  });
  const total = { visitors: sum(arms.map((a) => a.visitors)), conversions: sum(arms.map((a) => a.conversions)) };
  const totalHidden = belowCohort(total.visitors, minCohort);
  return {
    activity: { id: activity.id, name: activity.name, type: activity.type, status: activity.status, goal: activity.goal },
    controlExperienceId: activity.experiences[0]!.id,
    experiences,
    totals: totalHidden ? { visitors: null, conversions: null, hidden: true } : { ...total, hidden: false },
    sampleRatio:
      activity.type === 'ab' && !hidden.includes(true)
        ? sampleRatioMismatch(
            arms.map((a) => a.visitors),
            activity.experiences.map((e) => e.share),
          )
        : null,
    minCohort,
    cuped: cuped === undefined || !experiences.some((e) => e.versusControl?.cuped !== undefined) ? null : cuped.covariate,
  };
}

/** An arm's figures as published: null when hidden. Shared with the results over time (activity-over-time.ts). */
export function publishedArm(arm: Arm, hidden: boolean): Pick<ExperienceResult, 'visitors' | 'conversions' | 'conversionRate' | 'hidden'> {
  return hidden ? { visitors: null, conversions: null, conversionRate: null, hidden: true } : { visitors: arm.visitors, conversions: arm.conversions, conversionRate: rate(arm), hidden: false };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
