// Deterministic draws for the demo: every stream of numbers is seeded from a text (a calendar day
// and what the stream is for), so that a day's traffic is the same on every run and the server's
// de-duplication recognises it (README.md, "Idempotent").
import { createHash } from 'node:crypto';
import { formatVisitorId } from '@mesura/protocol';
import { seededRandom } from '@mesura/media/replay';

/** A random source in [0, 1) seeded from `parts` (joined): the same parts, the same numbers. */
export function randomFor(...parts) {
  return seededRandom(createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0));
}

/** An id of `bytes` random bytes, hex, from `next`. */
export function hexId(next, bytes) {
  let text = '';
  for (let i = 0; i < bytes; i++)
    text += Math.floor(next() * 256)
      .toString(16)
      .padStart(2, '0');
  return text;
}

/** The visitor id of the n-th visitor of the demo, in the identity package's format: the same visitor every day. */
export function demoVisitorId(n) {
  return formatVisitorId(createHash('sha256').update(`mesura-demo-visitor\u0000${n}`).digest().subarray(0, 16));
}

export const pick = (next, list) => list[Math.floor(next() * list.length)];
export const chance = (next, probability) => next() < probability;

/** One of `[value, weight]` pairs, by weight (weights need not add up to 1). */
export function weighted(next, pairs) {
  const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
  let r = next() * total;
  for (const [value, weight] of pairs) if ((r -= weight) < 0) return value;
  return pairs.at(-1)[0];
}

/** An index in [0, size) where the first items are much more likely (weight about 1/(n+1)): popular things. */
export const popular = (next, size) => Math.min(size - 1, Math.floor(Math.exp(next() * Math.log(size + 1))) - 1);

/** A whole number around `mean`, exponentially spread, at least `min`. */
export const around = (next, mean, min = 1) => Math.max(min, Math.round(-Math.log(1 - next()) * mean));
