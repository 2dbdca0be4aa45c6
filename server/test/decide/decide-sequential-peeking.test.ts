/**
 * Daily peeking, simulated: 1,000 A/A experiments (both arms the same conversion rate), each read
 * every day for 30 days, the experiment "called" at the first look whose p-value is below 5 %.
 * The always-valid p-value (mSPRT, statistics-sequential.ts) must call at most 5 % of them; the
 * fixed-horizon z-test, read the same way, calls far more: the false positives peeking makes.
 *
 * Deterministic (a seeded Mulberry32, tests/helpers/seeded-random.ts) and fast: each arm's day is
 * drawn as a count of conversions (its sufficient statistic), never stored visitor by visitor.
 */
import { describe, expect, it } from 'vitest';
import { compare, compareMeans } from '../../src/decide/statistics.js';
import { ALWAYS_VALID_ALPHA } from '../../src/decide/statistics-sequential.js';
import { type CovariateSums, cupedArms } from '../../src/decide/statistics-cuped.js';
import { seededRandom } from '../helpers/seeded-random.js';

const EXPERIMENTS = 1_000;
const LOOKS_PER_EXPERIMENT = 30;
const VISITORS_PER_ARM_PER_DAY = 200;
const CONVERSION_RATE = 0.1;
const SEED = 20_261_128;

/**
 * The margin above α of the false-positive rate observed over 1,000 experiments: 2.326 binomial
 * standard deviations, √(α(1 − α)/1,000) = 0.0069 each, so 0.016: a true rate of α would exceed
 * α + margin in fewer than 1 % of seeds. The always-valid rate must stay within it (and in fact
 * stays under α itself); the fixed-horizon rate must exceed it.
 */
const BINOMIAL_MARGIN = 2.326 * Math.sqrt((ALWAYS_VALID_ALPHA * (1 - ALWAYS_VALID_ALPHA)) / EXPERIMENTS);

interface PeekingRates {
  alwaysValid: number;
  alwaysValidIntervalMissed: number;
  fixedHorizon: number;
  fixedHorizonLastLookOnly: number;
}

/** Runs the A/A experiments; each p-value is read at every daily look on the cumulative counts. */
function simulateRates(): PeekingRates {
  const random = seededRandom(SEED);
  const calls = { alwaysValid: 0, alwaysValidIntervalMissed: 0, fixedHorizon: 0, fixedHorizonLastLookOnly: 0 };
  for (let experiment = 0; experiment < EXPERIMENTS; experiment++) {
    const control = { visitors: 0, conversions: 0 };
    const variant = { visitors: 0, conversions: 0 };
    let sequentialCalled = false;
    let intervalMissed = false;
    let fixedCalled = false;
    for (let look = 1; look <= LOOKS_PER_EXPERIMENT; look++) {
      for (const arm of [control, variant]) {
        arm.visitors += VISITORS_PER_ARM_PER_DAY;
        arm.conversions += random.binomial(VISITORS_PER_ARM_PER_DAY, CONVERSION_RATE);
      }
      const result = compare(control, variant);
      sequentialCalled ||= result.alwaysValid.pValue < ALWAYS_VALID_ALPHA;
      intervalMissed ||= result.alwaysValid.differenceCi[0] > 0 || result.alwaysValid.differenceCi[1] < 0;
      fixedCalled ||= result.pValue < ALWAYS_VALID_ALPHA;
      if (look === LOOKS_PER_EXPERIMENT && result.pValue < ALWAYS_VALID_ALPHA) calls.fixedHorizonLastLookOnly++;
    }
    calls.alwaysValid += Number(sequentialCalled);
    calls.alwaysValidIntervalMissed += Number(intervalMissed);
    calls.fixedHorizon += Number(fixedCalled);
  }
  return {
    alwaysValid: calls.alwaysValid / EXPERIMENTS,
    alwaysValidIntervalMissed: calls.alwaysValidIntervalMissed / EXPERIMENTS,
    fixedHorizon: calls.fixedHorizon / EXPERIMENTS,
    fixedHorizonLastLookOnly: calls.fixedHorizonLastLookOnly / EXPERIMENTS,
  };
}

/**
 * The same with CUPED: each visitor has pre-period page views X ~ Poisson(3) and converts with
 * probability 0.02 + 0.03·X in both arms; the adjusted always-valid p-value is read daily.
 * Fewer visitors a day (each is drawn with its covariate) keep it as fast.
 */
function simulateCupedRate(): number {
  const random = seededRandom(SEED + 1);
  const visitorsPerDay = 50;
  let called = 0;
  for (let experiment = 0; experiment < EXPERIMENTS; experiment++) {
    const arms: CovariateSums[] = [0, 1].map(() => ({ n: 0, sumY: 0, sumYSquares: 0, sumX: 0, sumXSquares: 0, sumXY: 0 }));
    let experimentCalled = false;
    for (let look = 1; look <= LOOKS_PER_EXPERIMENT && !experimentCalled; look++) {
      for (const arm of arms) {
        for (let i = 0; i < visitorsPerDay; i++) {
          const x = random.poisson(3);
          const y = random.next() < 0.02 + 0.03 * Math.min(x, 10) ? 1 : 0;
          arm.n++;
          arm.sumY += y;
          arm.sumYSquares += y;
          arm.sumX += x;
          arm.sumXSquares += x * x;
          arm.sumXY += x * y;
        }
      }
      const adjusted = cupedArms(arms).arms;
      experimentCalled = compareMeans(adjusted[0]!, adjusted[1]!).alwaysValid.pValue < ALWAYS_VALID_ALPHA;
    }
    called += Number(experimentCalled);
  }
  return called / EXPERIMENTS;
}

describe('reading an A/A experiment every day for 30 days, 1,000 times', () => {
  const rates = simulateRates();

  it('keeps the always-valid false-positive rate at or below 5 % (within the binomial margin)', () => {
    console.info(`false positives over ${EXPERIMENTS} A/A experiments with ${LOOKS_PER_EXPERIMENT} daily looks:`, rates);
    expect(rates.alwaysValid).toBeLessThanOrEqual(ALWAYS_VALID_ALPHA + BINOMIAL_MARGIN);
    expect(rates.alwaysValid).toBeLessThanOrEqual(ALWAYS_VALID_ALPHA);
    // The confidence sequence covers the true difference (0) at every look just as often.
    expect(rates.alwaysValidIntervalMissed).toBeLessThanOrEqual(ALWAYS_VALID_ALPHA);
  });

  it('shows that daily peeking at the fixed-horizon p-value does not: it calls far more than 5 %', () => {
    expect(rates.fixedHorizon).toBeGreaterThan(ALWAYS_VALID_ALPHA + BINOMIAL_MARGIN);
    expect(rates.fixedHorizon).toBeGreaterThan(2 * ALWAYS_VALID_ALPHA);
    // Read once, at the planned end, the fixed-horizon test holds its 5 %: peeking is the fault.
    expect(rates.fixedHorizonLastLookOnly).toBeLessThanOrEqual(ALWAYS_VALID_ALPHA + BINOMIAL_MARGIN);
  });

  it('keeps the CUPED-adjusted always-valid rate at or below 5 % too', () => {
    const cupedRate = simulateCupedRate();
    console.info('false positives with CUPED, always valid:', cupedRate);
    expect(cupedRate).toBeLessThanOrEqual(ALWAYS_VALID_ALPHA + BINOMIAL_MARGIN);
  });
});
