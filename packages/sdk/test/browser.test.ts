// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeBeacon } from '@mesura/protocol';

interface Sent {
  url: string;
  body: string;
}

let sent: Sent[];

beforeEach(() => {
  vi.resetModules();
  sent = [];
  // A recording transport in place of the network.
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      void body.text().then((text) => sent.push({ url, body: text }));
      return true;
    },
  });
  document.cookie = 'mesura_fid=; Max-Age=0; Path=/';
  window.mesuraData = { page: { seccio: 'portada', pageName: 'mesura:portada' } };
});

afterEach(() => {
  delete window.mesura;
  delete window.mesuraConfig;
});

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the browser bundle', () => {
  it('replays the calls the inline snippet queued, then takes direct calls', async () => {
    window.mesuraConfig = { reportSuite: 'mesurastg', autoPageView: false };
    window.mesura = { q: [['track', 'scPageView']], track: () => undefined };
    await import('../src/browser.js');
    await settle();
    expect(sent).toHaveLength(1);
    window.mesura!.track('scCompartir');
    await settle();
    expect(sent).toHaveLength(2);
    const path = new URL(sent[0]!.url).pathname;
    const beacon = decodeBeacon(path, sent[0]!.body);
    expect(beacon.ok && beacon.value.address.reportSuites).toEqual(['mesurastg']);
    expect(beacon.ok && beacon.value.hit.pageName).toBe('mesura:portada');
  });

  it('sends a page view on load when the page does not send its own', async () => {
    window.mesuraConfig = { reportSuite: 'mesuradev' };
    await import('../src/browser.js');
    await settle();
    expect(sent).toHaveLength(1);
  });
});
