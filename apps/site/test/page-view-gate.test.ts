import { describe, expect, it } from 'vitest';
import { createPageViewGate } from '../src/measurement/page-view-gate';

describe('createPageViewGate', () => {
  it('lets the first page view of a navigation through', () => {
    expect(createPageViewGate().claim('default')).toBe(true);
  });

  it('refuses a second page view for the same navigation (double effects, re-renders)', () => {
    const gate = createPageViewGate();
    gate.claim('default');
    expect(gate.claim('default')).toBe(false);
    expect(gate.claim('default')).toBe(false);
  });

  it('lets each new navigation through', () => {
    const gate = createPageViewGate();
    expect(['default', 'k1', 'k2'].map((key) => gate.claim(key))).toEqual([true, true, true]);
  });

  it('counts going back to an earlier history entry as a new page view', () => {
    const gate = createPageViewGate();
    gate.claim('k1');
    gate.claim('k2');
    expect(gate.claim('k1')).toBe(true);
  });

  it('keeps separate state per gate', () => {
    const first = createPageViewGate();
    first.claim('default');
    expect(createPageViewGate().claim('default')).toBe(true);
  });
});
