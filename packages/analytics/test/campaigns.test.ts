import { describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, namedVariables } from '@mesura/protocol';
import { campaignsFromQuery, type Campaigns } from '../src/index.js';
import { PAGE, makeAnalytics } from './helpers/analytics.js';

interface CampaignCase {
  search: string;
  campaigns: Campaigns;
}

const CASES: CampaignCase[] = [
  { search: '?int=portada-estiu', campaigns: { internalCampaign: 'portada-estiu' } },
  { search: '?INT=portada-estiu', campaigns: {} },
  { search: '?Int=portada-estiu', campaigns: {} },
  { search: '?ext=newsletter', campaigns: { campaign: 'newsletter' } },
  { search: '?EXT=newsletter', campaigns: { campaign: 'newsletter' } },
  { search: '?Ext=newsletter', campaigns: { campaign: 'newsletter' } },
  { search: '?int=a&EXT=b', campaigns: { internalCampaign: 'a', campaign: 'b' } },
  { search: 'ext=no-question-mark', campaigns: { campaign: 'no-question-mark' } },
  { search: '?ext=first&Ext=second', campaigns: { campaign: 'first' } },
  { search: '?ext=&int=', campaigns: {} },
  { search: '?int=vot%20jove', campaigns: { internalCampaign: 'vot jove' } },
  { search: '?text=x&interior=y', campaigns: {} },
  { search: '', campaigns: {} },
];

describe('campaignsFromQuery (§7 query parameters int and ext)', () => {
  it.each(CASES)('reads $search', ({ search, campaigns }) => {
    expect(campaignsFromQuery(search)).toEqual(campaigns);
  });
});

describe('campaigns on page views', () => {
  it('sends int as internalCampaign (v31) and ext as campaign (v0)', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/?int=portada&EXT=newsletter#top' });
    const { hit } = last();
    expect(hit.eVars).toMatchObject({ 0: 'newsletter', 31: 'portada' });
    expect(namedVariables(hit, SITE_VARIABLE_MAP)).toEqual({ campaign: 'newsletter', internalCampaign: 'portada' });
  });

  it('sends no campaign when the URL has neither parameter', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/?utm=1#ext=fragment' });
    expect(last().hit.eVars).toEqual({});
  });

  it("lets the URL's campaign win over the input's (whose data layer always fills a default)", () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/?int=portada', variables: { internalCampaign: 'No Informat' } });
    expect(last().hit.eVars[31]).toBe('portada');
  });

  it("keeps the input's campaign when the URL has none", () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/', variables: { campaign: 'rule' } });
    expect(last().hit.eVars[0]).toBe('rule');
  });

  it('does not carry a campaign over to the next page view of a single-page app', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/?ext=newsletter' });
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/noticies/' });
    expect(beacons()[1]!.hit.eVars).toEqual({});
  });
});
