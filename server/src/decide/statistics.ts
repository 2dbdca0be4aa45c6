/**
 * The statistics of an A/B report, pure and deterministic (no sampling: the same counts always
 * give the same figures). Each formula's source is the textbook one named at the function;
 * server/test/decide/decide-statistics.test.ts checks them against values worked by hand.
 */
import type { Comparison, SampleRatioCheck } from '@mesura/protocol';
import { type ArmSummary, alwaysValid, differenceEvidence, rateSummary } from './statistics-sequential.js';

/** Two-sided 95 %: Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;
/** A sample-ratio mismatch is flagged below this p-value (the usual, deliberately strict, threshold). */
export const SRM_ALPHA = 0.001;

export interface Arm {
  visitors: number;
  conversions: number;
}

export const rate = (arm: Arm): number => (arm.visitors > 0 ? arm.conversions / arm.visitors : 0);

export function compare(control: Arm, variant: Arm): Comparison {
  const pc = rate(control);
  const pv = rate(variant);
  const difference = pv - pc;
  const se = Math.sqrt(variance(pc, control.visitors) + variance(pv, variant.visitors));
  const differenceCi: [number, number] = [difference - Z_95 * se, difference + Z_95 * se];
  const { z, p } = twoProportionZTest(control, variant);
  return {
    difference,
    differenceCi,
    lift: pc > 0 ? difference / pc : null,
    liftCi: pc > 0 ? [differenceCi[0] / pc, differenceCi[1] / pc] : null,
    zScore: z,
    pValue: p,
    probabilityToBeatControl: probabilityToBeat(control, variant),
    alwaysValid: alwaysValid(rateSummary(control.visitors, control.conversions), rateSummary(variant.visitors, variant.conversions)),
  };
}

/**
 * Two means compared as `compare` compares rates (a CUPED-adjusted outcome, statistics-cuped.ts):
 * the difference with its 95 % interval (unpooled), the two-sided z-test's p-value (pooled
 * variance) and the always-valid figures.
 */
export function compareMeans(control: ArmSummary, variant: ArmSummary): Pick<Comparison, 'difference' | 'differenceCi' | 'pValue' | 'alwaysValid'> {
  const evidence = differenceEvidence(control, variant);
  const se = Math.sqrt(evidence.variance);
  const nullSe = Math.sqrt(evidence.nullVariance);
  return {
    difference: evidence.difference,
    differenceCi: [evidence.difference - Z_95 * se, evidence.difference + Z_95 * se],
    pValue: nullSe > 0 ? Math.min(1, erfc(Math.abs(evidence.difference / nullSe) / Math.SQRT2)) : 1,
    alwaysValid: alwaysValid(control, variant),
  };
}

const variance = (p: number, n: number): number => (n > 0 ? (p * (1 - p)) / n : 0);

/** z = (p_v − p_c) / √(p(1−p)(1/n_c + 1/n_v)), p the pooled rate; p-value 2(1 − Φ(|z|)). */
export function twoProportionZTest(control: Arm, variant: Arm): { z: number; p: number } {
  const n = control.visitors + variant.visitors;
  if (control.visitors === 0 || variant.visitors === 0) return { z: 0, p: 1 };
  const pooled = (control.conversions + variant.conversions) / n;
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.visitors + 1 / variant.visitors));
  if (se === 0) return { z: 0, p: 1 };
  const z = (rate(variant) - rate(control)) / se;
  return { z, p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

/**
 * P(B > A) for A ~ Beta(αa, βa), B ~ Beta(αb, βb) with whole-number parameters, exactly
 * (Evan Miller, "Formulas for Bayesian A/B testing", 2015):
 *   Σ_{i=0}^{αb−1} B(αa+i, βa+βb) / ((βb+i) · B(1+i, βb) · B(αa, βa)).
 * The sum runs over the smaller α (P(B > A) = 1 − P(A > B)), so its cost is the smaller count.
 */
export function probabilityToBeat(control: Arm, variant: Arm): number {
  const a = { alpha: 1 + control.conversions, beta: 1 + control.visitors - control.conversions };
  const b = { alpha: 1 + variant.conversions, beta: 1 + variant.visitors - variant.conversions };
  return b.alpha <= a.alpha ? betaBeats(a, b) : 1 - betaBeats(b, a);
}

function betaBeats(a: { alpha: number; beta: number }, b: { alpha: number; beta: number }): number {
  let total = 0;
  const base = logBeta(a.alpha, a.beta);
  for (let i = 0; i < b.alpha; i++) {
    total += Math.exp(logBeta(a.alpha + i, a.beta + b.beta) - Math.log(b.beta + i) - logBeta(1 + i, b.beta) - base);
  }
  return Math.min(1, Math.max(0, total));
}

/** Pearson's χ² of observed assignment counts against the shares (weights); zero-share arms are left out. */
export function sampleRatioMismatch(counts: readonly number[], shares: readonly number[]): SampleRatioCheck {
  const arms = counts.map((count, i) => ({ count, share: shares[i] ?? 0 })).filter((arm) => arm.share > 0);
  const n = arms.reduce((sum, arm) => sum + arm.count, 0);
  const totalShare = arms.reduce((sum, arm) => sum + arm.share, 0);
  const degreesOfFreedom = arms.length - 1;
  if (n === 0 || degreesOfFreedom < 1) return { chiSquare: 0, degreesOfFreedom: Math.max(0, degreesOfFreedom), pValue: 1, mismatch: false };
  const chiSquare = arms.reduce((sum, arm) => {
    const expected = (n * arm.share) / totalShare;
    return sum + (arm.count - expected) ** 2 / expected;
  }, 0);
  const pValue = chiSquareSurvival(chiSquare, degreesOfFreedom);
  return { chiSquare, degreesOfFreedom, pValue, mismatch: pValue < SRM_ALPHA };
}

/** P(χ²_k ≥ x) = Q(k/2, x/2), the regularised upper incomplete gamma function. */
export function chiSquareSurvival(x: number, k: number): number {
  return x <= 0 ? 1 : upperGammaQ(k / 2, x / 2);
}

/** Q(a, x) by its series when x < a + 1, else its continued fraction (Numerical Recipes §6.2). */
function upperGammaQ(a: number, x: number): number {
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) sum += term *= x / (a + n);
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Lentz's method.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    d = Math.abs(d) < tiny ? tiny : d;
    c = b + an / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(logPrefix) * h;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const y = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

const logBeta = (a: number, b: number): number => logGamma(a) + logGamma(b) - logGamma(a + b);

/**
 * erfc(x) through Q(1/2, x²) = erfc(x) for x ≥ 0, so the normal tail shares the gamma code above
 * and its precision (no polynomial approximation with a 1e-7 error); erfc(−x) = 2 − erfc(x).
 */
export function erfc(x: number): number {
  const q = upperGammaQ(0.5, x * x);
  return x >= 0 ? q : 2 - q;
}
