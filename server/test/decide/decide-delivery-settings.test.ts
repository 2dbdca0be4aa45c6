/**
 * The operator's delivery settings: MESURA_DECISION_EDGE_HOST (`edgeHost` in every answer) and
 * MESURA_DELIVERY_DISABLED_MS (`disabled` instead of a decision), read at start and answered.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeDeliveryQuery, parseDeliveryResponse, type DeliveryRequest } from '@mesura/protocol';
import { loadConfig } from '../../src/config.js';
import type { ActivityIndex } from '../../src/decide/activity-index.js';
import { deliver, disabledNotice } from '../../src/decide/delivery.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, startTestServer, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2026, 0, 15, 10);
const HOUR_MS = 3_600_000;
const DEVICE_ID = `${'d'.repeat(32)}.1_0`;

function request(overrides: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return articleDeliveryRequest(START, { deviceId: DEVICE_ID, ...overrides });
}

let t: TestServer | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

async function serve(env: Record<string, string>): Promise<TestServer> {
  t = await startTestServer(env, () => START);
  return t;
}

async function ask(server: TestServer, req: DeliveryRequest, clientCode = 'mesura'): Promise<Record<string, unknown>> {
  const response = await server.server.app.inject({ url: `/m2/${clientCode}/mbox/json?${encodeDeliveryQuery(req)}`, headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function visitorsOf(server: TestServer, activityId: string): Promise<{ visitors: number | null; conversions: number | null; hidden: boolean }> {
  const response = await server.server.app.inject({ url: `/api/reports/activities/${activityId}`, headers: await server.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().totals;
}

const load = (env: Record<string, string>) => () => loadConfig(env, '/repo');

describe('MESURA_DECISION_EDGE_HOST', () => {
  it('reads a host name or address with an optional port; unset or empty means none', () => {
    for (const host of ['edge.mesura.cat', 'edge.mesura.cat:8443', 'localhost', '10.0.0.7:8080', 'edge-1.eu.mesura.cat:65535']) {
      expect(load({ MESURA_DECISION_EDGE_HOST: host })().decisionEdgeHost).toBe(host);
    }
    expect(load({})().decisionEdgeHost).toBeUndefined();
    expect(load({ MESURA_DECISION_EDGE_HOST: '' })().decisionEdgeHost).toBeUndefined();
  });

  it.each([
    'https://edge.mesura.cat',
    'edge.mesura.cat/',
    'edge.mesura.cat:',
    'edge.mesura.cat:0',
    'edge.mesura.cat:65536',
    '-edge.mesura.cat',
    'edge..mesura.cat',
    '[::1]:8080',
    'edge mesura.cat',
    `${'a'.repeat(64)}.mesura.cat`,
  ])('refuses %j with a one-line error naming the variable', (bad) => {
    expect(load({ MESURA_DECISION_EDGE_HOST: bad })).toThrow(`MESURA_DECISION_EDGE_HOST must be a host name with an optional port, such as edge.example.com:8443, got '${bad}'`);
  });

  it('names the edge host in every answer: offers, no offers, a click, a POST', async () => {
    const server = await serve({ MESURA_DECISION_EDGE_HOST: 'edge.mesura.cat:8443' });
    const withOffer = await ask(server, request());
    expect(Object.keys(withOffer)).toEqual(['sessionId', 'tntId', 'edgeHost', 'offers']);
    expect(withOffer.edgeHost).toBe('edge.mesura.cat:8443');
    expect((withOffer.offers as unknown[]).length).toBe(1);
    expect((await ask(server, request({ mbox: 'cap' }))).edgeHost).toBe('edge.mesura.cat:8443');
    expect((await ask(server, request({ params: { clickToken: 'titular-1001.b' } }))).edgeHost).toBe('edge.mesura.cat:8443');
    const post = await server.server.app.inject({
      method: 'POST',
      url: '/m2/mesura/mbox/json',
      payload: encodeDeliveryQuery(request()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.json()).toEqual(withOffer);
    const parsed = parseDeliveryResponse(withOffer);
    expect(parsed.ok && parsed.value.edgeHost).toBe('edge.mesura.cat:8443');
  });

  it('leaves edgeHost out when unset, and out of refusals', async () => {
    const server = await serve({});
    expect(await ask(server, request())).not.toHaveProperty('edgeHost');
    await server.dispose();
    const withHost = await serve({ MESURA_DECISION_EDGE_HOST: 'edge.mesura.cat' });
    const bad = await withHost.server.app.inject({ url: '/m2/mesura/mbox/json?mboxSession=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).not.toHaveProperty('edgeHost');
  });
});

describe('MESURA_DELIVERY_DISABLED_MS', () => {
  it('reads clientCode:milliseconds by client code; unset means every code delivers', () => {
    const config = load({ MESURA_CLIENT_CODES: 'mesura,altre', MESURA_DELIVERY_DISABLED_MS: ' mesura:3600000 , altre:60000,' })();
    expect([...config.deliveryDisabledMs]).toEqual([
      ['mesura', 3_600_000],
      ['altre', 60_000],
    ]);
    expect(load({})().deliveryDisabledMs.size).toBe(0);
  });

  it.each([
    ['mesura', "must be a comma list of clientCode:milliseconds such as mesura:86400000, got 'mesura'"],
    ['mesura:0', "must be a comma list of clientCode:milliseconds such as mesura:86400000, got 'mesura:0'"],
    ['mesura:-5', "must be a comma list of clientCode:milliseconds such as mesura:86400000, got 'mesura:-5'"],
    ['mesura:1.5', "must be a comma list of clientCode:milliseconds such as mesura:86400000, got 'mesura:1.5'"],
    ['mesura:1e3', "must be a comma list of clientCode:milliseconds such as mesura:86400000, got 'mesura:1e3'"],
    ['mesura:99999999999999999999', "must be a comma list of clientCode:milliseconds such as mesura:86400000, got 'mesura:99999999999999999999'"],
    ['altre:60000', "names client code 'altre', which is not in MESURA_CLIENT_CODES (mesura)"],
    ['mesura:60000,mesura:120000', "names client code 'mesura' twice"],
  ])('refuses %j with a one-line error naming the variable', (bad, message) => {
    expect(load({ MESURA_DELIVERY_DISABLED_MS: bad })).toThrow(`MESURA_DELIVERY_DISABLED_MS ${message}`);
  });

  it('answers a switched-off client code 200 with no offers and the notice, which the client parser accepts', async () => {
    const server = await serve({ MESURA_DELIVERY_DISABLED_MS: `mesura:${HOUR_MS}`, MESURA_DECISION_EDGE_HOST: 'edge.mesura.cat' });
    const response = await server.server.app.inject({
      url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(request())}`,
      headers: { 'user-agent': BROWSER_UA, origin: 'http://localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['sessionId', 'tntId', 'edgeHost', 'offers', 'disabled']);
    expect(body).toEqual({
      sessionId: 'a'.repeat(32),
      tntId: DEVICE_ID,
      edgeHost: 'edge.mesura.cat',
      offers: [],
      disabled: { message: `Personalisation delivery for client code mesura is switched off by the server's operator; do not ask again for ${HOUR_MS} ms.`, duration: HOUR_MS },
    });
    const parsed = parseDeliveryResponse(body);
    expect(parsed.ok && parsed.value.disabled).toEqual(body.disabled);
  });

  it('makes no decision and records nothing, not even a click; other client codes deliver as before', async () => {
    // A cohort of one: the report below counts a single visitor.
    const server = await serve({ MESURA_CLIENT_CODES: 'mesura,altre', MESURA_DELIVERY_DISABLED_MS: `mesura:${HOUR_MS}`, MESURA_MIN_COHORT: '1' });
    expect((await ask(server, request())).disabled).toMatchObject({ duration: HOUR_MS });
    expect((await ask(server, request({ mbox: 'target-global-mbox' }))).offers).toEqual([]);
    expect((await ask(server, request({ params: { clickToken: 'titular-1001.b' } }))).disabled).toBeDefined();
    // Another visitor on the code still delivering: an impression, then a click, which is answered
    // once durable, and with it everything recorded before it. Had the switched-off requests
    // recorded anything, the report would count two visitors.
    const other = request({ deviceId: `${'e'.repeat(32)}.1_0` });
    const delivered = await ask(server, other, 'altre');
    expect(delivered).not.toHaveProperty('disabled');
    const [offer] = delivered.offers as { responseTokens: Record<string, string> }[];
    const experience = offer!.responseTokens['experience.id'];
    await ask(server, { ...other, params: { clickToken: `titular-1001.${experience}` } }, 'altre');
    expect(await visitorsOf(server, 'titular-1001')).toEqual({ visitors: 1, conversions: 1, hidden: false });
  });

  it('still refuses a bad request with its reason', async () => {
    const server = await serve({ MESURA_DELIVERY_DISABLED_MS: `mesura:${HOUR_MS}` });
    const bad = await server.server.app.inject({ url: '/m2/mesura/mbox/json?mboxSession=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'missing mbox: the request names no mbox', code: 'MESURA_ERR_BAD_DELIVERY_REQUEST' });
  });

  it('decides without reading the activities at all', () => {
    const untouchable: ActivityIndex = {
      get all(): never {
        throw new Error('read the activities');
      },
      get global(): never {
        throw new Error('read the activities');
      },
      forMbox: () => {
        throw new Error('read the activities');
      },
      byId: () => {
        throw new Error('read the activities');
      },
    };
    const disabled = disabledNotice('mesura', HOUR_MS);
    const delivered = deliver(untouchable, request({ params: { clickToken: 'titular-1001.b' } }), { device: 'desktop', nowMs: START, settings: { disabled } });
    expect(delivered).toEqual({ response: { sessionId: 'a'.repeat(32), tntId: DEVICE_ID, offers: [], disabled }, events: [], isConversion: false });
  });
});
