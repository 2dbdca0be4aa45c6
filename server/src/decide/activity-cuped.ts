/**
 * The CUPED-adjusted comparisons of an activity's report (activity-report.ts): every experience's
 * pre-period sums, from the store, adjusted with one θ over all of them (statistics-cuped.ts), then
 * each variant compared with the control as the report compares rates (statistics.ts
 * `compareMeans`). The report keeps them only for the experiences it compares.
 */
import type { Activity, ActivityResults, Comparison } from '@mesura/protocol';
import type { ExperiencePrePeriodSums, PrePeriodSums } from '../store/decision-store.js';
import { type CovariateSums, cupedArms, plainArm, varianceReduction } from './statistics-cuped.js';
import { compareMeans } from './statistics.js';

export interface CupedReport {
  covariate: NonNullable<ActivityResults['cuped']>;
  /** The adjusted comparison of each variant (by experience id) with the control. */
  byExperience: Map<string, NonNullable<Comparison['cuped']>>;
}

/** Converted is 0 or 1, so ΣY² = ΣY = conversions. */
export const covariateSums = (sums: ExperiencePrePeriodSums | undefined): CovariateSums =>
  sums === undefined
    ? { n: 0, sumY: 0, sumYSquares: 0, sumX: 0, sumXSquares: 0, sumXY: 0 }
    : { n: sums.visitors, sumY: sums.conversions, sumYSquares: sums.conversions, sumX: sums.sumX, sumXSquares: sums.sumXSquares, sumXY: sums.sumXY };

export function cupedComparisons(activity: Activity, prePeriod: PrePeriodSums): CupedReport {
  const byId = new Map(prePeriod.experiences.map((e) => [e.experienceId, e]));
  const sums = activity.experiences.map((e) => covariateSums(byId.get(e.id)));
  const { theta, arms } = cupedArms(sums);
  const byExperience = new Map<string, NonNullable<Comparison['cuped']>>();
  activity.experiences.forEach((experience, i) => {
    if (i === 0 || sums[0]!.n === 0 || sums[i]!.n === 0) return;
    const reduction = varianceReduction(plainArm(sums[0]!), plainArm(sums[i]!), arms[0]!, arms[i]!);
    byExperience.set(experience.id, { ...compareMeans(arms[0]!, arms[i]!), varianceReduction: Math.max(0, reduction) });
  });
  return { covariate: { covariate: 'pageViews', prePeriodDays: prePeriod.prePeriodDays, theta }, byExperience };
}
