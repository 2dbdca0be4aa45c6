import { describe, expect, it } from 'vitest';
import { formatCount, formatRange } from '../src/reports/format';

describe('formatCount', () => {
  it('groups thousands with a dot, the Catalan way', () => {
    expect([0, 12, 1234, 1234567].map(formatCount)).toEqual(['0', '12', '1.234', '1.234.567']);
  });
});

describe('formatRange', () => {
  it('collapses a range within one month', () => {
    expect(formatRange({ from: '2026-11-17', to: '2026-11-23' })).toBe('17–23 de novembre del 2026');
  });

  it('writes a one-day range as that day', () => {
    expect(formatRange({ from: '2026-11-23', to: '2026-11-23' })).toBe('23 de novembre del 2026');
  });
});
