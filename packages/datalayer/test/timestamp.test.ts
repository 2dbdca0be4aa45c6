import { describe, expect, it } from 'vitest';
import { formatTimestamp, readDataLayer } from '@mesura/datalayer';
import { FIXED_NOW } from './helpers/fixtures.js';

describe('formatTimestamp', () => {
  it('writes month/day/year hour:minute:second, zero-padded (§3)', () => {
    expect(formatTimestamp(FIXED_NOW)).toBe('11/23/2026 09:05:07');
  });

  it('uses a 1-based month and a 24-hour clock (§3)', () => {
    expect(formatTimestamp(new Date(2027, 0, 1, 23, 59, 58))).toBe('01/01/2027 23:59:58');
  });

  it('writes midnight as 00:00:00 (§3)', () => {
    expect(formatTimestamp(new Date(2026, 11, 31, 0, 0, 0))).toBe('12/31/2026 00:00:00');
  });

  it("tracks an invalid date as 'No Informat' (§5)", () => {
    expect(formatTimestamp(new Date(Number.NaN))).toBe('No Informat');
  });
});

describe('readDataLayer: timestamp', () => {
  it('derives the timestamp from the reading time (§3)', () => {
    expect(readDataLayer({}, { now: FIXED_NOW }).derived.timestamp).toBe('11/23/2026 09:05:07');
  });

  it('uses the current time when none is given (§3)', () => {
    expect(readDataLayer({}).derived.timestamp).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });
});
