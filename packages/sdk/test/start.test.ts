// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PENDING_LINK_PAGE_FIELD, SITE_VARIABLE_MAP, namedVariables } from '@mesura/protocol';
import { createIdentity } from '@mesura/identity';
import { ALLOW_ALL, startMesura, type MesuraConfig } from '../src/index.js';
import { pageLocation } from './helpers/page-location.js';
import { decodedBeacons, settle } from './helpers/sent-beacons.js';

interface Sent {
  path: string;
  query: string;
}

let sent: Sent[];
let cookies: string;

function start(consent = ALLOW_ALL, config: MesuraConfig = { gaDestination: false }, hostname = 'stg.mesura.cat') {
  const identity = createIdentity({
    jar: { get: () => cookies, set: (cookie: string) => void (cookies = cookie.split(';')[0]!) },
    secure: false,
  });
  return startMesura({
    config,
    consent,
    identity,
    hostname,
    transport: { send: (path: string, query: string) => sent.push({ path, query }) },
    // The page as the rules see it: happy-dom's address, on `hostname`.
    env: {
      location: pageLocation(hostname),
    },
  });
}

const decoded = () => decodedBeacons(sent);

beforeEach(() => {
  sent = [];
  cookies = '';
  history.replaceState(null, '', '/noticia/1001/parlament/');
  window.mesuraData = { page: { seccio: 'noticies', subseccio: 'politica', pageName: 'noticies:parlament' }, user: {} };
});

afterEach(() => {
  delete window.mesuraData;
});

describe('the SDK: tags + analytics + identity', () => {
  it('sends scPageView as a page view (event1) with the data layer, to the configured suite', async () => {
    start().runtime.track('scPageView');
    await settle();
    const [beacon] = decoded();
    expect(sent[0]!.path).toMatch(/^\/b\/ss\/mesurastg\//);
    expect(beacon!.address.reportSuites).toEqual(['mesurastg']);
    expect(beacon!.hitType).toBe('page_view');
    expect(beacon!.hit.events).toEqual([{ id: 1 }]);
    expect(beacon!.hit.pageName).toBe('noticies:parlament');
    expect(beacon!.hit.visitor.fid).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    expect(namedVariables(beacon!.hit, SITE_VARIABLE_MAP)).toMatchObject({ section: 'noticies', subsection: 'politica', programme: 'No informat' });
  });

  it("sends the URL's int and ext campaigns, over the data layer's default (§7 query parameters)", async () => {
    history.replaceState(null, '', '/noticia/1001/parlament/?int=portada-estiu&EXT=butlleti');
    start().runtime.track('scPageView');
    await settle();
    expect(namedVariables(decoded()[0]!.hit, SITE_VARIABLE_MAP)).toMatchObject({ internalCampaign: 'portada-estiu', campaign: 'butlleti' });
  });

  it('adds the internal search (event2) on a cercador page, with keywords and results (§2)', async () => {
    history.replaceState(null, '', '/cercador/?q=habitatge');
    window.mesuraData = { page: { seccio: 'cercador', pageName: 'mesura:cercador', paraulesCerca: 'habitatge', resultatsCerca: '2' }, user: {} };
    start().runtime.track('scPageView');
    await settle();
    const [beacon] = decoded();
    expect(beacon!.hit.events).toEqual([{ id: 1 }, { id: 2 }]);
    expect(namedVariables(beacon!.hit, SITE_VARIABLE_MAP)).toMatchObject({ searchKeywords: 'habitatge', searchResults: '2' });
  });

  it('sends a direct call as a link hit with its event and the §7 link fields of its detail', async () => {
    start().runtime.track('scDescarregar', { linkText: 'Dossier (PDF)', linkUrl: 'https://mesura.cat/documents/1001.pdf', titolContingut: 'Títol' });
    await settle();
    const [beacon] = decoded();
    expect(beacon!.hitType).toBe('link_d');
    expect(beacon!.hit.events).toEqual([{ id: 5 }]);
    expect(beacon!.hit.link).toEqual({ type: 'd', name: 'Dossier (PDF)', url: 'https://mesura.cat/documents/1001.pdf' });
    expect(namedVariables(beacon!.hit, SITE_VARIABLE_MAP)).toMatchObject({ contentTitle: 'Títol', section: 'noticies' });
  });

  it("sends a link the previous page followed before its app on that page: its name and address, not this page's", async () => {
    const mesura = start();
    mesura.runtime.track('scPageView');
    const clickedOn = { pageName: 'mesura:portada', pageUrl: 'https://mesura.cat/' };
    // As pending-link-click.ts replays it from the head's capture.
    mesura.runtime.track('scClicBoto', { linkText: 'Mira el directe', url: clickedOn.pageUrl, [PENDING_LINK_PAGE_FIELD]: clickedOn });
    mesura.runtime.track('scClicBoto', { linkText: 'Mira el directe' });
    await settle();
    const [, pending, own] = decoded();
    expect([pending!.hitType, pending!.hit.pageName, pending!.hit.url]).toEqual(['link_o', 'mesura:portada', 'https://mesura.cat/']);
    expect([own!.hit.pageName, own!.hit.url]).toEqual(['noticies:parlament', location.href]);
  });

  it('sends nothing while consent withholds the web-analytics vendor', async () => {
    start({ hasVendorConsent: () => false, automaticHitsDisabled: () => false }).runtime.track('scPageView');
    await settle();
    expect(sent).toEqual([]);
  });
});

describe('accounts per environment (§9): the host name chooses them', () => {
  it('sends page views to the environment report suite and a copy to its ga property, links only to the suite', async () => {
    const mesura = start(ALLOW_ALL, { gaDestination: 'https://ga.example' }, 'www.mesura.cat');
    expect(mesura.environment).toBe('production');
    mesura.runtime.track('scPageView');
    mesura.runtime.track('scCompartir', { linkText: 'Comparteix' });
    await settle();
    expect(sent.map((s) => s.path.replace(/\/1\/.*$/, ''))).toEqual(['/b/ss/mesuraprod', 'https://ga.example/b/ss/G-MESURAPROD', '/b/ss/mesuraprod']);
    const [suite, ga] = decoded();
    expect(ga!.hit.pageName).toBe(suite!.hit.pageName);
    expect(ga!.hit.events).toEqual([{ id: 1 }]);
    expect(ga!.hit.eventId).not.toBe(suite!.hit.eventId);
  });

  it('sends the ga copy to the collector when no destination is configured', async () => {
    const mesura = start(ALLOW_ALL, { collector: 'https://stats.mesura.cat' }, 'localhost');
    expect(mesura.environment).toBe('development');
    mesura.runtime.track('scPageView');
    await settle();
    expect(sent.map((s) => s.path.replace(/\/1\/.*$/, ''))).toEqual(['https://stats.mesura.cat/b/ss/mesuradev', 'https://stats.mesura.cat/b/ss/G-MESURADEV']);
  });
});

describe('personalisation hook', () => {
  it('hands a route change to a personalised path to the client the head loaded', async () => {
    const calls: unknown[] = [];
    (window as { mesuraPersonalize?: unknown }).mesuraPersonalize = { personalize: (input: unknown) => void calls.push(input) };
    try {
      history.replaceState(null, '', '/el-temps/');
      await start().runtime.fire({ type: 'routeChange' });
      expect(calls).toEqual([{ mbox: 'mesura-el-temps', parameters: {} }]);
    } finally {
      delete (window as { mesuraPersonalize?: unknown }).mesuraPersonalize;
    }
  });
});

describe('consent gate', () => {
  it('writes no visitor cookie and sends nothing without web-analytics consent, even for hits no rule decides on', async () => {
    const mesura = start({ hasVendorConsent: (vendor) => vendor !== 'web-analytics', automaticHitsDisabled: () => false });
    mesura.runtime.track('scPageView');
    mesura.analytics.link({ linkType: 'd', linkUrl: 'https://mesura.cat/a.pdf', variables: {}, events: [] });
    await settle();
    expect(sent).toEqual([]);
    expect(cookies).toBe('');
    expect(mesura.allowed()).toBe(false);
  });

  it('honours an opt-out (§9: remembered 7200 s): nothing sent, no visitor cookie', async () => {
    const mesura = start();
    mesura.identity.optOut();
    expect(cookies).toMatch(/^mesura_privacy=out/);
    mesura.runtime.track('scPageView');
    await settle();
    expect(sent).toEqual([]);
    expect(cookies).not.toMatch(/mesura_fid/);
  });

  it('makes every consent condition of the rules fail while opted out (the activity-map module is not loaded)', async () => {
    const mesura = startMesura({
      config: { gaDestination: false },
      consent: ALLOW_ALL,
      identity: createIdentity({ jar: { get: () => 'mesura_privacy=out', set: () => undefined }, secure: false }),
      hostname: 'localhost',
      activityMapScriptUrl: 'https://www.mesura.cat/mesura-activity-map.js',
      transport: { send: (path: string, query: string) => void sent.push({ path, query }) },
    });
    const outcomes = await mesura.runtime.fire({ type: 'libraryLoaded' });
    expect(outcomes).toContainEqual({ rule: 'activity map', reason: 'conditionFailed', index: 0, type: 'consentVendor' });
    expect(document.querySelector('script[src$="mesura-activity-map.js"]')).toBeNull();
  });
});
