import { describe, expect, it } from 'vitest';
import { decodeBeacon } from '../src/index.js';
import { SAMPLE_BEACONS } from '@mesura/test-utils';

/** A small seeded generator, so that a failure names the input that caused it and repeats. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ALPHABET = 'abcAQBE=&.%c0123456789_-/:, \u00e0\u20ac\ud83d\ude00';

function mutate(text: string, next: () => number): string {
  const chars = [...text];
  const edits = 1 + Math.floor(next() * 8);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * (chars.length + 1));
    const kind = next();
    if (kind < 0.4) chars.splice(at, 1);
    else if (kind < 0.8) chars.splice(at, 0, ALPHABET[Math.floor(next() * ALPHABET.length)]!);
    else chars.splice(at, Math.floor(next() * 40));
  }
  return chars.join('');
}

describe('decodeBeacon on damaged input', () => {
  it('never throws: 3000 mutated sample beacons each decode or give a one-line reason', () => {
    const next = random(20261123);
    for (let i = 0; i < 3000; i++) {
      const sample = new URL(SAMPLE_BEACONS[i % SAMPLE_BEACONS.length]!.url);
      const path = next() < 0.2 ? mutate(sample.pathname, next) : sample.pathname;
      const query = mutate(sample.search.slice(1), next);
      let result: ReturnType<typeof decodeBeacon> | undefined;
      expect(() => (result = decodeBeacon(path, query)), `${path}?${query}`).not.toThrow();
      if (result && !result.ok) {
        expect(result.reason, `${path}?${query}`).not.toMatch(/\n/);
        expect(result.reason.length).toBeGreaterThan(0);
      }
    }
  });
});
