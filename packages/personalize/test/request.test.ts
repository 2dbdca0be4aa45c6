// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DELIVERY_MAX_GET_URL_CHARS } from '@mesura/protocol';
import { URL_REQUIRED, VISITOR_API_ERROR, VISITOR_API_TIMED_OUT } from '../src/index.js';
import { PAGE_URL, SERVER, START_MS, setupClient } from './helpers/client.js';
import { deliveryAnswer, flush } from './helpers/fakes.js';

const noop = () => undefined;

describe('the delivery request (§7, wire-formats §3)', () => {
  it('sends a GET to /m2/{clientCode}/mbox/json with every §7 parameter', async () => {
    const h = setupClient({ visitorIds: { visitorId: () => 'mcgvid-1', customerIds: () => ({ idUsuari: { id: 'u-7', authState: 1 } }) } });
    await h.client.getOffer({ mbox: 'mesura-el-temps', params: { seccio: 'temps' }, success: noop, error: noop });
    const [call] = h.transport.calls;
    expect(call?.init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(call?.url.startsWith(`${SERVER}/m2/mesura/mbox/json?`)).toBe(true);
    expect(Object.fromEntries(h.transport.params())).toEqual({
      mbox: 'mesura-el-temps',
      mboxSession: '00000000000000000000000000000002',
      mboxPage: '00000000000000000000000000000001',
      mboxRid: '00000000000000000000000000000003',
      mboxVersion: '1.8.2',
      mboxCount: '1',
      mboxTime: String(START_MS + 60 * 60_000),
      mboxHost: 'www.example.cat',
      mboxURL: PAGE_URL,
      mboxReferrer: '',
      browserHeight: '800',
      browserWidth: '1280',
      browserTimeOffset: '60',
      screenHeight: '1080',
      screenWidth: '1920',
      colorDepth: '24',
      devicePixelRatio: '2',
      screenOrientation: 'landscape',
      mboxXDomain: 'enabled',
      mboxMCGVID: 'mcgvid-1',
      'vst.idUsuari.id': 'u-7',
      'vst.idUsuari.authState': '1',
      seccio: 'temps',
    });
  });

  it('counts the requests of the page and keeps one page id', async () => {
    const h = setupClient();
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    await h.client.getOffer({ mbox: 'b', success: noop, error: noop });
    expect(h.transport.params(1).get('mboxCount')).toBe('2');
    expect(h.transport.params(1).get('mboxPage')).toBe(h.transport.params(0).get('mboxPage'));
    expect(h.transport.params(1).get('mboxRid')).not.toBe(h.transport.params(0).get('mboxRid'));
  });

  it('sends the device id (mboxPC) and session id the server gave', async () => {
    const h = setupClient({ reply: { body: deliveryAnswer({ sessionId: 'S-1', tntId: 'T-1' }) } });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    expect(h.transport.params(0).get('mboxPC')).toBeNull();
    expect(h.transport.params(1).get('mboxPC')).toBe('T-1');
    expect(h.transport.params(1).get('mboxSession')).toBe('S-1');
  });
});

describe('GET or POST (§7: POST form-encoded when the URL exceeds 2048 characters)', () => {
  /** A parameter value that makes the GET URL exactly `length` characters long. */
  async function urlOfLength(length: number) {
    const probe = setupClient();
    await probe.client.getOffer({ mbox: 'a', params: { pad: '' }, success: noop, error: noop });
    const base = probe.transport.calls[0]!.url.length;
    const pad = 'x'.repeat(length - base);
    const h = setupClient();
    await h.client.getOffer({ mbox: 'a', params: { pad }, success: noop, error: noop });
    return { call: h.transport.calls[0]!, pad };
  }

  it('uses GET for a URL of exactly 2048 characters', async () => {
    const { call } = await urlOfLength(DELIVERY_MAX_GET_URL_CHARS);
    expect(call.init.method).toBe('GET');
    expect(call.url).toHaveLength(2048);
  });

  it('uses POST, form-encoded, for a URL of 2049 characters', async () => {
    const { call, pad } = await urlOfLength(DELIVERY_MAX_GET_URL_CHARS + 1);
    expect(call.url).toBe(`${SERVER}/m2/mesura/mbox/json`);
    expect(call.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const body = new URLSearchParams(call.init.body);
    expect(body.get('pad')).toBe(pad);
    expect(body.get('mbox')).toBe('a');
    expect(`${call.url}?${call.init.body}`).toHaveLength(2049);
  });
});

describe('visitor ids (§7, §9 visitor-API timeout 2000 ms)', () => {
  it('waits for the customer ids up to 2000 ms, then sends without them (§8)', async () => {
    const h = setupClient({ visitorIds: { visitorId: () => 'v', customerIds: () => new Promise(() => undefined) } });
    void h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    await h.timers.advance(1999);
    expect(h.transport.calls).toHaveLength(0);
    await h.timers.advance(1);
    expect(h.transport.calls).toHaveLength(1);
    expect(h.transport.params().get('mboxMCGVID')).toBe('v');
    expect([...h.transport.params().keys()].some((k) => k.startsWith('vst.'))).toBe(false);
    expect(h.warnings).toEqual([VISITOR_API_TIMED_OUT]);
  });

  it('sends the customer ids that come within 2000 ms, with their authState, and warns of nothing', async () => {
    let declare: (ids: Record<string, { id: string; authState: number }>) => void = noop;
    const h = setupClient({ visitorIds: { customerIds: () => new Promise((resolve) => (declare = resolve)) } });
    void h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    await h.timers.advance(1500);
    expect(h.transport.calls).toHaveLength(0);
    declare({ idUsuari: { id: 'u-42', authState: 1 }, idBigData: { id: 'bd-7', authState: 1 } });
    await h.timers.advance(0);
    expect(h.transport.calls).toHaveLength(1);
    const params = h.transport.params();
    expect([params.get('vst.idUsuari.id'), params.get('vst.idUsuari.authState'), params.get('vst.idBigData.id'), params.get('vst.idBigData.authState')]).toEqual(['u-42', '1', 'bd-7', '1']);
    expect(h.warnings).toEqual([]);
  });

  it('sends without the customer ids when they fail (§8)', async () => {
    const h = setupClient({ visitorIds: { customerIds: () => Promise.reject(new Error('down')) } });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    expect(h.transport.calls).toHaveLength(1);
    expect(h.warnings).toEqual([VISITOR_API_ERROR]);
  });

  it('drops customer ids without a string id', async () => {
    const h = setupClient({ visitorIds: { customerIds: () => ({ idUsuari: { id: '' }, idBigData: { id: 'b' } }) } });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    expect(h.transport.params().get('vst.idBigData.id')).toBe('b');
    expect(h.transport.params().has('vst.idUsuari.id')).toBe(false);
  });
});

describe('where requests go', () => {
  it('goes to the page origin when no server is configured', async () => {
    const h = setupClient({ options: { server: undefined } });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    expect(h.transport.calls[0]?.url.startsWith('https://www.example.cat/m2/mesura/mbox/json?')).toBe(true);
  });

  it('goes to the edge host an answer named, for 1860000 ms (§9)', async () => {
    const h = setupClient({ reply: { body: deliveryAnswer({ edgeHost: 'edge-2.example.cat' }) } });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    expect(h.transport.calls[1]?.url.startsWith('https://edge-2.example.cat/m2/mesura/mbox/json?')).toBe(true);
    await h.timers.advance(1_860_000);
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    expect(h.transport.calls[2]?.url.startsWith(`${SERVER}/m2/`)).toBe(true);
  });

  it('ignores an edge host that is not a host name', async () => {
    const h = setupClient({ reply: { body: deliveryAnswer({ edgeHost: 'evil.example/path?' }) } });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    await h.client.getOffer({ mbox: 'a', success: noop, error: noop });
    expect(h.transport.calls[1]?.url.startsWith(`${SERVER}/m2/`)).toBe(true);
  });

  it("fails with 'URL is required' when there is no server to send to (§8)", async () => {
    const h = setupClient({ options: { server: undefined } });
    Object.assign(h.deps.location, { origin: 'null' });
    const errors: string[] = [];
    await h.client.getOffer({ mbox: 'a', success: noop, error: (_s, m) => void errors.push(m) });
    await flush();
    expect(errors).toEqual([URL_REQUIRED]);
    expect(h.transport.calls).toHaveLength(0);
  });
});
