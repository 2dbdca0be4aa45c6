import { describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, namedVariables } from '@mesura/protocol';
import { DEFAULT_LINK_NAME, DEFAULT_LINK_TYPE } from '../src/index.js';
import { makeAnalytics } from './helpers/analytics.js';

const ARTICLE = {
  pageName: 'noticies:pressupostos',
  url: 'https://www.ccma.cat/noticia/1001/pressupostos/?ext=newsletter',
  variables: { section: 'noticies', subsection: 'politica', pageType: 'noticia' },
  events: ['pageView'],
  contextData: { 'ccma.seccio': 'noticies' },
};

describe('link', () => {
  it("defaults to a custom link, pe=lnk_o (§7: link type defaults to 'o')", () => {
    const { analytics, last } = makeAnalytics();
    analytics.link({ linkText: 'Comparteix', variables: {}, events: [] });
    expect(DEFAULT_LINK_TYPE).toBe('o');
    expect(last().hitType).toBe('link_o');
    expect(last().hit.link).toEqual({ type: 'o', name: 'Comparteix' });
  });

  it("names the link by its text, else 'link clicked' (§7)", () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.link({ linkName: 'share:twitter', linkText: 'Comparteix', variables: {}, events: [] });
    analytics.link({ linkText: '  Veure a la\n   TV ', variables: {}, events: [] });
    analytics.link({ linkText: '   ', variables: {}, events: [] });
    analytics.link({ variables: {}, events: [] });
    expect(beacons().map((beacon) => beacon.hit.link?.name)).toEqual(['share:twitter', 'Veure a la TV', DEFAULT_LINK_NAME, 'link clicked']);
  });

  it('sends download and exit links as lnk_d and lnk_e with the link URL as pev1', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.link({ linkType: 'd', linkUrl: 'https://www.ccma.cat/a.pdf', linkText: 'PDF', variables: {}, events: ['download'] });
    analytics.link({ linkType: 'e', linkUrl: 'https://www.3cat.cat/', variables: {}, events: [] });
    const [download, exit] = beacons();
    expect(download!.hitType).toBe('link_d');
    expect(download!.hit.link).toEqual({ type: 'd', url: 'https://www.ccma.cat/a.pdf', name: 'PDF' });
    expect(download!.hit.events).toEqual([{ id: 5 }]);
    expect(exit!.hitType).toBe('link_e');
    expect(exit!.hit.link?.url).toBe('https://www.3cat.cat/');
  });

  it('carries only its own variables and events, on the current page, and no r (wire-formats §1)', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView(ARTICLE);
    analytics.link({
      linkName: 'scCompartir',
      variables: { clickOrigin: 'barra-accions', contentTitle: 'Pressupostos' },
      events: ['share'],
    });
    const { hit } = last();
    expect(namedVariables(hit, SITE_VARIABLE_MAP)).toEqual({ clickOrigin: 'barra-accions', contentTitle: 'Pressupostos' });
    expect(hit.props).toEqual({});
    expect(hit.events).toEqual([{ id: 3 }]);
    expect(hit.contextData).toEqual({});
    expect(hit.referrer).toBeUndefined();
    expect(hit.pageName).toBe('noticies:pressupostos');
    expect(hit.url).toBe(ARTICLE.url);
    expect(hit.currency).toBe('EUR');
    expect(hit.charset).toBe('UTF-8');
  });

  it('carries its own context data', () => {
    const { analytics, last } = makeAnalytics();
    analytics.link({ variables: {}, events: [], contextData: { 'ccma.boto': 'play' } });
    expect(last().hit.contextData).toEqual({ 'ccma.boto': 'play' });
  });

  it('sends a link clicked on a page that sent no page view on that page, whatever page view came before or after', () => {
    const { analytics, last } = makeAnalytics();
    const clickedOn = { pageName: 'mesura:portada', pageUrl: 'https://www.ccma.cat/' };
    analytics.link({ variables: {}, events: [], page: clickedOn });
    expect([last().hit.pageName, last().hit.url]).toEqual(['mesura:portada', 'https://www.ccma.cat/']);
    analytics.pageView(ARTICLE);
    analytics.link({ variables: {}, events: [], page: clickedOn });
    expect([last().hit.pageName, last().hit.url]).toEqual(['mesura:portada', 'https://www.ccma.cat/']);
    // The page views' own links stay on them.
    analytics.link({ variables: {}, events: [] });
    expect([last().hit.pageName, last().hit.url]).toEqual([ARTICLE.pageName, ARTICLE.url]);
  });

  it('sends a link before any page view without pageName nor g', () => {
    const { analytics, last } = makeAnalytics();
    analytics.link({ variables: {}, events: [] });
    expect(last().hit.pageName).toBeUndefined();
    expect(last().hit.url).toBeUndefined();
  });

  it('cuts a link name over 255 characters', () => {
    const { analytics, last } = makeAnalytics();
    analytics.link({ linkName: 'n'.repeat(300), variables: {}, events: [] });
    expect(last().hit.link?.name).toHaveLength(255);
  });
});

describe('clearVariables', () => {
  it('forgets the page name links borrow, keeps the URL and the referrer chain', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView(ARTICLE);
    analytics.clearVariables();
    analytics.link({ variables: {}, events: [] });
    analytics.pageView({ pageName: 'el-temps', url: 'https://www.ccma.cat/el-temps/', variables: {}, events: ['pageView'] });
    const [, link, next] = beacons();
    expect(link!.hit.pageName).toBeUndefined();
    expect(link!.hit.url).toBe(ARTICLE.url);
    expect(next!.hit.pageName).toBe('el-temps');
    expect(next!.hit.referrer).toBe(ARTICLE.url);
  });

  it('leaves no campaign behind: there is none kept between page views', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView(ARTICLE);
    analytics.clearVariables();
    analytics.pageView({ pageName: 'el-temps', url: 'https://www.ccma.cat/el-temps/', variables: {}, events: [] });
    expect(beacons()[0]!.hit.eVars[0]).toBe('newsletter');
    expect(beacons()[1]!.hit.eVars).toEqual({});
  });
});
