// @vitest-environment happy-dom
/**
 * /mesura.js sends each page's engagement after its page view (start.ts, page-engagement.ts): to
 * the web-analytics suite only, as the page view's page, and only while consent still allows it.
 * One SDK per file: its listeners stay on the window, as on a real page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, namedVariables } from '@mesura/protocol';
import { createIdentity } from '@mesura/identity';
import type { ConsentSource } from '@mesura/tags';
import { startMesura } from '../src/index.js';
import { decodedBeacons, settle } from './helpers/sent-beacons.js';

let sent: { path: string; query: string }[] = [];
let cookies = '';
let consentGiven = true;
let visibility: DocumentVisibilityState = 'visible';

const consent: ConsentSource = { hasVendorConsent: () => consentGiven, automaticHitsDisabled: () => !consentGiven };

const mesura = startMesura({
  config: { gaDestination: 'https://ga.example' },
  consent,
  identity: createIdentity({ jar: { get: () => cookies, set: (cookie: string) => void (cookies = cookie.split(';')[0]!) }, secure: false }),
  hostname: 'stg.mesura.cat',
  transport: { send: (path: string, query: string) => sent.push({ path, query }) },
  env: { location: { href: 'https://stg.mesura.cat/noticia/1001/parlament/', pathname: '/noticia/1001/parlament/', search: '', hostname: 'stg.mesura.cat' } },
});

const decoded = () => decodedBeacons(sent);

function hide(): void {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  visibility = 'visible';
}

beforeEach(() => {
  sent = [];
  consentGiven = true;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  window.mesuraData = { page: { seccio: 'noticies', subseccio: 'politica', pageName: 'noticies:parlament' }, user: {} };
});

describe("the page's engagement hit (pe=eng)", () => {
  it('follows the page view to the web-analytics suite, as its page, with no events and both measures', async () => {
    mesura.runtime.track('scPageView');
    await settle();
    hide();
    const beacons = decoded();
    expect(beacons.map((beacon) => `${beacon.address.reportSuites[0]} ${beacon.hitType}`)).toEqual(['mesurastg page_view', 'G-MESURASTG page_view', 'mesurastg page_engagement']);
    const [pageView, , engagement] = beacons;
    expect(engagement!.hit.pageName).toBe(pageView!.hit.pageName);
    expect(engagement!.hit.events).toEqual([]);
    expect(engagement!.hit.referrer).toBeUndefined();
    expect(namedVariables(engagement!.hit, SITE_VARIABLE_MAP)).toMatchObject({ section: 'noticies', subsection: 'politica' });
    expect(Object.keys(engagement!.hit.contextData).sort()).toEqual(['mesura.engaged_ms', 'mesura.scroll_pct']);
  });

  it('is not sent when consent is withdrawn before the page is left', async () => {
    mesura.runtime.track('scPageView');
    await settle();
    consentGiven = false;
    window.dispatchEvent(new Event('pagehide'));
    expect(decoded().map((beacon) => beacon.hitType)).toEqual(['page_view', 'page_view']);
  });
});
