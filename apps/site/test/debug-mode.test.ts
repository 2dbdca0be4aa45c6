import { describe, expect, it } from 'vitest';
import { debugEnabled } from '../src/consent/debug-mode';

describe('debugEnabled', () => {
  it('is off without either switch', () => {
    expect(debugEnabled({ search: '', storedFlag: null })).toBe(false);
  });

  it('is on with ?mesura_debug=1, with or without the leading ?', () => {
    expect(debugEnabled({ search: '?q=x&mesura_debug=1', storedFlag: null })).toBe(true);
    expect(debugEnabled({ search: 'mesura_debug=1', storedFlag: null })).toBe(true);
  });

  it('is off with another value of the query parameter', () => {
    expect(debugEnabled({ search: '?mesura_debug=0', storedFlag: null })).toBe(false);
    expect(debugEnabled({ search: '?mesura_debug', storedFlag: null })).toBe(false);
  });

  it("is on with localStorage mesura_debug '1' or 'true' and off with anything else", () => {
    expect(debugEnabled({ search: '', storedFlag: '1' })).toBe(true);
    expect(debugEnabled({ search: '', storedFlag: 'true' })).toBe(true);
    expect(debugEnabled({ search: '', storedFlag: 'yes' })).toBe(false);
  });
});
