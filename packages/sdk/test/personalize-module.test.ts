// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VENDOR_IDS } from '@mesura/consent/head';
import type { TcData, TcfApi } from '../src/tcf-consent.js';

/** A CMP's `__tcfapi` the test answers with the vendors given consent (purpose 1 always). */
function fakeCmp() {
  const listeners: ((data: TcData, success: boolean) => void)[] = [];
  (window as unknown as { __tcfapi?: TcfApi }).__tcfapi = (command, _version, callback) => {
    if (command === 'addEventListener') listeners.push(callback);
  };
  return async (vendors: number[], eventStatus = 'useractioncomplete') => {
    const consents = Object.fromEntries(vendors.map((vendor) => [vendor, true]));
    for (const listener of listeners) listener({ eventStatus, gdprApplies: true, purpose: { consents: { 1: true } }, vendor: { consents } }, true);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
}

/**
 * One of them with a value. happy-dom keeps a cookie removed with `Max-Age=0` until its millisecond
 * has passed (a browser drops it at once), empty: the value is what must be gone.
 */
const PERSONALISATION_COOKIES = /mesura_pz_(session|device|edge)=[^;]/;

/**
 * Loads /mesura-personalize.js as the head would, with `cookie` stored and the head's verdicts on the
 * stored choice: `p` personalisation, `a` web analytics.
 */
async function loadModule(cookie: string, p: boolean, a = false) {
  document.cookie = cookie;
  (window as unknown as { mesura: unknown }).mesura = { q: [], s: [], p, a };
  const requests: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    requests.push(String(url));
    return Promise.resolve(new Response('{"sessionId":"s","tntId":"t","offers":[]}'));
  });
  vi.resetModules();
  await import('../src/personalize-module.js');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return requests;
}

/** The `src` of every script added to head since the test began. */
let addedScripts: string[] = [];
let headObserver: MutationObserver | undefined;

beforeEach(() => {
  addedScripts = [];
  headObserver = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (node instanceof HTMLScriptElement) addedScripts.push(node.getAttribute('src') ?? '');
    }
  });
  headObserver.observe(document.head, { childList: true });
  // happy-dom loads no script file: a script the client adds then "loads" without running (no
  // window.mesuraSanitizer), which the client logs; this keeps the log quiet and readable.
  (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  headObserver?.disconnect();
  vi.unstubAllGlobals();
  document.cookie = 'mesura_privacy=; Max-Age=0';
  for (const name of ['mesura_pz_session', 'mesura_pz_device', 'mesura_pz_edge']) document.cookie = `${name}=; Max-Age=0; Path=/`;
  delete (window as { __tcfapi?: unknown }).__tcfapi;
  delete (window as { mesuraPersonalize?: unknown }).mesuraPersonalize;
  // The client marks the document it started on (one client per page): each test is a new page.
  delete (document as unknown as Record<symbol, unknown>)[Symbol.for('mesura.personalize')];
});

describe('/mesura-personalize.js', () => {
  it('asks for the global mbox at once when the head read a stored choice allowing personalisation', async () => {
    const requests = await loadModule('', true);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('/m2/mesura/mbox/json?mbox=target-global-mbox');
  });

  it("loads the sanitiser /mesura-sanitize.js from the site's root beside the global request, once", async () => {
    const requests = await loadModule('', true);
    expect(requests).toHaveLength(1);
    expect(addedScripts).toEqual(['/mesura-sanitize.js']);
    // happy-dom ran nothing, so nothing was published: the client says so, and renders no HTML offer.
    expect(console.warn).toHaveBeenCalledWith('[mesura personalize] Sanitizer failed to load: /mesura-sanitize.js did not publish window.mesuraSanitizer');
  });

  it("sends the analytics visitor id of /mesura.js's cookie on the global request, before /mesura.js has started", async () => {
    // Page-view and event goals join decisions to hits by this id (server decision store).
    const requests = await loadModule('mesura_fid=6E9CC8337238D82F-E40A34F7A626FBB0', true, true);
    expect(new URL(requests[0]!, 'http://localhost').searchParams.get('mboxMCGVID')).toBe('6E9CC8337238D82F-E40A34F7A626FBB0');
    document.cookie = 'mesura_fid=; Max-Age=0';
  });

  it('sends no analytics visitor id without web-analytics consent, though a cookie from before is there', async () => {
    const requests = await loadModule('mesura_fid=6E9CC8337238D82F-E40A34F7A626FBB0', true, false);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!, 'http://localhost').searchParams.has('mboxMCGVID')).toBe(false);
    document.cookie = 'mesura_fid=; Max-Age=0';
  });

  it('sends no visitor id when the cookie has none, or one of another format', async () => {
    const requests = await loadModule('mesura_fid=not-an-id', true, true);
    expect(new URL(requests[0]!, 'http://localhost').searchParams.has('mboxMCGVID')).toBe(false);
    document.cookie = 'mesura_fid=; Max-Age=0';
  });

  it('asks nothing while the visitor has opted out, whatever the stored choice', async () => {
    const requests = await loadModule('mesura_privacy=out', true);
    expect(addedScripts).toEqual([]);
    expect(requests).toEqual([]);
    expect((window as { mesuraPersonalize?: unknown }).mesuraPersonalize).toBeDefined();
  });

  it('sends the customer ids kept for the tab with their authState on the global request (§3, wire-formats §3)', async () => {
    sessionStorage.setItem('mesura_cids', JSON.stringify({ idUsuari: { id: 'u-42', authState: 2 } }));
    const requests = await loadModule('', true);
    const params = new URL(requests[0]!, 'http://localhost').searchParams;
    expect([params.get('vst.idUsuari.id'), params.get('vst.idUsuari.authState')]).toEqual(['u-42', '2']);
    sessionStorage.clear();
  });

  it("waits for a logged-in visitor's ids until the site declares them, then sends them (§9 visitor-API wait)", async () => {
    const requests = await loadModule(`mesura_usuari=${encodeURIComponent('{"logat":true,"id":"u-42"}')}`, true);
    expect(requests).toEqual([]);
    (window as unknown as { mesura: { c?: object } }).mesura.c = { idUsuari: { id: 'u-42', authState: 1 } };
    window.dispatchEvent(new Event('mesura:customer-ids'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const params = new URL(requests[0]!, 'http://localhost').searchParams;
    expect([params.get('vst.idUsuari.id'), params.get('vst.idUsuari.authState')]).toEqual(['u-42', '1']);
    document.cookie = 'mesura_usuari=; Max-Age=0';
  });

  it("removes the decision server's ids of this browser when the personalisation vendor's consent is withdrawn", async () => {
    const answer = fakeCmp();
    await loadModule('mesura_pz_edge=edge.example.cat; Path=/', true);
    await answer([VENDOR_IDS.personalisation], 'tcloaded');
    await vi.waitFor(() => expect(document.cookie).toContain('mesura_pz_device=t'));
    expect(document.cookie).toContain('mesura_pz_session=');
    await answer([VENDOR_IDS['web-analytics']]);
    expect(document.cookie).not.toMatch(PERSONALISATION_COOKIES);
  });

  it('keeps them through a consent change that still allows personalisation', async () => {
    const answer = fakeCmp();
    await loadModule('', true);
    await answer([VENDOR_IDS.personalisation], 'tcloaded');
    await vi.waitFor(() => expect(document.cookie).toContain('mesura_pz_device=t'));
    await answer([VENDOR_IDS.personalisation, VENDOR_IDS['video-analytics']]);
    expect(document.cookie).toContain('mesura_pz_device=t');
    expect(document.cookie).toContain('mesura_pz_session=');
  });
});
