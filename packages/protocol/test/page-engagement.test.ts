import { describe, expect, it } from 'vitest';
import { ENGAGED_MS_MAX, pageEngagementContextData, readPageEngagement } from '@mesura/protocol';

describe("a page's engagement measures (page-engagement.ts)", () => {
  it('writes the measures as whole numbers and reads them back', () => {
    const contextData = pageEngagementContextData({ engagedMs: 45_210.6, scrollPercent: 79.5 });
    expect(contextData).toEqual({ 'mesura.engaged_ms': '45211', 'mesura.scroll_pct': '80' });
    expect(readPageEngagement(contextData)).toEqual({ ok: true, value: { engagedMs: 45_211, scrollPercent: 80 } });
  });

  it('takes the edges of both ranges and refuses what lies beyond or is not a plain number', () => {
    expect(readPageEngagement({ 'mesura.engaged_ms': String(ENGAGED_MS_MAX), 'mesura.scroll_pct': '0' }).ok).toBe(true);
    expect(readPageEngagement({ 'mesura.engaged_ms': '0', 'mesura.scroll_pct': '100' }).ok).toBe(true);
    for (const engaged of ['01', '1e3', '1.5', ' 1', '', '99999999999']) {
      expect(readPageEngagement({ 'mesura.engaged_ms': engaged, 'mesura.scroll_pct': '0' })).toEqual({
        ok: false,
        reason: `bad context data mesura.engaged_ms for pe=eng: expected a whole number from 0 to ${ENGAGED_MS_MAX}`,
      });
    }
  });
});
