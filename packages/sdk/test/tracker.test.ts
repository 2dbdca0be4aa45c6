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
  const data: { value: unknown } = {
    value: { page: { seccio: 'noticies', subseccio: 'politica', pageName: 'noticies:pressupostos', url: 'https://mesura.cat/noticia/1001/pressupostos/' } },
  };
  const tracker = createTracker({
    reportSuite: 'mesuradev',
    readData: () => data.value,
    cookies: { get: () => cookies, set: (c) => (cookies = c.split(';')[0]!) },
    now: () => new Date(2026, 10, 23, 9, 5, 7),
    random: (bytes) => bytes.map(() => (seed = (seed * 31 + 7) % 256)),
    referrer: () => 'https://www.google.com/',
    browser: () => ({ screen: '1920x1080' }),
    consent: { allowsAnalytics: () => true },
    send: (path, query) => sent.push({ path, query }),
    ...overrides,
  });
  return { tracker, sent, data, cookies: () => cookies };
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
    const { tracker, sent, data } = fakePage();
    tracker.track('scPageView');
    data.value = { page: { seccio: 'el-temps', pageName: 'mesura:el-temps', url: 'https://mesura.cat/el-temps/' } };
    tracker.track('scPageView');
    expect(decode(sent[1]!).hit.referrer).toBe('https://mesura.cat/noticia/1001/pressupostos/');
  });
});

describe('tracker: other direct calls', () => {
  it('sends scDescarregar as a download link with event5 and no referrer (§7, §9)', () => {
    const { tracker, sent } = fakePage();
    tracker.track('scDescarregar', { linkName: 'Programa PDF', linkUrl: 'https://mesura.cat/x.pdf' });
    const beacon = decode(sent[0]!);
    expect(beacon.hitType).toBe('link_d');
    expect(beacon.hit.link).toEqual({ type: 'd', name: 'Programa PDF', url: 'https://mesura.cat/x.pdf' });
    expect(beacon.hit.events).toEqual([{ id: 5 }]);
    expect(beacon.hit.referrer).toBeUndefined();
  });

  it('sends an unknown direct call as a custom link named after it', () => {
    const { tracker, sent } = fakePage();
    tracker.track('scDVR');
    const beacon = decode(sent[0]!);
    expect(beacon.hitType).toBe('link_o');
    expect(beacon.hit.link?.name).toBe('scDVR');
    expect(beacon.hit.events).toEqual([]);
  });

  it('refuses a call without a name and sends nothing', () => {
    const { tracker, sent } = fakePage();
    expect(tracker.track('')).toBe('bad-name');
    expect(sent).toEqual([]);
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
