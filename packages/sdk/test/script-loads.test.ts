// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_VIEW_EVENT } from '@mesura/site-property';
import { createIdentity } from '@mesura/identity';
import { startMesura, type StartOptions } from '../src/index.js';
import type { ConsentSource } from '@mesura/tags';
import { settle } from './helpers/sent-beacons.js';

const ORIGIN = 'http://localhost:8080';
const AUDIENCE = `${ORIGIN}/tags/mesura/development/mesura-audience.js`;
const ASSETS = `${ORIGIN}/tags/mesura/assets/`;

const consentTo = (vendors: string[]): ConsentSource => ({ hasVendorConsent: (v) => vendors.includes(String(v)), automaticHitsDisabled: () => false });
const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);

function start(vendors: string[], options: Partial<StartOptions> = {}) {
  const sent: string[] = [];
  const mesura = startMesura({
    config: { gaDestination: false },
    consent: consentTo(vendors),
    identity: createIdentity({ jar: { get: () => '', set: () => {} }, secure: false }),
    hostname: 'localhost',
    transport: { send: (path: string) => sent.push(path) },
    audienceScriptUrl: AUDIENCE,
    assetsUrl: ASSETS,
    ...options,
  });
  mesura.runtime.start();
  return { mesura, sent };
}

beforeEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  window.mesuraData = { page: { seccio: 'esports', pageName: 'esports:portada' }, user: {} };
});
afterEach(() => {
  delete window.mesuraData;
});

describe('script loads of /mesura.js (§7), each under its own vendor', () => {
  it.each([
    [['web-analytics'], [`${ASSETS}lectura-completa.js`]],
    [['personalisation'], [`${ASSETS}interessos.js`]],
    [['audience-measurement'], [AUDIENCE]],
    [[], []],
  ])('with consent to %j loads %j', async (vendors, expected) => {
    start(vendors);
    await settle();
    expect(scripts().filter((src) => src.includes('/tags/'))).toEqual(expected);
  });
});

describe('the layer of the tag library address (§7 by account id and layer name)', () => {
  it('chooses the property and its accounts, whatever the host', async () => {
    const { mesura, sent } = start(['web-analytics'], { layer: 'production', hostname: 'localhost' });
    expect(mesura.environment).toBe('production');
    mesura.runtime.track('scPageView');
    await settle();
    // The production property runs only on its domain: not on localhost (§8 domain not authorised).
    expect(sent).toEqual([]);
  });

  it("is the host name's environment without a layer", () => {
    expect(start([]).mesura.environment).toBe('development');
    expect(start([], { hostname: 'stg.mesura.cat' }).mesura.environment).toBe('staging');
  });
});

describe('the page-view event custom scripts follow', () => {
  it('is dispatched after each page view sent, with its name and section', async () => {
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    addEventListener(PAGE_VIEW_EVENT, listener);
    try {
      const { mesura, sent } = start(['web-analytics']);
      mesura.runtime.track('scPageView');
      await settle();
      expect(sent).toHaveLength(1);
      expect(heard).toEqual([{ pageName: 'esports:portada', section: 'esports' }]);
    } finally {
      removeEventListener(PAGE_VIEW_EVENT, listener);
    }
  });
});
