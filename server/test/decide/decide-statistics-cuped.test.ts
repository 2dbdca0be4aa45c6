import { describe, expect, it } from 'vitest';
import { covariateSums, cupedComparisons } from '../../src/decide/activity-cuped.js';
import { activityReport } from '../../src/decide/activity-report.js';
import { compareMeans } from '../../src/decide/statistics.js';
import { type CovariateSums, cupedArms, cupedTheta, plainArm, varianceReduction } from '../../src/decide/statistics-cuped.js';
import { testActivity } from '../helpers/activity.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** Per-visitor (x, y) pairs summed as the store sums them. */
function sumsOf(visitors: readonly (readonly [number, number])[]): CovariateSums {
  const sums = { n: 0, sumY: 0, sumYSquares: 0, sumX: 0, sumXSquares: 0, sumXY: 0 };
  for (const [x, y] of visitors) {
    sums.n++;
    sums.sumY += y;
    sums.sumYSquares += y * y;
    sums.sumX += x;
    sums.sumXSquares += x * x;
    sums.sumXY += x * y;
  }
  return sums;
}

/**
 * Visitors whose conversion depends on their pre-period page views (X ~ Poisson(3), P(convert) =
 * 0.02 + 0.04·X, capped) when `correlated`, or not at all, with a lift of `lift` in the variant.
 */
function simulatedArms(seed: number, visitorsPerArm: number, correlated: boolean, lift: number): CovariateSums[] {
  const random = seededRandom(seed);
  return [0, lift].map((armLift) => {
    const sums = { n: 0, sumY: 0, sumYSquares: 0, sumX: 0, sumXSquares: 0, sumXY: 0 };
    for (let i = 0; i < visitorsPerArm; i++) {
      const x = random.poisson(3);
      const p = Math.min(0.95, (correlated ? 0.02 + 0.04 * x : 0.14) + armLift);
      const y = random.next() < p ? 1 : 0;
      sums.n++;
      sums.sumY += y;
      sums.sumYSquares += y;
      sums.sumX += x;
      sums.sumXSquares += x * x;
      sums.sumXY += x * y;
    }
    return sums;
  });
}

describe('CUPED', () => {
  it('computes θ = cov(Y, X) / var(X) over the arms pooled and adjusts each arm by it (worked by hand)', () => {
    // Control (x, y): (0, 0), (2, 1); variant: (1, 0), (3, 1).
    // Pooled: x̄ = 1.5, ȳ = 0.5; var(X) = (0 + 4 + 1 + 9)/4 − 2.25 = 1.25; cov = (0 + 2 + 0 + 3)/4 − 0.75 = 0.5; θ = 0.4.
    const control = sumsOf([
      [0, 0],
      [2, 1],
    ]);
    const variant = sumsOf([
      [1, 0],
      [3, 1],
    ]);
    expect(cupedTheta([control, variant])).toBeCloseTo(0.4, 12);
    // Control: ȳ = 0.5, x̄ = 1 → 0.5 − 0.4·(1 − 1.5) = 0.7; var(Y) = 0.25, var(X) = 1, cov = 0.5 →
    // 0.25 + 0.16 − 0.4 = 0.01. Variant: x̄ = 2 → 0.5 − 0.4·0.5 = 0.3, variance 0.01 likewise.
    const { theta, arms } = cupedArms([control, variant]);
    expect(theta).toBeCloseTo(0.4, 12);
    expect(arms[0]!.mean).toBeCloseTo(0.7, 12);
    expect(arms[0]!.variance).toBeCloseTo(0.01, 12);
    expect(arms[1]!.mean).toBeCloseTo(0.3, 12);
    expect(arms[1]!.variance).toBeCloseTo(0.01, 12);
    expect(varianceReduction(plainArm(control), plainArm(variant), arms[0]!, arms[1]!)).toBeCloseTo(0.96, 12);
  });

  it('leaves the outcome alone when the pre-period does not vary', () => {
    const arms = [
      sumsOf([
        [2, 0],
        [2, 1],
      ]),
      sumsOf([
        [2, 1],
        [2, 1],
      ]),
    ];
    expect(cupedTheta(arms)).toBe(0);
    expect(cupedArms(arms).arms).toEqual(arms.map(plainArm));
  });

  it('narrows the interval on data whose pre-period predicts the outcome, keeping the estimate', () => {
    const [control, variant] = simulatedArms(20_261_128, 20_000, true, 0.01);
    const { arms } = cupedArms([control!, variant!]);
    const plain = compareMeans(plainArm(control!), plainArm(variant!));
    const adjusted = compareMeans(arms[0]!, arms[1]!);
    const reduction = varianceReduction(plainArm(control!), plainArm(variant!), arms[0]!, arms[1]!);
    // ρ² of Bernoulli(0.02 + 0.04X) with X ~ Poisson(3): 0.0016·3 / (0.14·0.86) ≈ 0.04 at the least, more from the cap.
    expect(reduction).toBeGreaterThan(0.03);
    const width = (ci: [number, number]) => ci[1] - ci[0];
    expect(width(adjusted.differenceCi)).toBeLessThan(width(plain.differenceCi));
    expect(width(adjusted.alwaysValid.differenceCi)).toBeLessThan(width(plain.alwaysValid.differenceCi));
    expect(width(adjusted.differenceCi) / width(plain.differenceCi)).toBeCloseTo(Math.sqrt(1 - reduction), 2);
    // The same effect, estimated: within a quarter of the interval of the plain one.
    expect(Math.abs(adjusted.difference - plain.difference)).toBeLessThan(width(plain.differenceCi) / 4);
  });

  it('removes (almost) nothing when the pre-period is unrelated to the outcome', () => {
    const [control, variant] = simulatedArms(7, 20_000, false, 0.01);
    const { arms } = cupedArms([control!, variant!]);
    expect(Math.abs(varianceReduction(plainArm(control!), plainArm(variant!), arms[0]!, arms[1]!))).toBeLessThan(0.002);
  });

  it("adds the adjusted comparison to each variant of an activity's report", () => {
    const [control, variant] = simulatedArms(11, 5_000, true, 0);
    const definition = testActivity({
      experiences: [
        { id: 'a', name: 'A', share: 1 },
        { id: 'b', name: 'B', share: 1 },
      ],
    });
    const toStore = (sums: CovariateSums, experienceId: string) => ({ experienceId, visitors: sums.n, conversions: sums.sumY, sumX: sums.sumX, sumXSquares: sums.sumXSquares, sumXY: sums.sumXY });
    const ids = definition.experiences.map((e) => e.id);
    const report = cupedComparisons(definition, { prePeriodDays: 14, experiences: [toStore(control!, ids[0]!), toStore(variant!, ids[1]!)] });
    expect(report.covariate).toMatchObject({ covariate: 'pageViews', prePeriodDays: 14 });
    expect(report.covariate.theta).toBeGreaterThan(0);
    const adjusted = report.byExperience.get(ids[1]!)!;
    expect(adjusted.varianceReduction).toBeGreaterThan(0.03);
    expect(adjusted.pValue).toBeGreaterThan(0);
    expect(report.byExperience.has(ids[0]!)).toBe(false);
    expect(covariateSums(undefined).n).toBe(0);
  });

  it('answers the adjustment in the report only where the comparison is shown', () => {
    const definition = testActivity({
      experiences: [
        { id: 'a', name: 'A', share: 1 },
        { id: 'b', name: 'B', share: 1 },
      ],
    });
    const [control, variant] = simulatedArms(13, 2_000, true, 0);
    const sums = [
      { experienceId: 'a', visitors: control!.n, conversions: control!.sumY, sumX: control!.sumX, sumXSquares: control!.sumXSquares, sumXY: control!.sumXY },
      { experienceId: 'b', visitors: variant!.n, conversions: variant!.sumY, sumX: variant!.sumX, sumXSquares: variant!.sumXSquares, sumXY: variant!.sumXY },
    ];
    const report = activityReport(definition, sums, 5, { prePeriodDays: 14, experiences: sums });
    expect(report.cuped).toMatchObject({ covariate: 'pageViews', prePeriodDays: 14 });
    expect(report.experiences[1]!.versusControl!.cuped!.varianceReduction).toBeGreaterThan(0);
    expect(report.experiences[1]!.versusControl!.alwaysValid.pValue).toBeGreaterThan(0);
    // Without the store's pre-period, or with the control under the cohort, there is none.
    expect(activityReport(definition, sums, 5).cuped).toBeNull();
    expect(activityReport(definition, sums, 5).experiences[1]!.versusControl!.cuped).toBeUndefined();
    expect(activityReport(definition, sums, 5_000, { prePeriodDays: 14, experiences: sums }).cuped).toBeNull();
  });
});
