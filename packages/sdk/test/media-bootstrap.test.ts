// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, memoryStore } from '@mesura/analytics';
import { decodeBeacon, decodeHeartbeatQuery } from '@mesura/protocol';
import { PRIVACY_OPTED_OUT, REPORTING_ALREADY_STARTED } from '@mesura/media/messages';
import { consentGated } from '../src/consent-gated.js';
import { LIBRARY_POLL_INTERVAL_MS, MEDIA_READY_EVENT } from '../src/constants.js';
import { MEASUREMENT_LIBRARY_MISSING, mediaNamespaceTaken } from '../src/errors.js';
import { startMediaBootstrap, type MediaBootstrapEnv } from '../src/media-bootstrap.js';
import type { MesuraMediaApi } from '../src/media-api.js';
import { tcfMediaPrivacy } from '../src/media-privacy.js';
import type { TcData, TcfApi } from '../src/tcf-consent.js';

const VISITOR_ID = '0123456789ABCDEF-FEDCBA9876543210';
const VIDEO_VENDOR = 1004;

/** A CMP's `__tcfapi` the test answers. */
function fakeCmp() {
  const listeners: ((data: TcData, success: boolean) => void)[] = [];
  const tcfapi: TcfApi = (command, _version, callback) => {
    if (command === 'addEventListener') listeners.push(callback);
  };
  const answer = (vendors: number[], eventStatus = 'useractioncomplete') =>
    listeners.forEach((listener) => listener({ eventStatus, gdprApplies: true, purpose: { consents: { 1: true } }, vendor: { consents: Object.fromEntries(vendors.map((v) => [v, true])) } }, true));
  return { tcfapi, answer };
}

/**
 * `window.mesura` once /mesura.js runs, as far as the bootstrap reads it: its analytics is the real
 * one, behind the real consent gate, over a recording sender that writes whole URLs to `startHits`.
 */
function library(optedOut = false, webAnalyticsAllowed = () => true) {
  const analytics = createAnalytics({
    reportSuites: ['mesuradev'],
    transport: { send: (path, query) => startHits.push(`http://localhost:8080${path}?${query}`) },
    visitorId: () => VISITOR_ID,
    browserInfo: () => ({}),
    clickStore: memoryStore(),
    referrer: '',
  });
  return {
    track() {},
    analytics: consentGated(analytics, webAnalyticsAllowed),
    identity: { visitorId: () => VISITOR_ID, isOptedOut: () => optedOut },
    config: {},
  };
}

let page: Record<string, unknown> & EventTarget;
let logs: string[];
let cmp: ReturnType<typeof fakeCmp>;
let startHits: string[];

function boot(overrides: Partial<MediaBootstrapEnv> = {}): void {
  startMediaBootstrap({
    window: page,
    page: { host: 'localhost:8080', hostname: 'localhost', protocol: 'http:', origin: 'http://localhost:8080' },
    timers: { setTimer: (run, ms) => setTimeout(run, ms), clearTimer: (handle) => clearTimeout(handle as number) },
    privacy: (found) => tcfMediaPrivacy({ tcfapi: cmp.tcfapi, isOptedOut: () => found.identity.isOptedOut() }),
    log: (message) => logs.push(message),
    ...overrides,
  });
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  page = Object.assign(new EventTarget(), {}) as Record<string, unknown> & EventTarget;
  logs = [];
  startHits = [];
  cmp = fakeCmp();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the media bootstrap: the namespace (§8, §9)', () => {
  it('exports the API under window.mesuraMedia and tells the page', () => {
    const ready = vi.fn();
    page.addEventListener(MEDIA_READY_EVENT, (event) => ready((event as CustomEvent).detail));
    page.mesura = library();
    boot();
    expect(typeof (page.mesuraMedia as MesuraMediaApi).trackHtml5Player).toBe('function');
    expect(ready).toHaveBeenCalledWith({ namespace: 'mesuraMedia' });
    expect(logs).toEqual([]);
  });

  it('exports under the namespace mesuraConfig.mediaNamespace names', () => {
    page.mesura = library();
    page.mesuraConfig = { mediaNamespace: 'reproductor' };
    boot();
    expect(page.reproductor).toBeDefined();
    expect(page.mesuraMedia).toBeUndefined();
  });

  it('refuses a taken name with one log line, and neither polls nor exports', () => {
    const theirs = { mine: true };
    page.mesuraMedia = theirs;
    boot();
    vi.advanceTimersByTime(20_000);
    page.mesura = library();
    vi.advanceTimersByTime(20_000);
    expect(page.mesuraMedia).toBe(theirs);
    expect(logs).toEqual([mediaNamespaceTaken('mesuraMedia')]);
  });
});

describe('the media bootstrap: waiting for the measurement library (§8, §9)', () => {
  it('polls every 250 ms and exports once the library is there (not the head snippet queue)', () => {
    page.mesura = { q: [], s: [], track() {} };
    boot();
    vi.advanceTimersByTime(3_000 - 1);
    page.mesura = library();
    expect(page.mesuraMedia).toBeUndefined();
    vi.advanceTimersByTime(LIBRARY_POLL_INTERVAL_MS);
    expect(page.mesuraMedia).toBeDefined();
    expect(logs).toEqual([]);
  });

  it('still finds the library at the 40th poll', () => {
    boot();
    vi.advanceTimersByTime(39 * LIBRARY_POLL_INTERVAL_MS);
    page.mesura = library();
    vi.advanceTimersByTime(LIBRARY_POLL_INTERVAL_MS);
    expect(page.mesuraMedia).toBeDefined();
  });

  it('gives up after 40 polls with one log line, builds no tracker and stops polling', () => {
    boot();
    vi.advanceTimersByTime(40 * LIBRARY_POLL_INTERVAL_MS - 1);
    expect(logs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(logs).toEqual([MEASUREMENT_LIBRARY_MISSING]);
    expect(vi.getTimerCount()).toBe(0);
    page.mesura = library();
    vi.advanceTimersByTime(10_000);
    expect(page.mesuraMedia).toBeUndefined();
  });
});

describe('tcfMediaPrivacy: the consent as the tracker privacy status (§4)', () => {
  it('is unknown until the CMP answers with a choice, then follows the video-analytics vendor', async () => {
    let optedOut = false;
    const privacy = tcfMediaPrivacy({ tcfapi: cmp.tcfapi, isOptedOut: () => optedOut });
    const told = vi.fn();
    privacy.subscribe(told);
    expect(privacy.status()).toBe('unknown');
    cmp.answer([VIDEO_VENDOR], 'cmpuishown');
    await settle();
    expect(privacy.status()).toBe('unknown');
    cmp.answer([VIDEO_VENDOR], 'tcloaded');
    await settle();
    expect(privacy.status()).toBe('opted-in');
    cmp.answer([1001]);
    await settle();
    expect(privacy.status()).toBe('opted-out');
    expect(told).toHaveBeenCalledTimes(2);
    cmp.answer([VIDEO_VENDOR]);
    await settle();
    optedOut = true;
    expect(privacy.status()).toBe('opted-out');
  });
});

describe('begin-reporting, once per page (§4, §8 "reporting already started")', () => {
  it('logs a second begin-reporting after the CMP began it, and changes nothing', async () => {
    const logged: string[] = [];
    const privacy = tcfMediaPrivacy({ tcfapi: cmp.tcfapi, isOptedOut: () => false, log: (message) => logged.push(message) });
    const told = vi.fn();
    privacy.subscribe(told);
    cmp.answer([VIDEO_VENDOR], 'tcloaded');
    await settle();
    expect([privacy.status(), told.mock.calls.length, logged]).toEqual(['opted-in', 1, []]);
    privacy.beginReporting();
    expect([privacy.status(), told.mock.calls.length, logged]).toEqual(['opted-in', 1, [REPORTING_ALREADY_STARTED]]);
  });

  it('takes a page’s begin-reporting before the CMP answers: still unknown until it does, and the answer logs nothing', async () => {
    const logged: string[] = [];
    const privacy = tcfMediaPrivacy({ tcfapi: cmp.tcfapi, isOptedOut: () => false, log: (message) => logged.push(message) });
    privacy.beginReporting();
    expect(privacy.status()).toBe('unknown');
    cmp.answer([VIDEO_VENDOR], 'tcloaded');
    await settle();
    expect([privacy.status(), logged]).toEqual(['opted-in', []]);
    privacy.beginReporting();
    expect(logged).toEqual([REPORTING_ALREADY_STARTED]);
  });

  it('is the media API’s beginReporting', async () => {
    const logged: string[] = [];
    page.mesura = library();
    boot({ privacy: (found) => tcfMediaPrivacy({ tcfapi: cmp.tcfapi, isOptedOut: () => found.identity.isOptedOut(), log: (message) => logged.push(message) }) });
    cmp.answer([VIDEO_VENDOR], 'tcloaded');
    await settle();
    (page.mesuraMedia as MesuraMediaApi).beginReporting();
    expect(logged).toEqual([REPORTING_ALREADY_STARTED]);
  });
});

describe('the media API: reporting begins with the consent signal (§4)', () => {
  const fetched: string[] = [];
  const heartbeatTypes = () =>
    fetched
      .filter((url) => url.startsWith('http://localhost:8080/hb/?'))
      .map((url) => {
        const decoded = decodeHeartbeatQuery(new URL(url).search);
        if (!decoded.ok) throw new Error(decoded.reason);
        return decoded.value;
      });

  beforeEach(() => {
    fetched.length = 0;
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve({ ok: false, status: 404, text: () => Promise.resolve('') });
    });
    page.mesura = library();
    page.mesuraData = { video: { titol: 'Clip de prova', idSessioVideo: 'clip-1', durada: 12 } };
    boot();
  });

  it('sends nothing before the CMP answers; then the heartbeats to /hb on this host and the start hit to the collector', async () => {
    const video = document.createElement('video');
    Object.defineProperty(video, 'readyState', { value: 1 });
    Object.defineProperty(video, 'duration', { value: 12 });
    (page.mesuraMedia as MesuraMediaApi).trackHtml5Player(video, { dataLayer: () => page.mesuraData });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetched).toEqual([]);
    expect(startHits).toEqual([]);

    cmp.answer([1001, VIDEO_VENDOR], 'tcloaded');
    await vi.advanceTimersByTimeAsync(1_000);
    // What waited leaves at the opt-in, the start first; then the settings file is read.
    expect(fetched[0]).toMatch(/^http:\/\/localhost:8080\/hb\/\?s:sc:rsid=/);
    expect(fetched.filter((url) => url.includes('/hb/settings/'))).toEqual([expect.stringMatching(/^http:\/\/localhost:8080\/hb\/settings\/mesura\.xml\?r=\d+$/)]);
    const [start] = heartbeatTypes();
    expect(start).toMatchObject({
      event: { type: 'start' },
      analytics: { reportSuite: 'mesuradev', trackingServer: 'localhost:8080', ssl: false },
      visitorId: VISITOR_ID,
      serviceProvider: { playerName: 'html5' },
      asset: { name: 'Clip de prova', videoId: 'clip-1', publisher: 'mesura', length: 12 },
    });
    expect(startHits).toHaveLength(1);
    const url = new URL(startHits[0]!);
    expect(url.origin).toBe('http://localhost:8080');
    const hit = decodeBeacon(url.pathname, url.search.slice(1));
    expect(hit.ok && hit.value.address.reportSuites).toEqual(['mesuradev']);
    expect(hit.ok && hit.value.hit.visitor.fid).toBe(VISITOR_ID);
  });

  it('sends the player type as s:sp:ovp and the app version as s:sp:sdk, as the page sets them (§9 video settings)', async () => {
    const api = page.mesuraMedia as MesuraMediaApi;
    const tracker = api.createTracker({ getCurrentPlaybackTime: () => 0, getQoSObject: () => null }, { playerType: 'html5', appVersion: 'mesura-player 1.0.0' });
    cmp.answer([VIDEO_VENDOR], 'tcloaded');
    tracker.trackSessionStart(api.createMediaObject('Clip', 'clip-1', 12, api.StreamType.VOD, api.MediaType.Video));
    await vi.advanceTimersByTimeAsync(1_000);
    const start = fetched.find((url) => url.includes('s%3Aevent%3Atype=start') || url.includes('s:event:type=start'));
    const params = new URL(start!).searchParams;
    expect([params.get('s:sp:ovp'), params.get('s:sp:sdk')]).toEqual(['html5', 'mesura-player 1.0.0']);
  });

  it('sends the customer ids the page declared on the start heartbeat only, with their authState (§3)', async () => {
    page.mesura = { ...library(), customerIds: () => ({ idUsuari: { id: 'u-42', authState: 1 } }) };
    delete page.mesuraMedia;
    boot();
    const api = page.mesuraMedia as MesuraMediaApi;
    const tracker = api.createTracker({ getCurrentPlaybackTime: () => 0, getQoSObject: () => null });
    cmp.answer([VIDEO_VENDOR], 'tcloaded');
    tracker.trackSessionStart(api.createMediaObject('Clip', 'clip-1', 12, api.StreamType.VOD, api.MediaType.Video));
    await vi.advanceTimersByTimeAsync(1_000);
    const [start, ...others] = heartbeatTypes();
    expect(start).toMatchObject({ event: { type: 'start' }, customerIds: { idUsuari: { id: 'u-42', authState: 1 } } });
    expect(others.map((h) => h.customerIds)).toEqual(others.map(() => undefined));
    expect(startHits.join()).not.toContain('u-42');
  });

  it("sends the start hit as /mesura.js's own analytics hit, and none without web-analytics consent", async () => {
    const startOf = async (allowed: boolean) => {
      startHits.length = 0;
      fetched.length = 0;
      page.mesura = library(false, () => allowed);
      delete page.mesuraMedia;
      boot();
      const api = page.mesuraMedia as MesuraMediaApi;
      const tracker = api.createTracker({ getCurrentPlaybackTime: () => 0, getQoSObject: () => null });
      cmp.answer([VIDEO_VENDOR], 'tcloaded');
      tracker.trackSessionStart(api.createMediaObject('Clip', 'clip-1', 12, api.StreamType.VOD, api.MediaType.Video));
      await vi.advanceTimersByTimeAsync(1_000);
      tracker.destroy();
    };
    await startOf(true);
    // The analytics' sender got it (path and query apart), encoded by @mesura/analytics.
    expect(startHits).toHaveLength(1);
    const url = new URL(startHits[0]!);
    const hit = decodeBeacon(url.pathname, url.search.slice(1));
    expect(hit.ok && hit.value.address.libraryVersion).toBe('MESURA-MEDIA-0.1.0');
    expect(hit.ok && hit.value.hitType).toBe('media_start');
    expect(hit.ok && hit.value.hit.contextData['a.media.name']).toBe('clip-1');
    await startOf(false);
    // Heartbeats follow the video-analytics vendor; the start hit is a web-analytics hit.
    expect(heartbeatTypes().map((h) => h.event.type)).toContain('start');
    expect(startHits).toEqual([]);
  });

  it('ends the session when the visitor withdraws the vendor, and sends nothing more', async () => {
    const logs: string[] = [];
    const api = page.mesuraMedia as MesuraMediaApi;
    const tracker = api.createTracker({ getCurrentPlaybackTime: () => 0, getQoSObject: () => null }, { debug: true });
    for (const level of ['error', 'warn', 'info'] as const) vi.spyOn(console, level).mockImplementation((...words) => void logs.push(words.join(' ')));
    cmp.answer([VIDEO_VENDOR], 'tcloaded');
    tracker.trackSessionStart(api.createMediaObject('Clip', 'clip-1', 12, api.StreamType.VOD, api.MediaType.Video));
    await vi.advanceTimersByTimeAsync(1_000);
    const sentBefore = fetched.length;
    expect(heartbeatTypes().map((h) => h.event.type)).toContain('start');
    cmp.answer([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetched.length).toBe(sentBefore);
    expect(logs).toContain(`[mesura media] ${PRIVACY_OPTED_OUT}`);
    vi.restoreAllMocks();
  });
});
