import { describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, limits, namedVariables } from '@mesura/protocol';
import { LIBRARY_VERSION } from '../src/index.js';
import { MAX_CONTEXT_DATA_VALUE_CHARS, MAX_LINK_NAME_CHARS, MAX_URL_CHARS, MAX_VALUE_CHARS } from '../src/constants.js';
import { BROWSER, PAGE, VISITOR_ID, makeAnalytics } from './helpers/analytics.js';

describe('pageView', () => {
  it('sends a page view the collector decodes, with its name, URL, variables, events and context data (wire-formats §1)', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({
      pageName: 'noticies:pressupostos',
      url: 'https://www.ccma.cat/noticia/1001/pressupostos/',
      variables: { section: 'noticies', pageType: 'noticia', contentTitle: 'Pressupostos' },
      events: ['pageView'],
      contextData: { 'ccma.seccio': 'noticies' },
    });
    const { address, hitType, hit } = last();
    expect(address).toMatchObject({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.2.0' });
    expect(hitType).toBe('page_view');
    expect(hit.pageName).toBe('noticies:pressupostos');
    expect(hit.url).toBe('https://www.ccma.cat/noticia/1001/pressupostos/');
    expect(hit.events).toEqual([{ id: 1 }]);
    expect(namedVariables(hit, SITE_VARIABLE_MAP)).toEqual({
      section: 'noticies',
      pageType: 'noticia',
      contentTitle: 'Pressupostos',
    });
    expect(hit.props).toEqual({ 1: 'noticies', 8: 'noticia' });
    expect(hit.contextData).toEqual({ 'ccma.seccio': 'noticies' });
    expect(hit.link).toBeUndefined();
  });

  it('carries EUR, UTF-8, the visitor id as fid, the clock and the browser facts (§9 site analytics)', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView(PAGE);
    const { hit } = last();
    expect(hit.currency).toBe('EUR');
    expect(hit.charset).toBe('UTF-8');
    expect(hit.visitor).toEqual({ fid: VISITOR_ID });
    expect(hit.clientTime).toEqual({
      day: 22,
      month0: 10,
      year: 2026,
      hour: 9,
      minute: 59,
      second: 43,
      weekday: 0,
      tzOffsetMin: new Date(2026, 10, 22, 9, 59, 43).getTimezoneOffset(),
    });
    expect(hit.browser).toEqual(BROWSER);
  });

  it('draws a fresh 32-hex-digit eid and path random for every hit', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView(PAGE);
    analytics.pageView(PAGE);
    const [first, second] = beacons();
    expect(first!.hit.eventId).toMatch(/^[0-9a-f]{32}$/);
    expect(second!.hit.eventId).toMatch(/^[0-9a-f]{32}$/);
    expect(first!.hit.eventId).not.toBe(second!.hit.eventId);
    expect(first!.address.random).toMatch(/^\d{14}$/);
    expect(first!.address.random).not.toBe(second!.address.random);
  });

  it('sends one beacon to every report suite of a multi-suite setup', () => {
    const { analytics, sent, last } = makeAnalytics({ reportSuites: ['mesuraprod', 'mesurastg'] });
    analytics.pageView(PAGE);
    expect(sent).toHaveLength(1);
    expect(last().address.reportSuites).toEqual(['mesuraprod', 'mesurastg']);
  });

  it('writes every event name of §9 as its event number', () => {
    const { analytics, last } = makeAnalytics();
    const events = ['pageView', 'search', 'share', 'download', 'play', 'buttonClick', 'participate', 'radioNewWindow'];
    analytics.pageView({ ...PAGE, events });
    expect(last().hit.events.map((event) => event.id)).toEqual([1, 2, 3, 5, 9, 10, 15, 26]);
  });

  it('sends an event named twice once, since the collector refuses a repeated event', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({ ...PAGE, events: ['pageView', 'search', 'pageView'] });
    expect(last().hit.events).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('writes the channel as ch when the input gives one', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView({ ...PAGE, channel: 'noticies' });
    analytics.pageView(PAGE);
    expect(beacons().map((beacon) => beacon.hit.channel)).toEqual(['noticies', undefined]);
  });

  it('throws on a variable or an event the variable map does not define, and sends nothing', () => {
    const { analytics, sent } = makeAnalytics();
    expect(() => analytics.pageView({ ...PAGE, variables: { seccio: 'x' } })).toThrow(/seccio/);
    expect(() => analytics.pageView({ ...PAGE, events: ['purchase'] })).toThrow(/purchase/);
    expect(sent).toHaveLength(0);
  });

  it('cuts values to the collector limits instead of losing the beacon', () => {
    const { analytics, last } = makeAnalytics();
    analytics.pageView({
      pageName: 'p'.repeat(300),
      url: `https://www.ccma.cat/?q=${'u'.repeat(5000)}`,
      variables: { contentTitle: 't'.repeat(300) },
      events: [],
      contextData: { 'ccma.text': 'c'.repeat(2000) },
    });
    const { hit } = last();
    expect(hit.pageName).toHaveLength(255);
    expect(hit.url).toHaveLength(4096);
    expect(namedVariables(hit, SITE_VARIABLE_MAP).contentTitle).toHaveLength(255);
    expect(hit.contextData['ccma.text']).toHaveLength(1024);
  });

  it('cuts to the same limits as the protocol', () => {
    expect([MAX_VALUE_CHARS, MAX_URL_CHARS, MAX_LINK_NAME_CHARS, MAX_CONTEXT_DATA_VALUE_CHARS]).toEqual([
      limits.MAX_VARIABLE_VALUE_CHARS,
      limits.MAX_URL_CHARS,
      limits.MAX_LINK_NAME_CHARS,
      limits.MAX_CONTEXT_DATA_VALUE_CHARS,
    ]);
    expect(LIBRARY_VERSION.length).toBeLessThanOrEqual(limits.MAX_LIBRARY_VERSION_CHARS);
  });
});

describe('pageView in a single-page app', () => {
  it('takes the document referrer for the first page view and the previous URL for each next one', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/' });
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/noticies/' });
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/el-temps/' });
    expect(beacons().map((beacon) => beacon.hit.referrer)).toEqual(['https://www.google.com/', 'https://www.ccma.cat/', 'https://www.ccma.cat/noticies/']);
  });

  it('lets the input name the referrer, and chains on from that page', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/a/', referrer: 'https://t.co/x' });
    analytics.pageView({ ...PAGE, url: 'https://www.ccma.cat/b/' });
    expect(beacons().map((beacon) => beacon.hit.referrer)).toEqual(['https://t.co/x', 'https://www.ccma.cat/a/']);
  });

  it('sends no r for a first page view without a referrer', () => {
    const { analytics, last } = makeAnalytics({ referrer: '' });
    analytics.pageView(PAGE);
    expect(last().hit.referrer).toBeUndefined();
  });

  it('starts each page view from nothing: no variable, event or context data of the previous one', () => {
    const { analytics, beacons } = makeAnalytics();
    analytics.pageView({
      pageName: 'cercador',
      url: 'https://www.ccma.cat/cercador/?q=temps',
      variables: { section: 'cercador', searchKeywords: 'temps', searchResults: '12' },
      events: ['pageView', 'search'],
      contextData: { 'ccma.cerca': 'temps' },
    });
    analytics.pageView({
      pageName: 'el-temps',
      url: 'https://www.ccma.cat/el-temps/',
      variables: { section: 'el-temps' },
      events: ['pageView'],
    });
    const second = beacons()[1]!.hit;
    expect(namedVariables(second, SITE_VARIABLE_MAP)).toEqual({ section: 'el-temps' });
    expect(second.props).toEqual({ 1: 'el-temps' });
    expect(second.events).toEqual([{ id: 1 }]);
    expect(second.contextData).toEqual({});
  });
});
