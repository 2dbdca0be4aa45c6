// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdentity } from '@mesura/identity';
import { replayQueue, type SnippetQueue } from '../src/command-queue.js';
import { ALLOW_ALL, startMesura } from '../src/index.js';
import { pageLocation } from './helpers/page-location.js';
import { decodedBeacons, settle, type SentBeacon } from './helpers/sent-beacons.js';

const HOME = { page: { seccio: 'portada', pageName: 'mesura:portada' }, user: {} };
const NEWS = { page: { seccio: 'noticies', pageName: 'mesura:noticies' }, user: {} };
const WEATHER = { page: { seccio: 'el-temps', pageName: 'mesura:el-temps' }, user: {} };

type Page = Window & { mesura?: SnippetQueue & { track(...args: unknown[]): void } };
const page = () => window as unknown as Page;

/** The site's app on `path`: the whole data layer written, then its page view, as apps/site publishPageView does. */
function viewPage(path: string, dataLayer: unknown): void {
  history.pushState(null, '', path);
  window.mesuraData = dataLayer;
  page().mesura!.track('scPageView');
}

/** /mesura.js opening after consent with a recording transport, replaying the head snippet's queue as browser.ts does. */
function openSdk(sent: SentBeacon[]): void {
  const queue = page().mesura;
  const started = startMesura({
    config: { gaDestination: false },
    consent: ALLOW_ALL,
    hostname: 'stg.mesura.cat',
    identity: createIdentity({ jar: { get: () => '', set: () => undefined }, secure: false }),
    transport: { send: (path: string, query: string) => void sent.push({ path, query }) },
    env: {
      location: pageLocation('stg.mesura.cat'),
    },
  });
  started.runtime.start();
  replayQueue(queue, { track: started.runtime.track, setCustomerIds: () => undefined }, started.show);
}

beforeEach(async () => {
  history.replaceState(null, '', '/');
  delete page().mesura;
  vi.resetModules();
  await import('../src/head-snippet.js');
});

afterEach(() => {
  delete page().mesura;
  delete window.mesuraData;
});

describe('page views the site queued before consent, replayed by /mesura.js', () => {
  it('sends each with its own page name, address and referrer, not the page shown at replay time', async () => {
    viewPage('/', HOME);
    viewPage('/noticies/', NEWS);
    viewPage('/el-temps/', WEATHER);
    const sent: SentBeacon[] = [];
    openSdk(sent);
    await settle();
    const pageViews = decodedBeacons(sent).filter((beacon) => beacon.hitType === 'page_view');
    const origin = location.origin;
    expect(pageViews.map(({ hit }) => [hit.pageName, hit.url, hit.referrer ?? null])).toEqual([
      ['mesura:portada', `${origin}/`, null],
      ['mesura:noticies', `${origin}/noticies/`, `${origin}/`],
      ['mesura:el-temps', `${origin}/el-temps/`, `${origin}/noticies/`],
    ]);
    // The page shown keeps its own data layer and address.
    expect([window.mesuraData, location.pathname]).toEqual([WEATHER, '/el-temps/']);
  });
});
