import { describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, decodeBeacon, namedVariables } from '@mesura/protocol';
import { createTracker, type TrackerDeps } from '../src/index.js';

interface Sent {
  path: string;
  query: string;
}

/** A tracker on a fake page: recording transport, cookie jar in memory, fixed clock, counting random. */
function fakePage(overrides: Partial<TrackerDeps> = {}) {
  const sent: Sent[] = [];
  let cookies = '';
  let seed = 0;
  const location = { href: 'https://mesura.cat/noticia/1001/pressupostos/' };
  const data: { value: unknown } = {
    value: { page: { seccio: 'noticies', subseccio: 'politica', pageName: 'noticies:pressupostos', url: 'https://mesura.cat/noticia/1001/pressupostos/' } },
  };
  const tracker = createTracker({
    reportSuite: 'mesuradev',
    readData: () => data.value,
    pageUrl: () => location.href,
    cookies: { get: () => cookies, set: (c) => (cookies = c.split(';')[0]!) },
    now: () => new Date(2026, 10, 23, 9, 5, 7),
    random: (bytes) => bytes.map(() => (seed = (seed * 31 + 7) % 256)),
    referrer: () => 'https://www.google.com/',
    browser: () => ({ screen: '1920x1080' }),
    consent: { allowsAnalytics: () => true },
    send: (path, query) => sent.push({ path, query }),
    ...overrides,
  });
  return { tracker, sent, data, location, cookies: () => cookies };
}

function decode(sent: Sent) {
  const decoded = decodeBeacon(sent.path, sent.query);
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.value;
}

describe('tracker: scPageView', () => {
  it('sends one page-view beacon (event1) that the server decoder accepts', () => {
    const { tracker, sent } = fakePage();
    expect(tracker.track('scPageView')).toBeUndefined();
    expect(sent).toHaveLength(1);
    const beacon = decode(sent[0]!);
    expect(beacon.address.reportSuites).toEqual(['mesuradev']);
    expect(beacon.hitType).toBe('page_view');
    expect(beacon.hit.events).toEqual([{ id: 1 }]);
    expect(beacon.hit.pageName).toBe('noticies:pressupostos');
    expect(beacon.hit.referrer).toBe('https://www.google.com/');
    expect(beacon.hit.clientTime).toMatchObject({ day: 23, month0: 10, year: 2026, hour: 9, minute: 5, second: 7 });
  });

  it('carries every variable of the data layer, defaults applied (§5)', () => {
    const { tracker, sent, data } = fakePage();
    data.value = { page: { pageName: 'mesura:portada' } };
    tracker.track('scPageView');
    const named = namedVariables(decode(sent[0]!).hit, SITE_VARIABLE_MAP);
    expect(named).toMatchObject({ section: 'No informat', subsection: 'No informat', programme: 'No informat', userId: 'No informat' });
    expect(named.author).toBe('No Informat');
  });

  it('tracks the not-found page as errorPage with an empty page name (§2)', () => {
    const { tracker, sent, data } = fakePage();
    data.value = { page: { status: 'Error404', pageName: 'whatever' } };
    tracker.track('scPageView');
    const hit = decode(sent[0]!).hit;
    expect(hit.pageName ?? '').toBe('');
    expect(namedVariables(hit, SITE_VARIABLE_MAP).pageType).toBe('errorPage');
  });

  it('gives each beacon its own event id and keeps one visitor id in its cookie', () => {
    const { tracker, sent, cookies } = fakePage();
    tracker.track('scPageView');
    tracker.track('scPageView');
    const [a, b] = sent.map((s) => decode(s).hit);
    expect(a!.eventId).not.toBe(b!.eventId);
    expect(a!.visitor.fid).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    expect(b!.visitor.fid).toBe(a!.visitor.fid);
    expect(cookies()).toBe(`mesura_fid=${a!.visitor.fid}`);
  });

  it("uses the previous route's URL as the referrer of the next page view in a single-page app", () => {
    const { tracker, sent, data, location } = fakePage();
    tracker.track('scPageView');
    location.href = 'https://mesura.cat/el-temps/';
    data.value = { page: { seccio: 'el-temps', pageName: 'mesura:el-temps' } };
    tracker.track('scPageView');
    expect(decode(sent[1]!).hit.url).toBe('https://mesura.cat/el-temps/');
    expect(decode(sent[1]!).hit.referrer).toBe('https://mesura.cat/noticia/1001/pressupostos/');
  });

  it('sends the document address as the page URL even when the data layer has none', () => {
    const { tracker, sent, data } = fakePage();
    data.value = { page: { pageName: 'mesura:portada' } };
    tracker.track('scPageView');
    expect(decode(sent[0]!).hit.url).toBe('https://mesura.cat/noticia/1001/pressupostos/');
  });

  it('declares UTF-8 and the euro (§9 site analytics)', () => {
    const { tracker, sent } = fakePage();
    tracker.track('scPageView');
    expect(decode(sent[0]!).hit).toMatchObject({ charset: 'UTF-8', currency: 'EUR' });
  });
});

describe('tracker: other direct calls', () => {
  it.each([
    { call: 'scCompartir', hitType: 'link_o', events: [{ id: 3 }] },
    { call: 'scDescarregar', hitType: 'link_d', events: [{ id: 5 }] },
    { call: 'scJugar', hitType: 'link_o', events: [{ id: 9 }] },
    { call: 'scClicBoto', hitType: 'link_o', events: [{ id: 10 }] },
    { call: 'scParticipar', hitType: 'link_o', events: [{ id: 15 }] },
    { call: 'scFinestraNova', hitType: 'link_o', events: [{ id: 26 }] },
    { call: 'scDVR', hitType: 'link_o', events: [] },
    { call: 'scSubtitols', hitType: 'link_o', events: [] },
    { call: 'scPerMesTard', hitType: 'link_o', events: [] },
    { call: 'scVeureATV', hitType: 'link_o', events: [] },
  ])('sends $call as $hitType with events $events (§7, §9)', ({ call, hitType, events }) => {
    const { tracker, sent } = fakePage();
    expect(tracker.track(call)).toBeUndefined();
    const beacon = decode(sent[0]!);
    expect(beacon.hitType).toBe(hitType);
    expect(beacon.hit.events).toEqual(events);
  });

  it('sends a link hit with only its section variables and no referrer (wire formats §1)', () => {
    const { tracker, sent } = fakePage();
    tracker.track('scDescarregar', { linkName: 'Programa PDF', linkUrl: 'https://mesura.cat/x.pdf' });
    const { hit } = decode(sent[0]!);
    expect(hit.link).toEqual({ type: 'd', name: 'Programa PDF', url: 'https://mesura.cat/x.pdf' });
    expect(hit.referrer).toBeUndefined();
    expect(namedVariables(hit, SITE_VARIABLE_MAP)).toEqual({ section: 'noticies', subsection: 'politica', programme: 'No informat' });
  });

  it.each([
    { detail: { linkName: 'Nom', linkText: 'Text' }, name: 'Nom' },
    { detail: { linkText: 'Descarrega el PDF' }, name: 'Descarrega el PDF' },
    { detail: {}, name: 'link clicked' },
  ])('names the link $name from $detail (§7 defaults)', ({ detail, name }) => {
    const { tracker, sent } = fakePage();
    tracker.track('scClicBoto', detail);
    expect(decode(sent[0]!).hit.link?.name).toBe(name);
  });

  it.each(['', 'scInventat', 'pageView'])('refuses %j, which is not a direct call of the spec, and sends nothing', (name) => {
    const { tracker, sent } = fakePage();
    expect(tracker.track(name)).toBe('unknown-call');
    expect(sent).toEqual([]);
  });
});

describe('tracker: visitor id', () => {
  it('keeps the visitor id in a first-party cookie for 34190000 s (§9)', () => {
    const written: string[] = [];
    const { tracker } = fakePage({ cookies: { get: () => '', set: (cookie) => written.push(cookie) } });
    tracker.track('scPageView');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^mesura_fid=[0-9A-F]{16}-[0-9A-F]{16}; Max-Age=34190000; Path=\/; SameSite=Lax$/);
  });
});

describe('tracker: consent gate', () => {
  it('sends nothing and writes no cookie while consent does not allow analytics', () => {
    const { tracker, sent, cookies } = fakePage({ consent: { allowsAnalytics: () => false } });
    expect(tracker.track('scPageView')).toBe('no-consent');
    expect(sent).toEqual([]);
    expect(cookies()).toBe('');
  });
});
