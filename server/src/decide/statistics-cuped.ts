/**
 * Variance reduction with pre-period data: CUPED (Deng, Xu, Kohavi and Walker, "Improving the
 * sensitivity of online controlled experiments by utilizing pre-experiment data", WSDM 2013). Each
 * visitor's outcome Y is adjusted by what their behaviour before the experiment, X, predicts of it:
 *   Y' = Y − θ (X − X̄),  θ = cov(Y, X) / var(X) over every visitor of every arm (pooled).
 * X is measured before assignment, so it cannot differ between arms but by chance: the adjusted
 * difference estimates the same effect, with variance multiplied by 1 − ρ² (ρ the correlation of
 * Y and X). Everything is computed from per-arm sums, never per-visitor rows.
 */
import type { ArmSummary } from './statistics-sequential.js';

/** One arm's sums over its visitors of the outcome Y and the pre-period covariate X. */
export interface CovariateSums {
  n: number;
  sumY: number;
  sumYSquares: number;
  sumX: number;
  sumXSquares: number;
  sumXY: number;
}

/** Population moments of one set of visitors. */
interface Moments {
  n: number;
  meanY: number;
  meanX: number;
  varY: number;
  varX: number;
  covXY: number;
}

function moments(sums: CovariateSums): Moments {
  const n = sums.n;
  if (n === 0) return { n, meanY: 0, meanX: 0, varY: 0, varX: 0, covXY: 0 };
  const meanY = sums.sumY / n;
  const meanX = sums.sumX / n;
  return {
    n,
    meanY,
    meanX,
    // Clamped: rounding can take a zero variance a hair below 0.
    varY: Math.max(0, sums.sumYSquares / n - meanY ** 2),
    varX: Math.max(0, sums.sumXSquares / n - meanX ** 2),
    covXY: sums.sumXY / n - meanX * meanY,
  };
}

const added = (arms: readonly CovariateSums[]): CovariateSums =>
  arms.reduce((a, b) => ({
    n: a.n + b.n,
    sumY: a.sumY + b.sumY,
    sumYSquares: a.sumYSquares + b.sumYSquares,
    sumX: a.sumX + b.sumX,
    sumXSquares: a.sumXSquares + b.sumXSquares,
    sumXY: a.sumXY + b.sumXY,
  }));

/** θ = cov(Y, X) / var(X) over the arms pooled; 0 when X does not vary (nothing to adjust by). */
export function cupedTheta(arms: readonly CovariateSums[]): number {
  if (arms.length === 0) return 0;
  const pooled = moments(added(arms));
  return pooled.varX > 0 ? pooled.covXY / pooled.varX : 0;
}

/** An arm's adjusted outcome: mean Ȳ − θ (X̄ − X̄_all), variance var(Y) + θ² var(X) − 2θ cov(X, Y). */
export function cupedArm(sums: CovariateSums, theta: number, pooledMeanX: number): ArmSummary {
  const m = moments(sums);
  return {
    n: m.n,
    mean: m.meanY - theta * (m.meanX - pooledMeanX),
    variance: Math.max(0, m.varY + theta ** 2 * m.varX - 2 * theta * m.covXY),
  };
}

/** The unadjusted outcome of an arm, for comparison with its adjusted one. */
export function plainArm(sums: CovariateSums): ArmSummary {
  const m = moments(sums);
  return { n: m.n, mean: m.meanY, variance: m.varY };
}

/** Every arm adjusted with one θ and one pre-period mean, both over all the arms. */
export function cupedArms(arms: readonly CovariateSums[]): { theta: number; arms: ArmSummary[] } {
  const theta = cupedTheta(arms);
  const pooledMeanX = arms.length === 0 ? 0 : moments(added(arms)).meanX;
  return { theta, arms: arms.map((arm) => cupedArm(arm, theta, pooledMeanX)) };
}

/** 1 − Var(adjusted difference) / Var(difference): the share of the variance CUPED removed (0 when none). */
export function varianceReduction(control: ArmSummary, variant: ArmSummary, adjustedControl: ArmSummary, adjustedVariant: ArmSummary): number {
  if (control.n === 0 || variant.n === 0) return 0;
  const before = control.variance / control.n + variant.variance / variant.n;
  const after = adjustedControl.variance / adjustedControl.n + adjustedVariant.variance / adjustedVariant.n;
  return before > 0 ? 1 - after / before : 0;
}
