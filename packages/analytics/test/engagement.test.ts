import { describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, namedVariables } from '@mesura/protocol';
import { PAGE, makeAnalytics } from './helpers/analytics.js';

describe("engagement: a page's engaged time and scroll depth (pe=eng)", () => {
  it('repeats the last page view as its page, without events, referrer or the page view context data, and with the two measures', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({ ...PAGE, variables: { section: 'noticies', contentTitle: 'Títol' }, contextData: { 'ccma.seccio': 'noticies' } });
    const pageView = last();
    analytics.engagement({ engagedMs: 41_250, scrollPercent: 64 });
    const { hitType, hit } = last();
    expect(hitType).toBe('page_engagement');
    expect(hit.pageName).toBe(pageView.hit.pageName);
    expect(hit.url).toBe(pageView.hit.url);
    expect(hit.referrer).toBeUndefined();
    expect(hit.events).toEqual([]);
    expect(namedVariables(hit, SITE_VARIABLE_MAP)).toEqual({ section: 'noticies', contentTitle: 'Títol' });
    expect(hit.contextData).toEqual({ 'mesura.engaged_ms': '41250', 'mesura.scroll_pct': '64' });
    expect(hit.eventId).not.toBe(pageView.hit.eventId);
  });

  it('sends nothing before the first page view', () => {
    const { analytics, sent } = makeAnalytics();
    analytics.engagement({ engagedMs: 1000, scrollPercent: 10 });
    expect(sent).toHaveLength(0);
  });
});
