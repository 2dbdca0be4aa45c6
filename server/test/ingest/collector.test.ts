import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_BEACONS } from '@mesura/test-utils';
import { beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const RECEIVED_AT = Date.UTC(2026, 10, 23, 10, 0, 0);
// The commercial library's real beacons (shared/reference/samples), kept with the protocol's tests.
const SAMPLES = SAMPLE_BEACONS.map((sample) => new URL(sample.url));

let t: TestServer;

/**
 * A server for each test of the block, or one for the whole block when none of its requests may
 * store anything (refusals, a preflight): starting a server costs seconds.
 */
function startServer(each: 'test' | 'block') {
  const [before, after] = each === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    t = await startTestServer({}, () => RECEIVED_AT);
  }, 60_000);
  after(async () => {
    await t?.dispose();
  });
}

/**
 * The export lists hits in receive order (received_at, then event id): the samples are sent one
 * second apart, as a browser sends them, so that their order is the order they were sent in.
 */
async function restartWithTickingClock(): Promise<void> {
  await t.dispose();
  let secondsLater = 0;
  t = await startTestServer({}, () => RECEIVED_AT + 1000 * secondsLater++);
}

async function exported(): Promise<Record<string, unknown>[]> {
  const response = await t.server.app.inject({ url: '/api/export/events?from=2026-11-23&to=2026-11-23&format=json', headers: await t.authHeaders('analyst') });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.body) as Record<string, unknown>[];
}

describe('collector: GET image beacons', () => {
  startServer('test');
  it('answers a valid beacon with a 1×1 GIF and stores it by variable name', async () => {
    const hit = testHit({ pageName: 'noticies:el-temps-avui', eVars: { 1: 'noticies', 2: 'societat', 8: 'noticia' }, props: {} });
    const response = await t.server.app.inject({ url: beaconUrl(hit) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const [row] = await exported();
    expect(row).toMatchObject({
      event_id: hit.eventId,
      report_suite: 'mesuradev',
      hit_type: 'page_view',
      page_name: 'noticies:el-temps-avui',
      section: 'noticies',
      subsection: 'societat',
      page_type: 'noticia',
      received_at: '2026-11-23T10:00:00.000Z',
      day: '2026-11-23',
      visitor_id: '1F65FB944AFA1C05-25FBFAF16BF6E758',
    });
  });

  it('accepts every real beacon of the commercial measurement library', async () => {
    await restartWithTickingClock();
    for (const sample of SAMPLES) {
      const response = await t.server.app.inject({ url: `${sample.pathname}${sample.search}` });
      expect(response.statusCode, `${sample.search.slice(0, 80)}: ${response.body}`).toBe(200);
    }
    const rows = await t.server.app.inject({ url: '/api/export/events?from=2026-11-23&to=2026-11-23&suite=ccmaprod', headers: await t.authHeaders('analyst') });
    const stored = JSON.parse(rows.body) as Record<string, unknown>[];
    expect(stored).toHaveLength(SAMPLES.length);
    expect(stored.map((r) => r.hit_type)).toEqual(['page_view', 'link_o', 'link_d', 'page_view', 'page_view', 'link_o', 'link_d', 'page_view']);
    expect(stored[2]).toMatchObject({ link_url: 'https://other.com/x.pdf', visitor_id_source: 'fid' });
    expect(JSON.parse(String(stored[2]!.context_data))).toMatchObject({ 'a.activitymap.link': 'PDF' });
    expect(stored[4]).toMatchObject({ visitor_id_source: 'mid', visitor_id: '12345678901234567890123456789012345678' });
  });
});

describe('collector: drop-in for the commercial library (wire-formats §1)', () => {
  startServer('test');
  it('stores each sample beacon with its page name, URL, referrer, events, named variables, link and context data', async () => {
    await restartWithTickingClock();
    for (const sample of SAMPLES) {
      expect((await t.server.app.inject({ url: `${sample.pathname}${sample.search}` })).statusCode).toBe(200);
    }
    const stored = JSON.parse((await t.server.app.inject({ url: '/api/export/events?from=2026-11-23&to=2026-11-23&suite=ccmaprod', headers: await t.authHeaders('analyst') })).body) as Record<
      string,
      unknown
    >[];
    const [pageView, customLink, download, overrides] = stored;
    expect(pageView).toMatchObject({
      page_name: 'ccma:portada',
      url: 'https://www.example.cat/?utm=1',
      referrer: 'https://www.google.com/',
      channel: 'home',
      hit_type: 'page_view',
      section: 'v1',
      library_version: 'JS-2.27.0',
    });
    expect(JSON.parse(String(pageView!.events))).toEqual([
      { id: 1, name: 'pageView' },
      { id: 2, name: 'search', value: 3 },
    ]);
    expect(JSON.parse(String(pageView!.context_data))).toEqual({ 'ccma.seccio': 'noticies' });
    expect(JSON.parse(String(pageView!.other_variables))).toEqual({ h1: 'a,b', l1: 'x,y' });
    expect(customLink).toMatchObject({ hit_type: 'link_o', link_name: 'Play button', referrer: null, section: 'clicked' });
    expect(JSON.parse(String(customLink!.events))).toEqual([{ id: 5, name: 'download' }]);
    expect(download).toMatchObject({ hit_type: 'link_d', link_url: 'https://other.com/x.pdf' });
    expect(JSON.parse(String(download!.context_data))).toEqual({
      'a.activitymap.page': 'ccma:portada',
      'a.activitymap.link': 'PDF',
      'a.activitymap.region': 'BODY',
      'a.activitymap.pageIDType': '1',
    });
    expect(overrides).toMatchObject({ page_name: 'override:noticia', subsection_level1: 'via-overrides' });
    expect(stored.slice(0, 4).map((r) => r.visitor_id_source)).toEqual(['fid', 'fid', 'fid', 'fid']);
    expect(stored.slice(4).map((r) => r.visitor_id_source)).toEqual(['mid', 'mid', 'mid', 'mid']);
  });
});

describe('collector: POST beacons', () => {
  startServer('test');
  it.each([{ contentType: 'text/plain;charset=UTF-8' }, { contentType: 'application/x-www-form-urlencoded;charset=UTF-8' }])('stores a $contentType body and answers 204', async ({ contentType }) => {
    const hit = testHit();
    const [pathPart, query] = beaconUrl(hit).split('?');
    const response = await t.server.app.inject({ method: 'POST', url: pathPart, payload: query, headers: { 'content-type': contentType } });
    expect(response.statusCode).toBe(204);
    expect((await exported()).map((r) => r.event_id)).toEqual([hit.eventId]);
  });

  it('refuses a body over the limit with 413 and stores nothing', async () => {
    const [pathPart] = beaconUrl(testHit()).split('?');
    const response = await t.server.app.inject({
      method: 'POST',
      url: pathPart,
      payload: `AQB=1&c1=${'x'.repeat(70_000)}&AQE=1`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'request body is larger than the collector accepts', code: 'MESURA_ERR_BODY_TOO_LARGE' });
    expect(await exported()).toEqual([]);
  });
});

describe('collector: bad input', () => {
  startServer('block');
  it('answers a truncated beacon with 400 and its reason, stores nothing and stays up', async () => {
    const url = beaconUrl(testHit()).replace(/&AQE=1$/, '');
    const response = await t.server.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MESURA_ERR_BAD_BEACON');
    expect(response.json().error).toMatch(/AQE/);
    expect(await exported()).toEqual([]);
    expect((await t.server.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers a beacon without a visitor id with 400', async () => {
    const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: {} })) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/visitor id/);
  });

  it('answers a path that is not a beacon address with 400', async () => {
    const response = await t.server.app.inject({ url: '/b/ss/mesuradev/1/?AQB=1&AQE=1' });
    expect(response.statusCode).toBe(400);
  });
});

describe('collector: garbage in', () => {
  startServer('test');
  it('answers 200 damaged requests with 2xx or a 4xx one-line reason and stays up', async () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const [good] = beaconUrl(testHit()).split('?');
    for (let i = 0; i < 200; i++) {
      const cut = Math.floor(next() * 300);
      const query = beaconUrl(testHit()).split('?')[1]!;
      const damaged = `${query.slice(0, cut)}%E0%A4%A&\u0000${query.slice(cut + Math.floor(next() * 20))}`;
      const response =
        i % 2 === 0 ? await t.server.app.inject({ url: `${good}?${damaged}` }) : await t.server.app.inject({ method: 'POST', url: good!, payload: damaged, headers: { 'content-type': 'text/plain' } });
      expect(response.statusCode === 200 || response.statusCode === 204 || response.statusCode === 400, response.body).toBe(true);
      if (response.statusCode === 400) expect(response.json().error).not.toMatch(/\n/);
    }
    expect((await t.server.app.inject({ url: '/healthz' })).json().status).toBe('ok');
  });
});

describe('collector: enrichment', () => {
  startServer('test');
  it('stores the anonymised address, never the raw one', async () => {
    await t.server.app.inject({ url: beaconUrl(testHit()), remoteAddress: '203.0.113.57' });
    await t.server.app.inject({ url: beaconUrl(testHit()), remoteAddress: '2001:db8:85a3:8d3:1319:8a2e:370:7348' });
    const rows = await exported();
    expect(rows.map((r) => r.ip_anonymised)).toEqual(['203.0.113.0', '2001:db8:85a3::']);
    const csv = await t.server.app.inject({ url: '/api/export/events?from=2026-11-23&to=2026-11-23&format=csv', headers: await t.authHeaders('analyst') });
    expect(csv.body).not.toContain('203.0.113.57');
    expect(csv.body).not.toContain('1319:8a2e');
  });

  it('classifies the device and flags known bots', async () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    await t.server.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': phone } });
    await t.server.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': bot } });
    const rows = await exported();
    expect(rows.map((r) => [r.device_class, r.is_bot])).toEqual([
      ['mobile', false],
      ['desktop', true],
    ]);
  });

  it('stores a multi-suite beacon once per suite', async () => {
    await t.server.app.inject({ url: beaconUrl(testHit(), 'page_view', ['mesuradev', 'mesuraglobal']) });
    const dev = await exported();
    const global = JSON.parse((await t.server.app.inject({ url: '/api/export/events?from=2026-11-23&to=2026-11-23&suite=mesuraglobal', headers: await t.authHeaders('analyst') })).body);
    expect(dev).toHaveLength(1);
    expect(global).toHaveLength(1);
  });

  it('stores a retried beacon once', async () => {
    const url = beaconUrl(testHit());
    expect((await t.server.app.inject({ url })).statusCode).toBe(200);
    expect((await t.server.app.inject({ url })).statusCode).toBe(200);
    expect(await exported()).toHaveLength(1);
  });
});

describe('collector: CORS', () => {
  startServer('block');
  it('answers a preflight from the site origin with credentials allowed', async () => {
    const response = await t.server.app.inject({
      method: 'OPTIONS',
      url: '/b/ss/mesuradev/1/MESURA-0.1.0/s1',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
  });

  it('refuses a POST from another origin with 403 and grants it no CORS headers', async () => {
    const [pathPart, query] = beaconUrl(testHit()).split('?');
    const response = await t.server.app.inject({
      method: 'POST',
      url: pathPart,
      payload: query,
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(await exported()).toEqual([]);
  });
});
