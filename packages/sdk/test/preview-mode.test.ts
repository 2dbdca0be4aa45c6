// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIdentity } from '@mesura/identity';
import { ALLOW_ALL, startMesura } from '../src/index.js';
import { isPreviewAddress } from '../src/preview-mode.js';
import { settle, type SentBeacon } from './helpers/sent-beacons.js';

let sent: SentBeacon[];

/** The SDK with every consent given, on a preview page or not, its scripts' addresses set. */
function start(preview: boolean) {
  return startMesura({
    config: { gaDestination: false },
    consent: ALLOW_ALL,
    preview,
    identity: createIdentity({ jar: { get: () => '', set: () => undefined }, secure: false }),
    hostname: 'localhost',
    activityMapScriptUrl: 'https://www.mesura.cat/mesura-activity-map.js',
    mediaScriptUrl: 'https://www.mesura.cat/mesura-media.js',
    transport: { send: (path: string, query: string) => void sent.push({ path, query }) },
  });
}

/** What a visit does: the page view, a direct call, a hit no rule decides on, the page's engagement. */
async function visit(mesura: ReturnType<typeof start>) {
  mesura.runtime.track('scPageView');
  mesura.runtime.track('scCompartir', { linkText: 'Comparteix' });
  mesura.analytics.link({ linkType: 'd', linkUrl: 'https://mesura.cat/a.pdf', variables: {}, events: [] });
  mesura.analytics.engagement({ engagedMs: 5000, scrollPercent: 40 });
  return mesura.runtime.fire({ type: 'libraryLoaded' });
}

beforeEach(() => {
  sent = [];
  history.replaceState(null, '', '/noticia/1001/parlament/?mesura_preview=x');
  window.mesuraData = { page: { seccio: 'noticies', pageName: 'noticies:parlament' }, user: {} };
});

afterEach(() => {
  delete window.mesuraData;
  for (const script of document.querySelectorAll('script')) script.remove();
});

describe("an editor's preview page measures nothing", () => {
  it('sends no page view, link or engagement hit, and loads neither the activity map nor the media tracker', async () => {
    const mesura = start(true);
    const outcomes = await visit(mesura);
    await settle();
    expect(sent).toEqual([]);
    expect(mesura.measuring()).toBe(false);
    // Consent itself is untouched: the visitor's cookies are neither written nor withdrawn.
    expect(mesura.allowed()).toBe(true);
    expect(outcomes).toContainEqual({ rule: 'activity map', reason: 'conditionFailed', index: 0, type: 'consentVendor' });
    expect(document.querySelector('script[src$="mesura-activity-map.js"]')).toBeNull();
    expect(document.querySelector('script[src$="mesura-media.js"]')).toBeNull();
  });

  it('measures the same visit on a page that is no preview', async () => {
    const mesura = start(false);
    await visit(mesura);
    await settle();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(mesura.measuring()).toBe(true);
  });

  it('still hands a personalised path to the client, whose offers are what is previewed', async () => {
    const calls: unknown[] = [];
    (window as { mesuraPersonalize?: unknown }).mesuraPersonalize = { personalize: (input: unknown) => void calls.push(input) };
    try {
      history.replaceState(null, '', '/el-temps/?mesura_preview=x');
      await start(true).runtime.fire({ type: 'routeChange' });
      expect(calls).toEqual([{ mbox: 'mesura-el-temps', parameters: {} }]);
    } finally {
      delete (window as { mesuraPersonalize?: unknown }).mesuraPersonalize;
    }
  });
});

describe('isPreviewAddress', () => {
  it.each([
    ['?mesura_preview=abc.def', true],
    ['?a=1&mesura_preview', true],
    ['?mesura_preview=', true],
    ['', false],
    ['?q=mesura_preview', false],
    ['?mesura_previews=1', false],
  ])('%j is a preview: %s', (search, expected) => expect(isPreviewAddress(search)).toBe(expected));
});
