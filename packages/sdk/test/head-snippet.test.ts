// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAll, createVendorList, encodeChoice, rejectAll, type Choice } from '@mesura/consent';

const ID = '1F65FB944AFA1C05-25FBFAF16BF6E758';
const gvl = createVendorList();
const tcString = (choice: Choice) => encodeChoice(choice, { gvl, now: Date.now() });

interface Page {
  mesura?: { q: unknown[][]; s: unknown[]; v?: string; a?: boolean; p?: boolean; track(...args: unknown[]): void; load(): void };
  __tcfapi?: (...args: unknown[]) => unknown;
  mesuraData?: unknown;
}
const page = () => window as unknown as Page;
const sdkScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.endsWith('/mesura.js'));

/** Runs the head snippet as a page would, with `cookie` stored and the address `path`. */
async function runHead(cookie?: string, path = '/noticia/1001/x/'): Promise<void> {
  if (cookie !== undefined) document.cookie = `euconsent-v2=${cookie}; path=/`;
  history.replaceState(null, '', path);
  vi.resetModules();
  await import('../src/head-snippet.js');
}

beforeEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  document.getElementById('mesura-personalize-hiding')?.remove();
  document.cookie = 'euconsent-v2=; Max-Age=0; path=/';
  delete page().mesura;
  delete page().__tcfapi;
});
afterEach(() => vi.restoreAllMocks());

describe('the head snippet: nothing loads before consent (§5 tracker loading refused without tracking-cookie consent)', () => {
  it('without a stored choice defines the queue and the __tcfapi stub, and loads no tracker', async () => {
    await runHead();
    expect(sdkScripts()).toEqual([]);
    expect(typeof page().mesura?.track).toBe('function');
    let ping: unknown;
    page().__tcfapi?.('ping', 2, (data: unknown) => (ping = data));
    expect(ping).toMatchObject({ cmpLoaded: false, cmpStatus: 'stub' });
    const listener = () => undefined;
    page().__tcfapi?.('addEventListener', 2, listener);
    // The CMP takes the queued calls by calling the stub without arguments.
    expect(page().__tcfapi?.()).toEqual([['addEventListener', 2, listener]]);
  });

  it('with a stored accept-all loads /mesura.js, once the page hidden for personalisation is shown, once, and tells the personalisation client web analytics is allowed', async () => {
    await runHead(tcString(acceptAll(gvl)));
    expect(page().mesura).toMatchObject({ a: true });
    // Hidden for an offer: the personalisation client has the main thread to itself meanwhile.
    expect(sdkScripts()).toHaveLength(0);
    document.head.append(document.createElement('meta')); // another change of head is not the end of hiding
    await Promise.resolve();
    expect(sdkScripts()).toHaveLength(0);
    document.getElementById('mesura-personalize-hiding')?.remove();
    await Promise.resolve();
    expect(sdkScripts()).toHaveLength(1);
    expect(sdkScripts()[0]!.async).toBe(true);
    page().mesura?.load();
    expect(sdkScripts()).toHaveLength(1);
  });

  it.each([
    { name: 'a stored reject-all', cookie: () => tcString(rejectAll()) },
    { name: 'a choice without the web-analytics vendor', cookie: () => tcString({ ...acceptAll(gvl), vendors: [1002, 1003, 1004] }) },
    { name: 'a choice without purpose 1 (storage)', cookie: () => tcString({ ...acceptAll(gvl), purposes: [8, 9, 10] }) },
    { name: 'a malformed cookie', cookie: () => 'not-a-tc-string' },
    { name: 'a foreign cookie', cookie: () => 'eyJhbGciOiJIUzI1NiJ9.e30' },
  ])('with $name loads nothing', async ({ cookie }) => {
    await runHead(cookie());
    expect(sdkScripts()).toEqual([]);
    expect(page().mesura?.a).toBeUndefined();
  });

  it('hides the body from first paint for a stored choice allowing personalisation, loads its client, and unhides by 3000 ms', async () => {
    vi.useFakeTimers();
    try {
      await runHead(tcString(acceptAll(gvl)));
      expect(document.getElementById('mesura-personalize-hiding')?.textContent).toBe('body {opacity: 0 !important}');
      expect(page().mesura).toMatchObject({ p: true });
      expect([...document.querySelectorAll('script')].some((s) => s.src.endsWith('/mesura-personalize.js'))).toBe(true);
      vi.advanceTimersByTime(2999);
      expect(document.getElementById('mesura-personalize-hiding')).not.toBeNull();
      vi.advanceTimersByTime(1);
      expect(document.getElementById('mesura-personalize-hiding')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('neither hides nor loads the personalisation client without the personalisation vendor, and loads /mesura.js at once', async () => {
    await runHead(tcString({ ...acceptAll(gvl), vendors: [1001, 1002, 1004] }));
    expect(document.getElementById('mesura-personalize-hiding')).toBeNull();
    expect([...document.querySelectorAll('script')].some((s) => s.src.endsWith('/mesura-personalize.js'))).toBe(false);
    expect(sdkScripts()).toHaveLength(1);
  });

  it('shows the page at once, and loads /mesura.js, when the personalisation client fails to load (blocked, offline)', async () => {
    await runHead(tcString(acceptAll(gvl)));
    const client = [...document.querySelectorAll('script')].find((s) => s.src.endsWith('/mesura-personalize.js'));
    expect(document.getElementById('mesura-personalize-hiding')).not.toBeNull();
    client?.dispatchEvent(new Event('error'));
    expect(document.getElementById('mesura-personalize-hiding')).toBeNull();
    await vi.waitFor(() => expect(sdkScripts()).toHaveLength(1));
  });

  it('loads /mesura.js when the hiding ends by its 3000 ms timeout, the client never having come', async () => {
    vi.useFakeTimers();
    try {
      await runHead(tcString(acceptAll(gvl)));
      vi.advanceTimersByTime(2999);
      await Promise.resolve();
      expect(sdkScripts()).toHaveLength(0);
      vi.advanceTimersByTime(1);
      await vi.waitFor(() => expect(sdkScripts()).toHaveLength(1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the tag library from the address of its account and layer when the server names one (§7 script loads)', async () => {
    (window as { mesuraConfig?: unknown }).mesuraConfig = { tagLibrary: '/tags/mesura/staging/mesura.js' };
    try {
      await runHead();
      expect(sdkScripts()).toHaveLength(0);
      page().mesura?.load();
      expect(sdkScripts().map((s) => new URL(s.src).pathname)).toEqual(['/tags/mesura/staging/mesura.js']);
    } finally {
      delete (window as { mesuraConfig?: unknown }).mesuraConfig;
    }
  });

  it('loads the SDK when the visitor then accepts (mesura.load)', async () => {
    await runHead();
    page().mesura?.load();
    expect(sdkScripts()).toHaveLength(1);
  });

  it('queues calls with the data layer and the address of their moment', async () => {
    await runHead();
    page().mesuraData = { page: { pageName: 'a' } };
    page().mesura?.track('scPageView');
    page().mesuraData = { page: { pageName: 'b' } };
    history.pushState(null, '', '/noticies/');
    expect(page().mesura?.q).toEqual([['track', 'scPageView']]);
    expect(page().mesura?.s).toEqual([{ data: { page: { pageName: 'a' } }, href: `${location.origin}/noticia/1001/x/` }]);
  });

  it('takes an incoming visitor id off the address at once and keeps it, writing no cookie', async () => {
    await runHead(undefined, `/el-temps/?a=1&mesura_vid=${ID}.${Math.floor(Date.now() / 1000)}`);
    expect(location.pathname + location.search).toBe('/el-temps/?a=1');
    expect(page().mesura?.v).toBe(ID);
    expect(document.cookie).not.toContain('mesura_fid');
  });
});

describe("the head snippet: a stored choice refusing a vendor erases that vendor's identifiers", () => {
  const IDENTIFIERS = ['mesura_fid', 'mesura_sync', 'mesura_pz_session', 'mesura_pz_device', 'mesura_pz_edge'];
  // The identifiers still holding a value. An erased cookie is written empty with Max-Age=0
  // (packages/identity's forget test checks its attributes); happy-dom may still list it, empty,
  // within the millisecond it was written.
  const cookieNames = () =>
    document.cookie
      .split(';')
      .map((c) => c.trim().split('='))
      .filter(([name, value]) => name !== 'euconsent-v2' && value)
      .map(([name]) => name);
  beforeEach(() => {
    for (const name of IDENTIFIERS) document.cookie = `${name}=left-over; path=/`;
  });
  afterEach(() => {
    for (const name of IDENTIFIERS) document.cookie = `${name}=; Max-Age=0; path=/`;
  });

  it('keeps them all under a choice allowing both vendors, and when nothing is stored yet', async () => {
    await runHead(tcString(acceptAll(gvl)));
    expect(cookieNames().sort()).toEqual([...IDENTIFIERS].sort());
    document.cookie = 'euconsent-v2=; Max-Age=0; path=/';
    await runHead();
    expect(cookieNames().sort()).toEqual([...IDENTIFIERS].sort());
  });

  it('erases the visitor id and its sync mark without web analytics, the personalisation ids without personalisation', async () => {
    await runHead(tcString({ ...acceptAll(gvl), vendors: [1002, 1003, 1004] }));
    expect(cookieNames().sort()).toEqual(['mesura_pz_device', 'mesura_pz_edge', 'mesura_pz_session']);
    for (const name of IDENTIFIERS) document.cookie = `${name}=left-over; path=/`;
    await runHead(tcString({ ...acceptAll(gvl), vendors: [1001, 1002, 1004] }));
    expect(cookieNames().sort()).toEqual(['mesura_fid', 'mesura_sync']);
  });

  it('erases them all under a choice refusing everything', async () => {
    await runHead(tcString(rejectAll()));
    expect(cookieNames()).toEqual([]);
  });
});

describe('the head snippet: customer ids before the SDK (§3)', () => {
  it('queues setCustomerIds for the SDK, keeps the ids for the personalisation client and announces them', async () => {
    await runHead();
    const heard = vi.fn();
    window.addEventListener('mesura:customer-ids', heard);
    const queue = page().mesura as unknown as { q: unknown[][]; c?: object; setCustomerIds(ids: object): void };
    queue.setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 } });
    queue.setCustomerIds({ idBigData: { id: 'bd-7', authState: 1 } });
    expect(queue.q).toEqual([
      ['setCustomerIds', { idUsuari: { id: 'u-42', authState: 1 } }],
      ['setCustomerIds', { idBigData: { id: 'bd-7', authState: 1 } }],
    ]);
    expect(queue.c).toEqual({ idUsuari: { id: 'u-42', authState: 1 }, idBigData: { id: 'bd-7', authState: 1 } });
    expect(heard).toHaveBeenCalledTimes(2);
    window.removeEventListener('mesura:customer-ids', heard);
  });
});
