/**
 * Always-valid inference for the difference of two means, so that an editor may read an
 * experiment's results every day, and stop whenever, without raising the false-positive rate: the
 * mixture sequential probability ratio test (mSPRT) with a normal mixture (Robbins 1970; Johari,
 * Koomen, Pekelis and Walsh, "Always valid inference: continuous monitoring of A/B tests",
 * Operations Research 70(3), 2022, §3 and §4).
 *
 * The estimate θ̂ (variant mean minus control mean) with variance V is read as a Brownian motion in
 * information time 1/V. Mixing its likelihood ratio against θ = θ₀ over θ ~ N(θ₀, τ²) gives
 *   Λ(θ₀) = √(V / (V + τ²)) · exp(τ² (θ̂ − θ₀)² / (2 V (V + τ²))),
 * a martingale under θ₀ with mean 1, so by Ville's inequality P(Λ ever ≥ 1/α) ≤ α. Hence:
 * - the always-valid p-value min(1, 1/Λ(0)) (V under the null: the pooled variance, as the
 *   fixed-horizon z-test takes it) is below α at some look with probability at most α;
 * - the confidence sequence {θ₀ : Λ(θ₀) < 1/α} covers the true difference at every look at once,
 *   with probability at least 1 − α: θ̂ ± √(V (V + τ²)/τ² · (2 ln(1/α) + ln((V + τ²)/V))).
 * Reading only today's figures (rather than the running minimum and intersection over every past
 * look) keeps both guarantees: today's p-value is at least the running minimum, today's interval
 * holds the running intersection. The figures need no state and every report recomputes them.
 *
 * The guarantee is exact for normal data of known variance and asymptotic (as the central limit
 * theorem makes θ̂ normal) for rates; server/test/decide/decide-sequential-peeking.test.ts checks
 * it by simulation: 1,000 A/A experiments read daily for 30 days.
 */

/** The error rate the always-valid figures hold at every look: the same 5 % as the 95 % intervals. */
export const ALWAYS_VALID_ALPHA = 0.05;

/**
 * The mixture's standard deviation τ in units of one visitor's standard deviation σ (an effect size
 * in standard deviations, as Cohen's d): τ = 0.05 σ, i.e. mixing variance τ² = 0.0025 σ². With
 * equal arms of n visitors (V = 2σ²/n) the interval is narrowest against the fixed-horizon one when
 * τ²/V ≈ 8, near n = 6,400 visitors per arm; it is then about 1.55 times as wide as the 95 % one.
 */
export const MIXING_SD_IN_VISITOR_SDS = 0.05;
export const MIXING_VARIANCE_IN_VISITOR_VARIANCES = MIXING_SD_IN_VISITOR_SDS ** 2;

/** One arm's outcome as sufficient statistics: visitors, the mean outcome and its (population) variance per visitor. */
export interface ArmSummary {
  n: number;
  mean: number;
  variance: number;
}

/** A conversion rate as an ArmSummary: mean p, variance p(1 − p). */
export function rateSummary(visitors: number, conversions: number): ArmSummary {
  const p = visitors > 0 ? conversions / visitors : 0;
  return { n: visitors, mean: p, variance: p * (1 - p) };
}

/** The difference of the variant's mean and the control's, and what the tests need of it. */
export interface DifferenceEvidence {
  difference: number;
  /** Var(θ̂) = s²_c/n_c + s²_v/n_v: the intervals'. */
  variance: number;
  /** Var(θ̂) under no difference, from the pooled variance: the p-values'. */
  nullVariance: number;
  /** One visitor's variance over both arms pooled (σ²), which sets the mixing variance τ². */
  visitorVariance: number;
}

export function differenceEvidence(control: ArmSummary, variant: ArmSummary): DifferenceEvidence {
  const n = control.n + variant.n;
  const difference = variant.mean - control.mean;
  if (control.n === 0 || variant.n === 0) return { difference, variance: 0, nullVariance: 0, visitorVariance: 0 };
  const grandMean = (control.n * control.mean + variant.n * variant.mean) / n;
  const secondMoment = (control.n * (control.variance + control.mean ** 2) + variant.n * (variant.variance + variant.mean ** 2)) / n;
  const visitorVariance = Math.max(0, secondMoment - grandMean ** 2);
  return {
    difference,
    variance: control.variance / control.n + variant.variance / variant.n,
    nullVariance: visitorVariance * (1 / control.n + 1 / variant.n),
    visitorVariance,
  };
}

/** τ² for a metric whose visitors vary by visitorVariance (MIXING_VARIANCE_IN_VISITOR_VARIANCES). */
export const mixingVariance = (visitorVariance: number): number => MIXING_VARIANCE_IN_VISITOR_VARIANCES * visitorVariance;

/** ln Λ(θ₀) for an estimate `distance` = θ̂ − θ₀ of variance V, mixed over N(θ₀, τ²); logs keep large evidence finite. */
export function logMixtureLikelihoodRatio(distance: number, variance: number, mixing: number): number {
  if (variance <= 0 || mixing <= 0) return 0;
  return 0.5 * Math.log(variance / (variance + mixing)) + (mixing * distance ** 2) / (2 * variance * (variance + mixing));
}

/** min(1, 1/Λ(0)): below α at any look with probability at most α when there is no difference. */
export function alwaysValidPValue(evidence: DifferenceEvidence): number {
  const logRatio = logMixtureLikelihoodRatio(evidence.difference, evidence.nullVariance, mixingVariance(evidence.visitorVariance));
  return Math.min(1, Math.exp(-logRatio));
}

/** The confidence sequence's interval at this look: every θ₀ with Λ(θ₀) < 1/α. */
export function alwaysValidInterval(evidence: DifferenceEvidence, alpha = ALWAYS_VALID_ALPHA): [number, number] {
  const v = evidence.variance;
  const tau2 = mixingVariance(evidence.visitorVariance);
  if (v <= 0 || tau2 <= 0) return [evidence.difference, evidence.difference];
  const halfWidth = Math.sqrt(((v * (v + tau2)) / tau2) * (2 * Math.log(1 / alpha) + Math.log((v + tau2) / v)));
  return [evidence.difference - halfWidth, evidence.difference + halfWidth];
}

/** The always-valid figures of one comparison, as the results answer them. */
export interface AlwaysValidFigures {
  pValue: number;
  differenceCi: [number, number];
}

export function alwaysValid(control: ArmSummary, variant: ArmSummary): AlwaysValidFigures {
  const evidence = differenceEvidence(control, variant);
  return { pValue: alwaysValidPValue(evidence), differenceCi: alwaysValidInterval(evidence) };
}
