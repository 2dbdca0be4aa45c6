import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heartbeatReasons } from '@mesura/protocol';
import { deliver, heartbeatsOf, queryOf, replay, REPLAY_DAY, REPLAY_EPOCH_MS, type ReplayedRequest } from '../helpers/media.js';
import { storedHeartbeats } from '../helpers/stored-heartbeats.js';
import { BROWSER_UA, startTestServer, type TestServer } from '../helpers/test-server.js';

let t: TestServer;
let clock = REPLAY_EPOCH_MS;
const setClock = (ms: number) => (clock = ms);
let preroll: ReplayedRequest[];

/**
 * A server for each test of the block, or one for the whole block when none of its requests may
 * store anything (refusals, a request for the site): starting a server costs seconds.
 */
function startServer(each: 'test' | 'block') {
  const [before, after] = each === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    clock = REPLAY_EPOCH_MS;
    t = await startTestServer({}, () => clock);
    preroll = heartbeatsOf(await replay('preroll-ads-chapter-seek.json'));
  }, 60_000);
  after(async () => {
    await t?.dispose();
  });
}

async function sessions(suite = 'mesuraprod', extra = ''): Promise<Record<string, unknown>[]> {
  const response = await t.server.app.inject({ url: `/api/reports/media/sessions?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=${suite}${extra}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode).toBe(200);
  return response.json().sessions;
}

/** A heartbeat of the replay, with some keys replaced (undefined removes one). */
function variant(index: number, changes: Record<string, string | undefined>): string {
  const params: Record<string, string> = { ...preroll[index]!.params };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete params[key];
    else params[key] = value;
  }
  return queryOf(params);
}

describe('heartbeat ingest at /hb/ (wire-formats §2)', () => {
  describe('stored', () => {
    startServer('test');

    it('answers every heartbeat of a replayed playback with a 1×1 GIF once stored', async () => {
      for (const heartbeat of preroll) {
        const response = await t.server.app.inject({ url: `/hb/?${queryOf(heartbeat.params)}`, headers: { 'user-agent': BROWSER_UA } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/gif');
        expect(response.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      }
      expect(await sessions()).toMatchObject([{ sessionId: '1767225600000605992674', contentId: 'tn-2026-01-01' }]);
      await t.server.close();
      expect(await storedHeartbeats(t.dataDir)).toHaveLength(preroll.length);
    });

    it('accepts heartbeats at / when the query carries heartbeat keys (a dedicated tracking host)', async () => {
      await deliver(t, preroll, setClock, { heartbeatPath: '/' });
      expect(await sessions()).toHaveLength(1);
    });

    it('answers damaged requests with a one-line 4xx and stays up', async () => {
      const damaged = [
        '/hb/',
        '/hb/?%',
        '/hb/?s:event:type=play&s:event:type=play',
        `/hb/?${queryOf(preroll[0]!.params)}&l:event:ts=%FF`,
        '/hb?\u0000',
        `/hb/?${queryOf(preroll[0]!.params)}&s:meta:bad=%ED%A0%BD%FF`,
      ];
      for (const url of damaged) {
        const response = await t.server.app.inject({ url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error).not.toContain('\n');
      }
      await deliver(t, preroll.slice(0, 3), setClock);
      expect(await sessions()).toHaveLength(1);
    });

    it('stores every heartbeat it acknowledged, whatever its values hold', async () => {
      const urls = [
        variant(5, { 's:asset:pod_position': '1.5' }),
        variant(5, { 's:asset:pod_position': '1e30', 'l:event:ts': '1' }),
        variant(5, { 's:asset:name': 'a\u0000b', 'l:event:ts': '2' }),
        variant(5, { 's:meta:emoji': 'é😀\u0001', 'l:event:ts': '3' }),
        variant(5, { 's:meta:other': 'x', 'l:event:ts': '4' }),
      ];
      for (const url of urls) expect((await t.server.app.inject({ url: `/hb/?${url}` })).statusCode).toBe(200);
      await t.server.close();
      const rows = await storedHeartbeats(t.dataDir);
      expect(rows.map((r) => r.pod_position)).toEqual([null, '1', '1', '1', '1']);
      expect(rows).toHaveLength(urls.length);
    });
  });

  describe('refused, or left to the site', () => {
    startServer('block');

    it('leaves a request to / without heartbeat keys to the site', async () => {
      const response = await t.server.app.inject({ url: '/?utm_source=newsletter&s=1' });
      expect(response.headers['content-type']).not.toBe('image/gif');
      expect(response.body).not.toContain('MESURA_ERR_BAD_HEARTBEAT');
      expect(await sessions('mesuraprod', '&includeBots=true')).toEqual([]);
    });

    it.each([
      ['without a session id', { 's:event:sid': undefined }, heartbeatReasons.missingHeartbeatKey('s:event:sid')],
      ['of an unknown type', { 's:event:type': 'rewind' }, heartbeatReasons.unknownHeartbeatEventType('rewind')],
      ['with a long that is not a number', { 'l:event:duration': '1.5' }, heartbeatReasons.malformedHeartbeatLong('l:event:duration', '1.5')],
      ['without a client time', { 'l:event:ts': undefined }, heartbeatReasons.missingHeartbeatKey('l:event:ts')],
      ['with a malformed report suite', { 's:sc:rsid': 'a b' }, "malformed s:sc:rsid 'a b': expected report suite ids separated by commas"],
    ])('answers a heartbeat %s with 400 and the reason, and stores nothing', async (_what, changes, reason) => {
      const response = await t.server.app.inject({ url: `/hb/?${variant(0, changes)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: reason, code: 'MESURA_ERR_BAD_HEARTBEAT' });
      expect(await sessions('mesuraprod', '&includeBots=true')).toEqual([]);
    });

    it('refuses other methods with 405', async () => {
      const response = await t.server.app.inject({ method: 'POST', url: `/hb/?${queryOf(preroll[0]!.params)}`, payload: '' });
      expect(response.statusCode).toBe(405);
      expect(response.json().code).toBe('MESURA_ERR_METHOD_NOT_ALLOWED');
    });
  });
});

describe('heartbeat CORS, like beacons', () => {
  startServer('test');
  it('echoes an allowed origin with credentials and answers its preflight', async () => {
    const url = `/hb/?${queryOf(preroll[0]!.params)}`;
    const response = await t.server.app.inject({ url, headers: { origin: 'http://localhost:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await t.server.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
  });

  it('refuses another origin with 403 and stores nothing', async () => {
    const response = await t.server.app.inject({ url: `/hb/?${queryOf(preroll[0]!.params)}`, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(await sessions('mesuraprod', '&includeBots=true')).toEqual([]);
  });
});

describe('heartbeat enrichment, like beacons', () => {
  startServer('test');
  it('stores the receive time, local day, device class and anonymised address, never the raw one', async () => {
    clock = Date.UTC(2026, 0, 1, 23, 30); // 00:30 on 2 January in Barcelona
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
    const url = `/hb/?${queryOf(preroll[0]!.params)}`;
    expect((await t.server.app.inject({ url, remoteAddress: '203.0.113.57', headers: { 'user-agent': phone } })).statusCode).toBe(200);
    await t.server.close();
    const [row] = await storedHeartbeats(t.dataDir);
    expect(row).toMatchObject({
      received_at: '2026-01-01 23:30:00',
      day: '2026-01-02',
      device_class: 'mobile',
      is_bot: false,
      ip_anonymised: '203.0.113.0',
      session_id: '1767225600000605992674',
      event_type: 'start',
      programme: 'Telenotícies',
      report_suite: 'mesuraprod',
    });
    expect(JSON.stringify(row)).not.toContain('203.0.113.57');
  });

  it('flags known bots and leaves their sessions out of reports unless includeBots=true', async () => {
    await deliver(t, preroll, setClock, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(await sessions()).toEqual([]);
    expect(await sessions('mesuraprod', '&includeBots=true')).toMatchObject([{ isBot: true }]);
  });

  it('stores a heartbeat for two report suites once per suite, and one without a suite in the server suite', async () => {
    const headers = { 'user-agent': BROWSER_UA };
    await t.server.app.inject({ url: `/hb/?${variant(0, { 's:sc:rsid': 'mesuraprod,mesuraglobal' })}`, headers });
    await t.server.app.inject({ url: `/hb/?${variant(1, { 's:sc:rsid': undefined })}`, headers });
    expect(await sessions('mesuraprod')).toHaveLength(1);
    expect(await sessions('mesuraglobal')).toHaveLength(1);
    expect(await sessions('mesuradev')).toHaveLength(1);
  });
});
