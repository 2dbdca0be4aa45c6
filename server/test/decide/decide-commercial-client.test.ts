/**
 * Contract with the commercial personalisation library (1.x, e.g. 1.8.2), which a page may still
 * run pointed at Mesura. The library cannot be run here (not on npm, no
 * network), so its requests are written by hand from wire-formats §3, independently of
 * @mesura/protocol's encoder, and sent over a real socket to the listening server (the node:http
 * hot path a browser reaches): cross-origin, with credentials, with only the headers a browser and
 * a script would send. The answers are checked against the §3 response shape and against what the
 * library needs to render an action and report a click, as a public copy of its 1.6.1 source
 * shows (read, not run): the action fields it checks, and its click beacon, a POST with every
 * parameter in the URL.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_ACTIONS, parseDeliveryResponse, type Activity, type DeliveryAction, type DeliveryResponse } from '@mesura/protocol';
import { BROWSER_UA, startTestServer, type TestServer } from '../helpers/test-server.js';

/** The page's origin: another site than the decision server's, as in production. */
const SITE_ORIGIN = 'https://www.mesura.cat';
const ARTICLE_URL = `${SITE_ORIGIN}/noticia/1001/parlament-aprova-llei-habitatge-assequible`;
const LIBRARY_VERSION = '1.8.2';
const CET_OFFSET_MIN = 60;
const PAGE_LOADED_AT_MS = Date.UTC(2026, 0, 15, 10);
const MESURA_DEVICE_ID = `${'0f1e2d3c4b5a6978'.repeat(2)}.1_0`;
/** The shape of a device id the commercial servers gave: a page moving to Mesura still has it in its cookie. */
const COMMERCIAL_DEVICE_ID = '1485966393829-475318.28_14';

/** §3's response: nothing else at the top level, nothing else in an offer. */
const RESPONSE_KEYS = ['sessionId', 'tntId', 'edgeHost', 'offers', 'disabled'];
const OFFER_KEYS = ['actions', 'html', 'json', 'redirect', 'responseTokens', 'clickToken'];

/**
 * Fetch standard: a GET or POST whose script-set headers are all CORS-safelisted is a "simple"
 * request, sent without a preflight; the Content-Type must then be one of these three.
 */
const SAFELISTED_HEADERS = ['accept', 'accept-language', 'content-language', 'content-type'];
const SIMPLE_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

type Params = Record<string, string | undefined>;

/** Every parameter §3 lists, in its order, as a 1.x page on article 1001 fills them; `undefined` leaves one out. */
function pageParams(overrides: Params = {}): [string, string][] {
  const params: Params = {
    mbox: 'target-global-mbox',
    mboxSession: '6b3e4c1d9a2f4e0b8c7d5a3f1e2b4c6d',
    mboxPC: MESURA_DEVICE_ID,
    mboxPage: 'c0a8f3e2b1d04e5f9a8b7c6d5e4f3a2b',
    mboxRid: '9d8c7b6a5f4e4d3c2b1a0f9e8d7c6b5a',
    mboxVersion: LIBRARY_VERSION,
    mboxCount: '1',
    // The library's clock shifted by its time-zone offset.
    mboxTime: String(PAGE_LOADED_AT_MS + CET_OFFSET_MIN * 60_000),
    mboxHost: 'www.mesura.cat',
    mboxURL: ARTICLE_URL,
    mboxReferrer: 'https://www.google.com/',
    browserHeight: '789',
    browserWidth: '1280',
    browserTimeOffset: String(CET_OFFSET_MIN),
    screenHeight: '1080',
    screenWidth: '1920',
    colorDepth: '24',
    devicePixelRatio: '1.25',
    screenOrientation: 'landscape',
    mboxXDomain: 'enabled',
    mboxMCGVID: '08734225013720589562738574019371920456',
    'vst.idUsuari.id': 'u-1234',
    'vst.idUsuari.authState': '0',
    // Page parameters, as plain keys.
    seccio: 'politica',
    'entity.id': '1001',
    ...overrides,
  };
  return Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** As the library writes a query or a form body: each name and value percent-encoded. */
const formEncode = (params: [string, string][]) => params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

interface PageRequest {
  method: 'GET' | 'POST' | 'OPTIONS';
  path: string;
  /** Headers the library's script sets itself (XMLHttpRequest.setRequestHeader). */
  scriptHeaders?: Record<string, string>;
  /** Headers of a preflight, which the browser writes. */
  browserHeaders?: Record<string, string>;
  body?: string;
  origin?: string;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

let t: TestServer;
let port: number;

beforeEach(async () => {
  // A cohort of one: the reports here count each of a few visitors.
  t = await startTestServer({ MESURA_SITE_ORIGINS: SITE_ORIGIN, MESURA_MIN_COHORT: '1' });
  await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.server.app.server.address() as AddressInfo).port;
});
afterEach(() => t.dispose());

/** One request as a browser sends a credentialed cross-origin XMLHttpRequest from the page. */
function send(server: { port: number }, req: PageRequest): Promise<Answer> {
  const headers = {
    // What the browser adds: the page's origin and address, its cookies for the server's host.
    Origin: req.origin ?? SITE_ORIGIN,
    Referer: ARTICLE_URL,
    'User-Agent': BROWSER_UA,
    Accept: '*/*',
    'Accept-Language': 'ca,es;q=0.8,en;q=0.5',
    Cookie: 'mesura_cid=1F65FB944AFA1C05-25FBFAF16BF6E758',
    ...req.browserHeaders,
    ...req.scriptHeaders,
    // A browser's POST says its length, 0 for a beacon with no body.
    ...(req.method === 'POST' && { 'Content-Length': String(Buffer.byteLength(req.body ?? '')) }),
  };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: server.port, method: req.method, path: req.path, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

const get = (params: [string, string][], clientCode = 'mesura', server = { port }) => send(server, { method: 'GET', path: `/m2/${clientCode}/mbox/json?${formEncode(params)}` });
const post = (params: [string, string][], clientCode = 'mesura') =>
  send({ port }, { method: 'POST', path: `/m2/${clientCode}/mbox/json`, scriptHeaders: { 'Content-Type': FORM_CONTENT_TYPE }, body: formEncode(params) });

/** A 200 with credentialed CORS for the page and a body in §3's shape, and nothing more; the parsed answer. */
function expectWireAnswer(answer: Answer): DeliveryResponse {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
  expect(answer.headers['access-control-allow-credentials']).toBe('true');
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const json: unknown = JSON.parse(answer.text);
  const parsed = parseDeliveryResponse(json);
  if (!parsed.ok) throw new Error(parsed.reason);
  expect(RESPONSE_KEYS).toEqual(expect.arrayContaining(Object.keys(parsed.value)));
  expect(Array.isArray((json as { offers?: unknown }).offers)).toBe(true);
  for (const offer of parsed.value.offers) {
    expect(OFFER_KEYS).toEqual(expect.arrayContaining(Object.keys(offer)));
    for (const action of offer.actions ?? []) {
      expect(DELIVERY_ACTIONS).toContain(action.action);
      expect(droppedByCommercialLibrary(action), JSON.stringify(action)).toBeUndefined();
    }
  }
  return parsed.value;
}

const isText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * Why the 1.x library would drop an action before rendering it, or undefined when it renders it:
 * its per-type checks, as its published source (1.6.1) makes them. It also takes any action with a
 * `url` for a redirect.
 */
function droppedByCommercialLibrary(action: DeliveryAction): string | undefined {
  if (action.action !== 'redirect' && action.url !== undefined) return 'a url would make it a redirect';
  switch (action.action) {
    case 'setContent':
    case 'appendContent':
    case 'prependContent':
    case 'replaceContent':
    case 'insertBefore':
    case 'insertAfter':
      return typeof action.content === 'string' ? undefined : 'content is not text';
    case 'setAttribute':
      return isText(action.attribute) && isText(action.value) ? undefined : 'no attribute or value';
    case 'setStyle':
      return isText(action.property) && isText(action.value) ? undefined : 'no property or value';
    case 'rearrange':
      return Number.isNaN(Number(action.from)) || Number.isNaN(Number(action.to)) ? 'no from or to' : undefined;
    case 'redirect':
      return isText(action.url) ? undefined : 'no url';
    case 'trackClick':
      return isText(action.clickTrackId) ? undefined : 'no click track id';
    case 'remove':
      return undefined;
    default:
      return `an action type it does not render: ${action.action}`;
  }
}

const experienceOf = (response: DeliveryResponse) => response.offers.map((o) => `${o.responseTokens?.['activity.id']}/${o.responseTokens?.['experience.id']}`);

describe('a page running the commercial 1.x library', () => {
  it('gets its offers for a GET with every §3 parameter, cross-origin with credentials', async () => {
    const answer = await get(pageParams());
    const response = expectWireAnswer(answer);
    expect(answer.headers.vary).toMatch(/Origin/);
    expect(response.sessionId).toBe('6b3e4c1d9a2f4e0b8c7d5a3f1e2b4c6d');
    expect(response.tntId).toBe(MESURA_DEVICE_ID);
    // The global mbox on article 1001: the headline test, with the click goal's tracking.
    expect(response.offers).toHaveLength(1);
    const [offer] = response.offers;
    expect(offer!.responseTokens).toMatchObject({ 'activity.id': 'titular-1001' });
    expect(offer!.clickToken).toBe(`titular-1001.${offer!.responseTokens!['experience.id']}`);
    expect(offer!.actions!.at(-1)).toEqual({ action: 'trackClick', selector: '.article-actions button', clickTrackId: offer!.clickToken });
  });

  it('gets the same answer for the same parameters form-encoded in a POST', async () => {
    const viaGet = expectWireAnswer(await get(pageParams()));
    const viaPost = expectWireAnswer(await post(pageParams()));
    expect(viaPost).toEqual(viaGet);
  });

  it('needs no preflight: GET and the form POST set only CORS-safelisted headers; a preflight is answered all the same', async () => {
    const isSimple = (method: string, scriptHeaders: Record<string, string>) =>
      ['GET', 'POST'].includes(method) &&
      Object.entries(scriptHeaders).every(
        ([name, value]) => SAFELISTED_HEADERS.includes(name.toLowerCase()) && (name.toLowerCase() !== 'content-type' || SIMPLE_CONTENT_TYPES.includes(value.split(';')[0]!.trim())),
      );
    // The two requests the tests above sent, and answered with no custom header.
    expect(isSimple('GET', {})).toBe(true);
    expect(isSimple('POST', { 'Content-Type': FORM_CONTENT_TYPE })).toBe(true);
    expectWireAnswer(await send({ port }, { method: 'POST', path: '/m2/mesura/mbox/json', scriptHeaders: { 'Content-Type': `${FORM_CONTENT_TYPE}; charset=UTF-8` }, body: formEncode(pageParams()) }));
    const preflight = await send(
      { port },
      {
        method: 'OPTIONS',
        path: '/m2/mesura/mbox/json',
        browserHeaders: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      },
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['access-control-allow-methods']).toMatch(/POST/);
  });

  it('gets a new tntId without mboxPC, and keeps its assignment when it sends that tntId back as mboxPC', async () => {
    const firstVisit = (i: number) => pageParams({ mboxPC: undefined, mboxMCGVID: undefined, mboxSession: `${i}`.padStart(32, 'a') });
    const first = expectWireAnswer(await get(firstVisit(0)));
    expect(first.tntId).toMatch(/^[0-9a-f]{32}\.1_0$/);
    expect(expectWireAnswer(await get(firstVisit(0))).tntId).not.toBe(first.tntId);
    // Before it has a device id a page may send the parameter empty: the same as none.
    expect(expectWireAnswer(await get(pageParams({ mboxPC: '', mboxMCGVID: undefined }))).tntId).toMatch(/^[0-9a-f]{32}\.1_0$/);
    for (let i = 1; i <= 10; i++) {
      const visit = expectWireAnswer(await get(firstVisit(i)));
      const next = pageParams({ mboxPC: visit.tntId, mboxMCGVID: undefined, mboxSession: visit.sessionId, mboxRid: `rid-${i}`, mboxCount: '2' });
      const again = expectWireAnswer(await get(next));
      expect(again.tntId).toBe(visit.tntId);
      expect(again.sessionId).toBe(visit.sessionId);
      expect(experienceOf(again)).toEqual(experienceOf(visit));
    }
  });

  it('keeps the assignment of a device id the commercial servers issued', async () => {
    const one = expectWireAnswer(await get(pageParams({ mboxPC: COMMERCIAL_DEVICE_ID })));
    const two = expectWireAnswer(await get(pageParams({ mboxPC: COMMERCIAL_DEVICE_ID, mboxSession: 'f'.repeat(32), mboxPage: 'another-page', mboxCount: '1' })));
    expect(one.tntId).toBe(COMMERCIAL_DEVICE_ID);
    expect(two.tntId).toBe(COMMERCIAL_DEVICE_ID);
    expect(experienceOf(two)).toEqual(experienceOf(one));
  });

  it('is targeted by the customer ids and page parameters it sends', async () => {
    const targeted: Activity = {
      id: 'contracte',
      name: 'Contracte 1.x',
      type: 'xt',
      status: 'active',
      mboxes: ['contracte'],
      priority: 0,
      reshuffle: 0,
      experiences: [
        { id: 'sessio', name: 'Amb sessió', share: 0, audience: { loggedIn: true } },
        { id: 'esports', name: 'Esports', share: 0, audience: { params: { seccio: 'esports' } } },
      ],
      goal: { type: 'click', selector: '.cta' },
    };
    expect((await t.server.app.inject({ method: 'PUT', url: '/api/activities/contracte', payload: targeted, headers: await t.authHeaders('editor') })).statusCode).toBe(200);
    const experience = async (overrides: Params) => experienceOf(expectWireAnswer(await get(pageParams({ mbox: 'contracte', ...overrides }))));
    expect(await experience({ 'vst.idUsuari.authState': '1' })).toEqual(['contracte/sessio']);
    expect(await experience({ seccio: 'esports' })).toEqual(['contracte/esports']);
    expect(await experience({})).toEqual([]);
  });

  it('is not refused for parameters beyond the list of §3: they are read as page parameters', async () => {
    const extras: Params = {
      webGLRenderer: 'ANGLE (Intel)',
      mboxMCSDID: '1A2B3C4D5E6F7A8B-0123456789ABCDEF',
      mboxMCGLH: '6',
      mboxAAMB: 'j8Odv6LonN4r3an7LhD3WZrU1bUpAkFkkiY1ncBR96t2PTI',
      'vst.trk': 'metrics.mesura.cat',
      'vst.trks': 'smetrics.mesura.cat',
    };
    const withExtras = expectWireAnswer(await get(pageParams(extras)));
    expect(experienceOf(withExtras)).toEqual(experienceOf(expectWireAnswer(await get(pageParams()))));
  });

  it('gets every action type it renders in the form it reads, a multi-property style split per property', async () => {
    const actions: DeliveryAction[] = [
      { action: 'setContent', selector: 'h1', content: '<em>Nou</em>' },
      { action: 'setText', selector: 'h2', content: 'Subtítol nou' },
      { action: 'appendContent', selector: 'main', content: '<p>Final</p>' },
      { action: 'prependContent', selector: 'main', content: '<p>Inici</p>' },
      { action: 'replaceContent', selector: '.vell', content: '<div class="nou"></div>' },
      { action: 'insertBefore', selector: 'h1', content: '<span>Abans</span>' },
      { action: 'insertAfter', selector: 'h1', content: '<span>Després</span>' },
      { action: 'setAttribute', selector: 'a.cta', content: { href: '/subscriu', title: 'Subscriu-te' } },
      { action: 'setStyle', selector: 'ul.forecast', content: { display: 'grid', gap: '1rem', priority: 'important' } },
      { action: 'rearrange', selector: 'ul.forecast', content: { from: 0, to: 2 } },
      { action: 'remove', selector: '.anunci' },
    ];
    const every: Activity = {
      id: 'totes-accions',
      name: 'Totes les accions',
      type: 'ab',
      status: 'active',
      mboxes: ['accions'],
      priority: 0,
      reshuffle: 0,
      experiences: [{ id: 'unica', name: 'Única', share: 1, offer: { id: 'o', name: 'Oferta', actions } }],
      goal: { type: 'click', selector: '.cta' },
    };
    const redirect: Activity = {
      ...every,
      id: 'redireccio',
      mboxes: ['redireccio'],
      experiences: [{ id: 'unica', name: 'Única', share: 1, offer: { id: 'r', name: 'Redirecció', actions: [{ action: 'redirect', content: 'https://www.mesura.cat/nou' }] } }],
    };
    for (const activity of [every, redirect]) {
      expect((await t.server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, payload: activity, headers: await t.authHeaders('editor') })).statusCode).toBe(200);
    }
    // expectWireAnswer checks each action against the library's own checks.
    const [offer] = expectWireAnswer(await get(pageParams({ mbox: 'accions' }))).offers;
    const styles = offer!.actions!.filter((a) => a.action === 'setStyle');
    expect(styles.map((a) => [a.property, a.value, a.priority])).toEqual([
      ['display', 'grid', 'important'],
      ['gap', '1rem', 'important'],
    ]);
    expect(offer!.actions!.filter((a) => a.action === 'setAttribute').map((a) => [a.attribute, a.value])).toEqual([
      ['href', '/subscriu'],
      ['title', 'Subscriu-te'],
    ]);
    expect(offer!.actions!.at(-1)).toMatchObject({ action: 'trackClick', clickTrackId: 'totes-accions.unica' });
    const [redirected] = expectWireAnswer(await get(pageParams({ mbox: 'redireccio' }))).offers;
    expect(redirected!.actions![0]).toMatchObject({ action: 'redirect', url: 'https://www.mesura.cat/nou' });
  });

  it('has a click counted as it reports one: a POST for {mbox}-clicked with every parameter in the URL and no body', async () => {
    const visit = async (deviceId: string) => {
      const [offer] = expectWireAnswer(await get(pageParams({ mboxPC: deviceId }))).offers;
      return offer!.actions!.find((a) => a.action === 'trackClick')!.clickTrackId as string;
    };
    const clicked = (deviceId: string, param: string, token: string) => `/m2/mesura/mbox/json?${formEncode(pageParams({ mbox: 'target-global-mbox-clicked', mboxPC: deviceId, [param]: token }))}`;
    const devices = ['1', '2', '3'].map((n) => `${n.repeat(32)}.1_0`);
    const tokens = await Promise.all(devices.map(visit));
    // navigator.sendBeacon(url): no body, no Content-Type.
    const beacon = await send({ port }, { method: 'POST', path: clicked(devices[0]!, 'clickTrackId', tokens[0]!) });
    // Without sendBeacon, a synchronous XHR: the form Content-Type and still no body.
    const xhr = await send({ port }, { method: 'POST', path: clicked(devices[1]!, 'clickTrackId', tokens[1]!), scriptHeaders: { 'Content-Type': FORM_CONTENT_TYPE } });
    // An HTML offer's container reports its click as mboxTarget, with the offer's clickToken.
    const container = await send({ port }, { method: 'POST', path: clicked(devices[2]!, 'mboxTarget', tokens[2]!) });
    for (const answer of [beacon, xhr, container]) expect(expectWireAnswer(answer).offers).toEqual([]);
    const report = await t.server.app.inject({ url: '/api/reports/activities/titular-1001', headers: await t.authHeaders('analyst') });
    expect(report.json().totals).toEqual({ visitors: 3, conversions: 3, hidden: false });
  });

  it('cannot turn an ordinary request into a click: 1.x click parameters count only on {mbox}-clicked, and never empty', async () => {
    const [offer] = expectWireAnswer(await get(pageParams({ mboxPC: `${'4'.repeat(32)}.1_0` }))).offers;
    const token = offer!.actions!.find((a) => a.action === 'trackClick')!.clickTrackId as string;
    // A page parameter named like a click parameter, on the page's own mbox: decided as usual.
    const decided = expectWireAnswer(await get(pageParams({ mboxPC: `${'5'.repeat(32)}.1_0`, clickTrackId: token, mboxTarget: token })));
    expect(decided.offers).toHaveLength(1);
    const empty = expectWireAnswer(await get(pageParams({ mboxPC: `${'6'.repeat(32)}.1_0`, clickToken: '' })));
    expect(empty.offers).toHaveLength(1);
    // Impressions are written without being waited for: the report has them once they are durable.
    const totals = async () => (await t.server.app.inject({ url: '/api/reports/activities/titular-1001', headers: await t.authHeaders('analyst') })).json().totals;
    await expect.poll(totals).toEqual({ visitors: 3, conversions: 0, hidden: false });
  });

  it('gets no CORS grant from an origin the site list does not name', async () => {
    const answer = await send({ port }, { method: 'GET', path: `/m2/mesura/mbox/json?${formEncode(pageParams())}`, origin: 'https://elsewhere.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers).not.toHaveProperty('access-control-allow-origin');
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'MESURA_ERR_ORIGIN_NOT_ALLOWED' });
  });

  it('reads the edge host and the disabled notice where §3 puts them', async () => {
    const operated = await startTestServer({ MESURA_SITE_ORIGINS: SITE_ORIGIN, MESURA_DECISION_EDGE_HOST: 'edge.mesura.cat:8443', MESURA_DELIVERY_DISABLED_MS: 'mesura:86400000' });
    try {
      await operated.server.app.listen({ port: 0, host: '127.0.0.1' });
      const server = { port: (operated.server.app.server.address() as AddressInfo).port };
      const answer = await get(pageParams(), 'mesura', server);
      const response = expectWireAnswer(answer);
      expect(Object.keys(JSON.parse(answer.text))).toEqual(RESPONSE_KEYS);
      expect(response).toMatchObject({ tntId: MESURA_DEVICE_ID, edgeHost: 'edge.mesura.cat:8443', offers: [], disabled: { duration: 86_400_000 } });
      expect(response.disabled!.message).toMatch(/^Personalisation delivery .* switched off .*\.$/);
    } finally {
      await operated.dispose();
    }
  });
});
