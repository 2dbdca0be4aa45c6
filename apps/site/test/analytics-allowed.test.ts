import { acceptAll, createVendorList, rejectAll } from '@mesura/consent';
import { describe, expect, it } from 'vitest';
import { allowsWebAnalytics } from '../src/consent/analytics-allowed';

describe('allowsWebAnalytics', () => {
  it('is false without a choice', () => {
    expect(allowsWebAnalytics(undefined)).toBe(false);
  });

  it('is true after "Accepta-ho tot"', () => {
    expect(allowsWebAnalytics(acceptAll(createVendorList()))).toBe(true);
  });

  it('is false after "Rebutja-ho tot"', () => {
    expect(allowsWebAnalytics(rejectAll())).toBe(false);
  });

  it('is false when the web-analytics vendor has consent but purpose 1 (the cookie) has not', () => {
    expect(allowsWebAnalytics({ ...rejectAll(), purposes: [8, 9], vendors: [1001] })).toBe(false);
  });

  it('is false when purpose 1 has consent but only other vendors do', () => {
    expect(allowsWebAnalytics({ ...rejectAll(), purposes: [1, 8], vendors: [1002, 1003, 1004] })).toBe(false);
  });

  it('is true with the web-analytics vendor and purpose 1 alone', () => {
    expect(allowsWebAnalytics({ ...rejectAll(), purposes: [1], vendors: [1001] })).toBe(true);
  });
});
