// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TcData, TcfApi } from '../src/tcf-consent.js';

/** A CMP's `__tcfapi` the test answers, as the page's consent manager would. */
function fakeCmp() {
  const listeners: ((data: TcData, success: boolean) => void)[] = [];
  const tcfapi: TcfApi = (command, _version, callback) => {
    if (command === 'addEventListener') listeners.push(callback);
  };
  const answer = (vendors: number[], eventStatus: string) =>
    listeners.forEach((listener) => listener({ eventStatus, gdprApplies: true, purpose: { consents: { 1: true } }, vendor: { consents: Object.fromEntries(vendors.map((v) => [v, true])) } }, true));
  return { tcfapi, answer };
}

type Page = Window & { __tcfapi?: TcfApi; mesura?: unknown };
const page = () => window as unknown as Page;
let heard: string[];
const listen = (event: Event) => void heard.push(event.type);
/** The page's fetch calls: method and path. */
let fetched: string[];

/** Loads /mesura.js on a page whose snippet queued `queued`, with the CMP `cmp`. */
async function loadSdk(cmp: ReturnType<typeof fakeCmp>, queued: [string, ...unknown[]][] = []): Promise<void> {
  page().__tcfapi = cmp.tcfapi;
  page().mesura = { q: queued, s: queued.map(() => ({})) };
  vi.resetModules();
  await import('../src/browser.js');
}

beforeEach(() => {
  heard = [];
  fetched = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    fetched.push(`${init?.method ?? 'GET'} ${new URL(url, location.href).pathname}`);
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  for (const type of ['mesura:consent-ready', 'mesura:consent-changed', 'mesura:customer-ids']) window.addEventListener(type, listen);
});

afterEach(() => {
  for (const type of ['mesura:consent-ready', 'mesura:consent-changed', 'mesura:customer-ids']) window.removeEventListener(type, listen);
  vi.unstubAllGlobals();
  delete page().mesura;
  delete page().__tcfapi;
  sessionStorage.clear();
  document.cookie = 'mesura_fid=; Max-Age=0';
  document.cookie = 'mesura_privacy=; Max-Age=0';
});

interface Sdk {
  identity: { visitorId(): string; optOut(): void };
}
const sdk = () => page().mesura as Sdk;
const storedId = () => /(?:^|; )mesura_fid=([^;]+)/.exec(document.cookie)?.[1];

/** /mesura.js started with web-analytics consent, and the visitor's id written. */
async function measuredVisitor(cmp: ReturnType<typeof fakeCmp>): Promise<string> {
  await loadSdk(cmp);
  cmp.answer([1001], 'tcloaded');
  await vi.waitFor(() => expect(typeof sdk().identity?.optOut).toBe('function'));
  const id = sdk().identity.visitorId();
  expect(storedId()).toBe(id);
  return id;
}

describe('/mesura.js on a page (§4 consent events)', () => {
  it('dispatches mesura:consent-ready on the CMP’s first choice and mesura:consent-changed on each later one, nothing before', async () => {
    const cmp = fakeCmp();
    await loadSdk(cmp);
    cmp.answer([1001], 'cmpuishown');
    await Promise.resolve();
    expect(heard).toEqual([]);
    cmp.answer([1001], 'tcloaded');
    await Promise.resolve();
    expect(heard).toEqual(['mesura:consent-ready']);
    cmp.answer([], 'useractioncomplete');
    cmp.answer([1001], 'useractioncomplete');
    await Promise.resolve();
    expect(heard).toEqual(['mesura:consent-ready', 'mesura:consent-changed', 'mesura:consent-changed']);
  });

  it('replays the customer ids the snippet queued, keeps them for the tab and announces them (§3)', async () => {
    const cmp = fakeCmp();
    await loadSdk(cmp, [['setCustomerIds', { idUsuari: { id: 'u-42', authState: 1 } }]]);
    cmp.answer([1001], 'tcloaded');
    await vi.waitFor(() => expect(typeof (page().mesura as { customerIds?: unknown }).customerIds).toBe('function'));
    const sdk = page().mesura as { customerIds(): unknown; setCustomerIds(ids: unknown): unknown };
    expect(sdk.customerIds()).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
    expect(JSON.parse(sessionStorage.getItem('mesura_cids')!)).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(sdk.setCustomerIds({ idBigData: { id: '' } })).toEqual([{ integrationCode: 'idBigData', reason: 'empty-id' }]);
    expect(warn).toHaveBeenCalledWith("Customer ID refused: give a non-empty string integration code and a non-empty string id: 'idBigData'");
    expect(heard.filter((type) => type === 'mesura:customer-ids')).toHaveLength(2);
  });

  it('keeps no customer ids for the tab without web-analytics consent', async () => {
    const cmp = fakeCmp();
    await loadSdk(cmp, [['setCustomerIds', { idUsuari: { id: 'u-42', authState: 1 } }]]);
    cmp.answer([], 'tcloaded');
    await vi.waitFor(() => expect(typeof (page().mesura as { customerIds?: unknown }).customerIds).toBe('function'));
    expect((page().mesura as { customerIds(): unknown }).customerIds()).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
    expect(sessionStorage.getItem('mesura_cids')).toBeNull();
  });

  it('forgets the customer ids kept for the tab when the visitor withdraws consent (§4)', async () => {
    const cmp = fakeCmp();
    await loadSdk(cmp, [['setCustomerIds', { idUsuari: { id: 'u-42', authState: 1 } }]]);
    cmp.answer([1001], 'tcloaded');
    await vi.waitFor(() => expect(sessionStorage.getItem('mesura_cids')).not.toBeNull());
    cmp.answer([], 'useractioncomplete');
    await vi.waitFor(() => expect(sessionStorage.getItem('mesura_cids')).toBeNull());
  });
});

describe('/mesura.js when the visitor withdraws (§4)', () => {
  it('erases the visitor id from the browser and asks the collector to erase its own', async () => {
    const cmp = fakeCmp();
    await measuredVisitor(cmp);
    cmp.answer([], 'useractioncomplete');
    await vi.waitFor(() => expect(storedId()).toBeUndefined());
    expect(fetched).toEqual(['POST /id/forget']);
  });

  it('gives a later consent a new id, different from the erased one', async () => {
    const cmp = fakeCmp();
    const before = await measuredVisitor(cmp);
    cmp.answer([], 'useractioncomplete');
    await vi.waitFor(() => expect(storedId()).toBeUndefined());
    // Nothing asks for an id in between and writes one back, whoever asks.
    sdk().identity.visitorId();
    expect(storedId()).toBeUndefined();
    cmp.answer([1001], 'useractioncomplete');
    await vi.waitFor(() => expect(heard.filter((type) => type === 'mesura:consent-changed')).toHaveLength(2));
    const after = sdk().identity.visitorId();
    expect(after).not.toBe(before);
    expect(storedId()).toBe(after);
  });

  it('keeps the id through a consent change that still allows measurement', async () => {
    const cmp = fakeCmp();
    const id = await measuredVisitor(cmp);
    cmp.answer([1001, 1003], 'useractioncomplete');
    await vi.waitFor(() => expect(heard).toContain('mesura:consent-changed'));
    expect(storedId()).toBe(id);
    expect(fetched).toEqual([]);
  });

  it('erases it on window.mesura.identity.optOut() too', async () => {
    const cmp = fakeCmp();
    await measuredVisitor(cmp);
    sdk().identity.optOut();
    expect(storedId()).toBeUndefined();
    expect(document.cookie).toContain('mesura_privacy=out');
    expect(fetched).toEqual(['POST /id/forget']);
  });
});
