/**
 * A small deterministic pseudo-random generator for simulations in tests: Mulberry32 (Tommy
 * Ettinger's 32-bit generator, public domain), which passes gjrand's and PractRand's tests to 2³²
 * outputs, far more than a test draws. The same seed always gives the same sequence, so a
 * simulated rate is the same on every run and machine.
 */
export interface SeededRandom {
  /** Uniform on [0, 1). */
  next(): number;
  /** Binomial(n, p) by n Bernoulli draws: exact, and cheap for the few hundred a simulated day has. */
  binomial(n: number, p: number): number;
  /** Poisson(mean) by Knuth's product of uniforms: fine for the small means a pre-period has. */
  poisson(mean: number): number;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    binomial(n, p) {
      let successes = 0;
      for (let i = 0; i < n; i++) if (next() < p) successes++;
      return successes;
    },
    poisson(mean) {
      const limit = Math.exp(-mean);
      let k = 0;
      for (let product = next(); product > limit; product *= next()) k++;
      return k;
    },
  };
}
