import { describe, expect, it } from 'vitest';
import type { Experience } from '@mesura/protocol';
import { assignmentPoint, experienceAt, hash32 } from '../../src/decide/assignment.js';

const arms = (...shares: number[]): Experience[] => shares.map((share, i) => ({ id: String.fromCharCode(97 + i), name: `arm ${i}`, share }));
const visitors = Array.from({ length: 10_000 }, (_, i) => `visitor-${i}`);
const assign = (experiences: Experience[], reshuffle = 0) => visitors.map((v) => experienceAt(experiences, assignmentPoint(v, 'titular-1001', reshuffle))?.id);

describe('A/B assignment', () => {
  it('is sticky: the same visitor gets the same experience every time', () => {
    expect(assign(arms(50, 50))).toEqual(assign(arms(50, 50)));
  });

  it('splits traffic by the shares', () => {
    const got = assign(arms(70, 30));
    const a = got.filter((id) => id === 'a').length / got.length;
    // 10 000 draws: the standard deviation of the share is √(0.7·0.3/10000) = 0.0046; allow 4σ.
    expect(Math.abs(a - 0.7)).toBeLessThan(0.0184);
  });

  it('moves only the visitors a share change must move (no reshuffle)', () => {
    const before = assign(arms(50, 50));
    const after = assign(arms(60, 40));
    const moved = before.filter((id, i) => id !== after[i]);
    // Only B → A, and only the points in [0.5, 0.6): about 10 % of visitors.
    expect(moved.every((id) => id === 'b')).toBe(true);
    expect(Math.abs(moved.length / visitors.length - 0.1)).toBeLessThan(0.015);
    // Every visitor of A stays in A.
    before.forEach((id, i) => id === 'a' && expect(after[i]).toBe('a'));
  });

  it('keeps everyone when shares change by a common factor (weights, not percentages)', () => {
    expect(assign(arms(1, 1))).toEqual(assign(arms(50, 50)));
  });

  it('reshuffles when the counter is bumped', () => {
    const before = assign(arms(50, 50), 0);
    const after = assign(arms(50, 50), 1);
    const moved = before.filter((id, i) => id !== after[i]).length / visitors.length;
    // Independent draws: half the visitors land elsewhere.
    expect(Math.abs(moved - 0.5)).toBeLessThan(0.03);
  });

  it('draws independently per activity', () => {
    const one = visitors.map((v) => assignmentPoint(v, 'one', 0) < 0.5);
    const two = visitors.map((v) => assignmentPoint(v, 'two', 0) < 0.5);
    const same = one.filter((x, i) => x === two[i]).length / visitors.length;
    expect(Math.abs(same - 0.5)).toBeLessThan(0.03);
  });

  it('skips experiences with no traffic and hashes to 32 bits', () => {
    expect(experienceAt(arms(0, 1), 0)?.id).toBe('b');
    expect(experienceAt(arms(1, 0), 0.9999999)?.id).toBe('a');
    expect(experienceAt(arms(0, 0), 0.5)).toBeUndefined();
    expect(hash32('x')).toBeGreaterThanOrEqual(0);
    expect(hash32('x')).toBeLessThan(2 ** 32);
  });
});
