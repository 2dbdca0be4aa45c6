import { describe, expect, it } from 'vitest';
import { compare } from '../../src/decide/statistics.js';
import {
  ALWAYS_VALID_ALPHA,
  MIXING_VARIANCE_IN_VISITOR_VARIANCES,
  alwaysValid,
  alwaysValidInterval,
  alwaysValidPValue,
  differenceEvidence,
  logMixtureLikelihoodRatio,
  mixingVariance,
  rateSummary,
} from '../../src/decide/statistics-sequential.js';

/** Evidence with a mixing variance τ² = 0.0004: visitorVariance = 0.0004 / 0.0025 = 0.16. */
const EVIDENCE = { difference: 0.02, variance: 0.0001, nullVariance: 0.0001, visitorVariance: 0.16 };

describe('always-valid inference (mSPRT, normal mixture)', () => {
  it('computes the mixture likelihood ratio, its p-value and interval (values worked by hand)', () => {
    // ln Λ = ½ ln(V/(V+τ²)) + τ²θ̂²/(2V(V+τ²)) with θ̂ = 0.02, V = 0.0001, τ² = 0.0004:
    //      = ½ ln(0.2) + 1.6e-7 / 1e-7 = −0.8047190 + 1.6 = 0.7952810; Λ = 2.2150
    expect(mixingVariance(EVIDENCE.visitorVariance)).toBeCloseTo(0.0004, 15);
    expect(logMixtureLikelihoodRatio(0.02, 0.0001, 0.0004)).toBeCloseTo(0.795281, 6);
    // p = 1/Λ = exp(−0.7952810) = 0.4514544
    expect(alwaysValidPValue(EVIDENCE)).toBeCloseTo(0.4514544, 6);
    // half width = √(V(V+τ²)/τ² · (2 ln 20 + ln 5)) = √(1.25e-4 · (5.9914645 + 1.6094379)) = √9.501128e-4 = 0.0308239
    const [low, high] = alwaysValidInterval(EVIDENCE);
    expect(low).toBeCloseTo(0.02 - 0.0308239, 6);
    expect(high).toBeCloseTo(0.02 + 0.0308239, 6);
  });

  it('puts Λ = 1/α exactly at the ends of the interval', () => {
    const [low, high] = alwaysValidInterval(EVIDENCE);
    const tau2 = mixingVariance(EVIDENCE.visitorVariance);
    for (const end of [low, high]) expect(logMixtureLikelihoodRatio(EVIDENCE.difference - end, EVIDENCE.variance, tau2)).toBeCloseTo(Math.log(1 / ALWAYS_VALID_ALPHA), 10);
  });

  it('gives a smaller p-value the larger the difference (monotone in the evidence)', () => {
    const pValues = [0, 0.005, 0.01, 0.02, 0.04, 0.08].map((difference) => alwaysValidPValue({ ...EVIDENCE, difference }));
    expect(pValues[0]).toBe(1);
    for (let i = 1; i < pValues.length; i++) expect(pValues[i]!).toBeLessThanOrEqual(pValues[i - 1]!);
    expect(pValues.at(-1)!).toBeLessThan(1e-6);
  });

  it('gives a smaller p-value as visitors accrue at the same rates', () => {
    // 10 % against 11 %: the fixed-horizon test crosses 5 % near 15,000 a side; the always-valid later.
    const pAt = (n: number) => alwaysValid(rateSummary(n, n * 0.1), rateSummary(n, n * 0.11)).pValue;
    const pValues = [2_000, 8_000, 32_000, 128_000].map(pAt);
    for (let i = 1; i < pValues.length; i++) expect(pValues[i]!).toBeLessThan(pValues[i - 1]!);
    expect(pValues.at(-1)!).toBeLessThan(ALWAYS_VALID_ALPHA);
  });

  it('centres the interval on the estimate and tightens it as visitors accrue', () => {
    const widths = [1_000, 4_000, 16_000, 64_000].map((n) => {
      const figures = alwaysValid(rateSummary(n, n * 0.1), rateSummary(n, n * 0.12));
      const [low, high] = figures.differenceCi;
      expect(low).toBeLessThan(0.02);
      expect(high).toBeGreaterThan(0.02);
      expect((low + high) / 2).toBeCloseTo(0.02, 12);
      return high - low;
    });
    for (let i = 1; i < widths.length; i++) expect(widths[i]!).toBeLessThan(widths[i - 1]!);
  });

  it('is wider and more cautious than the fixed-horizon figures on the same counts', () => {
    const result = compare({ visitors: 5_000, conversions: 500 }, { visitors: 5_000, conversions: 560 });
    expect(result.alwaysValid.pValue).toBeGreaterThan(result.pValue);
    expect(result.alwaysValid.differenceCi[0]).toBeLessThan(result.differenceCi[0]);
    expect(result.alwaysValid.differenceCi[1]).toBeGreaterThan(result.differenceCi[1]);
    // Near its tuning (τ²/V = 0.0025 · 5,000 / 2 ≈ 6) it is about 1.55 times as wide, not many times.
    const ratio = (result.alwaysValid.differenceCi[1] - result.alwaysValid.differenceCi[0]) / (result.differenceCi[1] - result.differenceCi[0]);
    expect(ratio).toBeGreaterThan(1.4);
    expect(ratio).toBeLessThan(1.7);
  });

  it('takes the pooled variance under the null, as the z-test does, and the unpooled one for the interval', () => {
    // 10/100 and 30/100: pooled p = 0.2, σ² = 0.16; null V = 0.16 · 0.02 = 0.0032; V = 0.0009 + 0.0021 = 0.003.
    const evidence = differenceEvidence(rateSummary(100, 10), rateSummary(100, 30));
    expect(evidence.visitorVariance).toBeCloseTo(0.16, 12);
    expect(evidence.nullVariance).toBeCloseTo(0.0032, 12);
    expect(evidence.variance).toBeCloseTo(0.003, 12);
    expect(mixingVariance(evidence.visitorVariance)).toBeCloseTo(0.16 * MIXING_VARIANCE_IN_VISITOR_VARIANCES, 15);
  });

  it('says nothing without visitors or without variation', () => {
    expect(alwaysValid(rateSummary(0, 0), rateSummary(100, 10))).toEqual({ pValue: 1, differenceCi: [0.1, 0.1] });
    expect(alwaysValid(rateSummary(100, 0), rateSummary(100, 0))).toEqual({ pValue: 1, differenceCi: [0, 0] });
  });
});
