import { describe, expect, it } from 'vitest';
import { Z_95, chiSquareSurvival, compare, erfc, logGamma, probabilityToBeat, sampleRatioMismatch, twoProportionZTest } from '../../src/decide/statistics.js';

describe('statistics of the activity report', () => {
  it('computes the difference, lift and their 95 % intervals (unpooled normal approximation)', () => {
    // Control 100/1000 = 0.10, variant 120/1000 = 0.12.
    // difference = 0.02
    // se = √(0.10·0.90/1000 + 0.12·0.88/1000) = √(0.0000900 + 0.0001056) = √0.0001956 = 0.0139857070
    // half width = 1.959964 · 0.0139857070 = 0.0274114820
    // interval = [0.02 − 0.0274115, 0.02 + 0.0274115] = [−0.0074115, 0.0474115]
    // lift = 0.02 / 0.10 = 0.2, interval / 0.10 = [−0.074115, 0.474115]
    const result = compare({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 120 });
    expect(result.difference).toBeCloseTo(0.02, 12);
    expect(result.differenceCi[0]).toBeCloseTo(-0.007411482, 8);
    expect(result.differenceCi[1]).toBeCloseTo(0.047411482, 8);
    expect(result.lift).toBeCloseTo(0.2, 12);
    expect(result.liftCi![0]).toBeCloseTo(-0.07411482, 7);
    expect(result.liftCi![1]).toBeCloseTo(0.47411482, 7);
  });

  it('computes the two-sided pooled z-test', () => {
    // pooled p = 220/2000 = 0.11; se0 = √(0.11·0.89·(1/1000 + 1/1000)) = √0.0001958 = 0.0139928554
    // z = 0.02 / 0.0139928554 = 1.4293008
    // p = 2·(1 − Φ(1.4293008)) = erfc(1.4293008/√2) = 0.1529178
    const { z, p } = twoProportionZTest({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 120 });
    expect(z).toBeCloseTo(1.4293008, 6);
    expect(p).toBeCloseTo(0.1529178, 6);
  });

  it('gives no lift and a p-value of 1 when there is nothing to compare', () => {
    const result = compare({ visitors: 10, conversions: 0 }, { visitors: 10, conversions: 0 });
    expect(result.lift).toBeNull();
    expect(result.pValue).toBe(1);
    expect(result.probabilityToBeatControl).toBeCloseTo(0.5, 12);
  });

  it('computes the probability to beat control exactly', () => {
    // No data on the control: Beta(1, 1), density 1 on [0, 1]. One conversion out of one on the
    // variant: Beta(2, 1), density 2x. P(B > A) = ∫₀¹ 2x · P(A < x) dx = ∫₀¹ 2x · x dx = 2/3.
    expect(probabilityToBeat({ visitors: 0, conversions: 0 }, { visitors: 1, conversions: 1 })).toBeCloseTo(2 / 3, 12);
    // And the reverse: Beta(1, 2) (density 2(1−x)) against Beta(1, 1): ∫₀¹ 2(1−x) · x dx = 1 − 2/3 = 1/3.
    expect(probabilityToBeat({ visitors: 0, conversions: 0 }, { visitors: 1, conversions: 0 })).toBeCloseTo(1 / 3, 12);
    // Beta(2, 1) against Beta(2, 1): identical posteriors, 1/2 by symmetry.
    expect(probabilityToBeat({ visitors: 1, conversions: 1 }, { visitors: 1, conversions: 1 })).toBeCloseTo(0.5, 12);
    // Large counts (100/1000 v 120/1000): the normal approximation puts it near Φ(0.02/0.0139857) = Φ(1.43) ≈ 0.92.
    const large = probabilityToBeat({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 120 });
    expect(large).toBeGreaterThan(0.91);
    expect(large).toBeLessThan(0.93);
  });

  it('checks the sample ratio with a chi-square test', () => {
    // 60 and 40 against 50/50: expected 50 each; χ² = 10²/50 + 10²/50 = 4, 1 degree of freedom;
    // p = P(χ²₁ ≥ 4) = P(|Z| ≥ 2) = 2·(1 − Φ(2)) = 0.0455003.
    const two = sampleRatioMismatch([60, 40], [50, 50]);
    expect(two.chiSquare).toBeCloseTo(4, 12);
    expect(two.degreesOfFreedom).toBe(1);
    expect(two.pValue).toBeCloseTo(0.0455003, 6);
    expect(two.mismatch).toBe(false);
    // 40/30/30 against thirds: expected 33.33; χ² = (6.667² + 3.333² + 3.333²)/33.33 = 66.67/33.33 = 2;
    // 2 degrees of freedom: P(χ²₂ ≥ x) = e^(−x/2) = e^(−1) = 0.3678794.
    const three = sampleRatioMismatch([40, 30, 30], [1, 1, 1]);
    expect(three.chiSquare).toBeCloseTo(2, 12);
    expect(three.pValue).toBeCloseTo(Math.exp(-1), 9);
    // 5600/4400 against 50/50: χ² = 600²/5000 · 2 = 144, p ≈ 3e-33: flagged.
    expect(sampleRatioMismatch([5600, 4400], [50, 50]).mismatch).toBe(true);
    // A 90/10 split observed as configured: no mismatch (χ² = 0).
    expect(sampleRatioMismatch([900, 100], [90, 10]).pValue).toBe(1);
  });

  it('has accurate special functions', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 10); // the 95 % critical value of χ²₁
    expect(erfc(Z_95 / Math.SQRT2)).toBeCloseTo(0.05, 10); // two-sided 5 % at z = 1.959964
    expect(erfc(0)).toBe(1);
    expect(erfc(-1)).toBeCloseTo(1.8427007929497148, 12); // 2 − erfc(1), erfc(1) = 0.1572992070502852
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12); // Γ(5) = 4! = 24
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12); // Γ(1/2) = √π
  });
});
