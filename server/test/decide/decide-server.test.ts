import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeDeliveryQuery, parseDeliveryResponse, type Activity, type DeliveryRequest, type DeliveryResponse } from '@mesura/protocol';
import { assignmentPoint, experienceAt } from '../../src/decide/assignment.js';
import { siteActivities } from '../../src/decide/site-activities.js';
import { PURPOSE_STORE_ACCESS, VENDOR_IDS } from '@mesura/consent';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { tcString } from '../helpers/tc-strings.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const START = Date.UTC(2026, 0, 15, 10);

// Starting a server costs seconds, so the file starts two, each shared by the tests that ask for its
// settings: one as configured by default and one showing a cohort of one. A test writes its own
// activity, on an mbox of its own (`activityId`), so none sees another's decisions or reports; the
// tests that need a first start or another consent policy start their own server.
let t: TestServer;
let base: TestServer;
let cohortOfOne: TestServer;
let clock = START;
let tests = 0;
let activityId = 'prova';

beforeAll(async () => {
  base = await startTestServer({}, () => clock);
  cohortOfOne = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
}, 60_000);
afterAll(async () => {
  await base?.dispose();
  await cohortOfOne?.dispose();
});
beforeEach(() => {
  clock = START;
  tests += 1;
  activityId = `prova-${tests}`;
  t = base;
});

function request(overrides: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return articleDeliveryRequest(START, overrides);
}

async function ask(req: DeliveryRequest, userAgent = BROWSER_UA): Promise<DeliveryResponse> {
  const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(req)}`, headers: { 'user-agent': userAgent } });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = parseDeliveryResponse(response.json());
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}

const tokens = (response: DeliveryResponse) => response.offers.map((o) => o.responseTokens ?? {});
const put = async (activity: Activity) => t.server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, payload: activity, headers: await t.authHeaders('editor') });

function activity(overrides: Partial<Activity>): Activity {
  return {
    id: activityId,
    name: 'Prova',
    type: 'ab',
    status: 'active',
    mboxes: [activityId],
    priority: 0,
    reshuffle: 0,
    experiences: [
      { id: 'a', name: 'A', share: 1 },
      { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'Oferta B', html: '<p>B</p>' } },
    ],
    goal: { type: 'click', selector: '.cta' },
    ...overrides,
  };
}

describe('decision server', () => {
  it('answers the wire-formats §3 shape with tokens, actions and a click token', async () => {
    const response = await ask(request({ deviceId: `${'b'.repeat(32)}.1_0` }));
    expect(Object.keys(response).sort()).toEqual(['offers', 'sessionId', 'tntId']);
    expect(response.sessionId).toBe('a'.repeat(32));
    expect(response.tntId).toBe(`${'b'.repeat(32)}.1_0`);
    expect(response.offers).toHaveLength(1);
    const [offer] = response.offers;
    expect(offer!.responseTokens).toMatchObject({ 'activity.id': 'titular-1001', 'activity.name': 'Titular de la notícia 1001' });
    expect(['a', 'b']).toContain(offer!.responseTokens!['experience.id']);
    expect(offer!.responseTokens).not.toHaveProperty('activity.trusted');
    expect(offer!.clickToken).toBe(`titular-1001.${offer!.responseTokens!['experience.id']}`);
    expect(offer!.actions!.at(-1)).toEqual({ action: 'trackClick', selector: '.article-actions button', clickTrackId: offer!.clickToken });
  });

  it('gives a new device id and session id when the request has none, derived from mboxMCGVID when present', async () => {
    const fresh = await ask(request({ sessionId: '' }));
    expect(fresh.tntId).toMatch(/^[0-9a-f]{32}\.1_0$/);
    expect(fresh.sessionId).toMatch(/^[0-9a-f]{32}$/);
    const first = await ask(request({ visitorId: 'mcgvid-1' }));
    expect(first.tntId).toBe((await ask(request({ visitorId: 'mcgvid-1' }))).tntId);
    // The next request carries the device id back: same experience as the first decision.
    const next = await ask(request({ deviceId: first.tntId, visitorId: 'mcgvid-1' }));
    expect(tokens(next)[0]!['experience.id']).toBe(tokens(first)[0]!['experience.id']);
  });

  it('is sticky per visitor and shows B the new headline in the h1', async () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const deviceId = `${i.toString(16).padStart(32, '0')}.1_0`;
      const one = await ask(request({ deviceId }));
      const two = await ask(request({ deviceId, requestId: 'r2' }));
      expect(tokens(two)).toEqual(tokens(one));
      seen.set(String(tokens(one)[0]!['experience.id']), deviceId);
      if (tokens(one)[0]!['experience.id'] === 'b') {
        expect(one.offers[0]!.actions![0]).toMatchObject({ action: 'setContent', selector: 'h1.article__title' });
      }
    }
    expect([...seen.keys()].sort()).toEqual(['a', 'b']);
  });

  it('POST (form or text/plain) answers as GET does', async () => {
    const req = request({ deviceId: `${'c'.repeat(32)}.1_0` });
    const get = await ask(req);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8']) {
      const post = await t.server.app.inject({ method: 'POST', url: '/m2/mesura/mbox/json', payload: encodeDeliveryQuery(req), headers: { 'content-type': type } });
      expect(post.statusCode).toBe(200);
      expect(post.json()).toEqual(get);
    }
  });

  it('refuses a bad request with the reason, an unknown client code with 404', async () => {
    const bad = await t.server.app.inject({ url: '/m2/mesura/mbox/json?mboxSession=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'missing mbox: the request names no mbox', code: 'MESURA_ERR_BAD_DELIVERY_REQUEST' });
    const long = await t.server.app.inject({ url: `/m2/mesura/mbox/json?mbox=${'x'.repeat(251)}` });
    expect(long.json().error).toBe('mbox too long: 251 characters, at most 250');
    const unknown = await t.server.app.inject({ url: '/m2/altre/mbox/json?mbox=x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'unknown client code: altre', code: 'MESURA_ERR_UNKNOWN_CLIENT_CODE' });
  });

  it('answers CORS with credentials for the site origin', async () => {
    const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(request())}`, headers: { origin: 'http://localhost:8080' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await t.server.app.inject({ method: 'OPTIONS', url: '/m2/mesura/mbox/json', headers: { origin: 'http://localhost:8080' } });
    expect(preflight.statusCode).toBe(204);
  });

  it('echoes the origin to its own answers only: none to a request without one or from another, before or after the site’s', async () => {
    const allowOrigin = async (origin?: string) =>
      (await t.server.app.inject({ url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(request())}`, headers: origin === undefined ? {} : { origin } })).headers['access-control-allow-origin'];
    for (let round = 0; round < 2; round++) {
      expect(await allowOrigin()).toBeUndefined();
      expect(await allowOrigin('http://localhost:8080')).toBe('http://localhost:8080');
      expect(await allowOrigin()).toBeUndefined();
      expect(await allowOrigin('https://evil.example')).toBeUndefined();
    }
  });

  it('answers an mbox without activities with no offers', async () => {
    expect((await ask(request({ mbox: 'cap' }))).offers).toEqual([]);
  });

  it('answers the global mbox with the activities whose audience matches the URL path', async () => {
    const article = await ask(request({ mbox: 'target-global-mbox' }));
    expect(tokens(article).map((x) => x['activity.id'])).toEqual(['titular-1001']);
    const weather = await ask(request({ mbox: 'target-global-mbox', url: 'http://localhost:8080/el-temps/' }));
    expect(tokens(weather).map((x) => x['activity.id'])).toEqual(['el-temps-disseny']);
    expect((await ask(request({ mbox: 'target-global-mbox', url: 'http://localhost:8080/' }))).offers).toEqual([]);
  });

  it('targets experiences by path, query, device, login and mbox params', async () => {
    const xt = activity({
      type: 'xt',
      audience: { path: { regex: '^/seccio/' } },
      experiences: [
        { id: 'mobil', name: 'Mòbil', share: 0, audience: { device: ['mobile'] } },
        { id: 'sessio', name: 'Amb sessió', share: 0, audience: { loggedIn: true } },
        { id: 'campanya', name: 'Campanya', share: 0, audience: { query: { utm_campaign: 'estiu' } } },
        { id: 'esports', name: 'Esports', share: 0, audience: { params: { seccio: 'esports' } } },
      ],
    });
    expect((await put(xt)).statusCode).toBe(200);
    const url = 'http://localhost:8080/seccio/noticies';
    const experience = async (overrides: Partial<DeliveryRequest>, ua = BROWSER_UA) => tokens(await ask(request({ mbox: activityId, url, ...overrides }), ua))[0]?.['experience.id'];
    expect(await experience({}, IPHONE_UA)).toBe('mobil');
    expect(await experience({ customerIds: { idUsuari: { id: 'u1', authState: 1 } } })).toBe('sessio');
    expect(await experience({ params: { loggedIn: 'true' } })).toBe('sessio');
    expect(await experience({ url: `${url}?utm_campaign=estiu` })).toBe('campanya');
    expect(await experience({ params: { seccio: 'esports' } })).toBe('esports');
    expect(await experience({})).toBeUndefined();
    expect(await experience({ url: 'http://localhost:8080/altre/', params: { seccio: 'esports' } })).toBeUndefined();
  });

  it('lets the highest priority win on a shared mbox, ties by id', async () => {
    await put(activity({ id: 'zeta', priority: 5 }));
    await put(activity({ id: 'alfa', priority: 5 }));
    await put(activity({ id: 'beta', priority: 1 }));
    const winner = async () => tokens(await ask(request({ mbox: activityId })))[0]!['activity.id'];
    expect(await winner()).toBe('alfa');
    await put(activity({ id: 'beta', priority: 9 }));
    expect(await winner()).toBe('beta');
    await put(activity({ id: 'beta', priority: 9, status: 'paused' }));
    expect(await winner()).toBe('alfa');
  });

  it('marks trusted activities, and refuses a bad definition with its reason', async () => {
    await put(activity({}));
    const trust = await t.server.app.inject({ method: 'PUT', url: `/api/activities/${activityId}/trust`, payload: { trusted: true }, headers: await t.authHeaders('admin') });
    expect(trust.statusCode, trust.body).toBe(200);
    expect(tokens(await ask(request({ mbox: activityId })))[0]!['activity.trusted']).toBe(true);
    const bad = await put(activity({ goal: { type: 'pageView', path: 'noticia' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('MESURA_ERR_BAD_ACTIVITY');
  });

  it('keeps assignments when shares change and reshuffles when asked, through the API', async () => {
    await put(activity({}));
    const ids = Array.from({ length: 60 }, (_, i) => `${(i + 1000).toString(16).padStart(32, '0')}.1_0`);
    const assignments = async () => Promise.all(ids.map(async (deviceId) => tokens(await ask(request({ mbox: activityId, deviceId })))[0]!['experience.id']));
    const before = await assignments();
    await put(activity({ experiences: activity({}).experiences.map((e) => ({ ...e, share: e.id === 'a' ? 1 : 3 })) }));
    const after = await assignments();
    // 50/50 → 25/75: only A → B moves, never B → A.
    before.forEach((id, i) => id === 'b' && expect(after[i]).toBe('b'));
    await put(activity({ reshuffle: 1 }));
    const reshuffled = await assignments();
    expect(reshuffled.filter((id, i) => id !== before[i]).length).toBeGreaterThan(10);
  });
});

describe('seeding', () => {
  // Two starts of a server in the test itself: more than the default timeout under load.
  it('seeds the site activities on first start only', async () => {
    const fresh = await startTestServer({}, () => clock);
    t = fresh;
    const list = (await t.server.app.inject({ url: '/api/activities', headers: await t.authHeaders('analyst') })).json().activities as Activity[];
    expect(list.map((a) => a.id).sort()).toEqual(
      siteActivities()
        .map((a) => a.id)
        .sort(),
    );
    expect(list.find((a) => a.id === 'el-temps-disseny')!.experiences[1]!.offer!.actions![0]).toMatchObject({ action: 'setStyle', selector: 'ul.forecast' });
    // An editor's change survives a restart: no second seeding.
    await put({ ...list[0]!, name: 'Canviat' });
    const { dataDir } = t;
    await t.server.close();
    const again = await startTestServer({ MESURA_DATA_DIR: dataDir }, () => clock);
    try {
      const after = (await again.server.app.inject({ url: '/api/activities', headers: await again.authHeaders('admin') })).json().activities as Activity[];
      expect(after).toHaveLength(list.length);
      expect(after.find((a) => a.id === list[0]!.id)!.name).toBe('Canviat');
    } finally {
      await again.server.close();
      await fresh.dispose();
    }
  }, 60_000);
});

describe('impressions, conversions and the activity report', () => {
  const report = async (id: string) => {
    const response = await t.server.app.inject({ url: `/api/reports/activities/${id}`, headers: await t.authHeaders('analyst') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('counts visitors per experience and click conversions', async () => {
    await put(activity({}));
    const byExperience: Record<string, string[]> = { a: [], b: [] };
    for (let i = 0; i < 20; i++) {
      const deviceId = `${(i + 5000).toString(16).padStart(32, '0')}.1_0`;
      const response = await ask(request({ mbox: activityId, deviceId }));
      await ask(request({ mbox: activityId, deviceId, requestId: 'again' })); // a second impression, the same visitor
      byExperience[String(tokens(response)[0]!['experience.id'])]!.push(deviceId);
    }
    clock += 1000;
    // Every B visitor clicks (trackEvent with the click token), one A visitor does.
    const click = (deviceId: string, experience: string) => ask(request({ mbox: activityId, deviceId, params: { clickToken: `${activityId}.${experience}` } }));
    for (const deviceId of byExperience.b!) expect((await click(deviceId, 'b')).offers).toEqual([]);
    await click(byExperience.a![0]!, 'a');
    const result = await report(activityId);
    const [a, b] = result.experiences;
    expect(a).toMatchObject({ id: 'a', control: true, visitors: byExperience.a!.length, conversions: 1 });
    expect(b).toMatchObject({ id: 'b', control: false, visitors: byExperience.b!.length, conversions: byExperience.b!.length, conversionRate: 1 });
    expect(b.versusControl.probabilityToBeatControl).toBeGreaterThan(0.99);
    expect(result.totals).toEqual({ visitors: 20, conversions: byExperience.b!.length + 1, hidden: false });
    expect([a.hidden, b.hidden]).toEqual([false, false]);
    expect(result.sampleRatio.degreesOfFreedom).toBe(1);
  });

  it('counts page-view and event goals from the collector hits of the same visitor', async () => {
    // One visitor is all this needs: a cohort of one shows them.
    t = cohortOfOne;
    await put(activity({ id: 'vista', goal: { type: 'pageView', path: '/noticia/' } }));
    await put(activity({ id: 'compartir', mboxes: ['compartir'], goal: { type: 'event', event: 'event3' } }));
    const fid = '1F65FB944AFA1C05-25FBFAF16BF6E758';
    const decided = await ask(request({ mbox: activityId, visitorId: fid }));
    const shareDecided = await ask(request({ mbox: 'compartir', visitorId: fid }));
    clock += 1000;
    const beacon = (hit: ReturnType<typeof testHit>) => t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
    expect((await beacon(testHit({ visitor: { fid }, url: 'http://localhost:8080/noticia/1002/x', events: [{ id: 3 }] }))).statusCode).toBe(200);
    const vista = await report('vista');
    const experience = String(tokens(decided)[0]!['experience.id']);
    expect(vista.experiences.find((e: { id: string }) => e.id === experience)).toMatchObject({ visitors: 1, conversions: 1 });
    const compartir = await report('compartir');
    expect(compartir.experiences.find((e: { id: string }) => e.id === tokens(shareDecided)[0]!['experience.id'])).toMatchObject({ conversions: 1 });
  });

  it('hides an experience seen by fewer visitors than MESURA_MIN_COHORT', async () => {
    const prova = activity({});
    await put(prova);
    // Visitors picked by their assignment: six in A, four in B (below the cohort of 5).
    const wanted: Record<string, number> = { a: 6, b: 4 };
    for (let i = 0; wanted.a! + wanted.b! > 0; i++) {
      const key = (i + 9000).toString(16).padStart(32, '0');
      const experience = experienceAt(prova.experiences, assignmentPoint(key, prova.id, 0))!.id;
      if (wanted[experience] === 0) continue;
      wanted[experience]! -= 1;
      expect(tokens(await ask(request({ mbox: activityId, deviceId: `${key}.1_0` })))[0]!['experience.id']).toBe(experience);
    }
    const result = await report(activityId);
    expect(result.experiences[0]).toMatchObject({ id: 'a', visitors: 6, conversions: 0, hidden: false });
    expect(result.experiences[1]).toEqual({ id: 'b', name: 'B', share: 1, visitors: null, conversions: null, conversionRate: null, hidden: true, control: false });
    expect(result.totals).toEqual({ visitors: 10, conversions: 0, hidden: false });
    expect(result.sampleRatio).toBeNull();
  });

  it('answers 404 for an unknown activity', async () => {
    const response = await t.server.app.inject({ url: '/api/reports/activities/cap', headers: await t.authHeaders('analyst') });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('MESURA_ERR_NOT_FOUND');
  });
});

describe('consent on delivery requests (gdpr, gdpr_consent), as on beacons', () => {
  const REFUSING_ALL = tcString({ purposes: [], vendors: [] }, START);
  const GRANTING = tcString({ purposes: [PURPOSE_STORE_ACCESS], vendors: [VENDOR_IDS.personalisation] }, START);
  beforeEach(() => {
    // A cohort of one shows what one visitor left.
    t = cohortOfOne;
  });
  const visitors = async (id: string) => {
    const response = await t.server.app.inject({ url: `/api/reports/activities/${id}`, headers: await t.authHeaders('analyst') });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { totals: { visitors: number | null } }).totals.visitors ?? 0;
  };

  it('answers a refusing TC string with no offer and no ids, and stores nothing', async () => {
    await put(activity({}));
    const deviceId = `${'c'.repeat(32)}.1_0`;
    const refused = await ask(request({ mbox: activityId, deviceId, visitorId: 'mcgvid-1', params: { gdpr: '1', gdpr_consent: REFUSING_ALL } }));
    expect(refused).toEqual({ sessionId: '', tntId: '', offers: [] });
    // Nor is a click of that visitor a conversion.
    expect(await ask(request({ mbox: activityId, deviceId, params: { gdpr: '1', gdpr_consent: REFUSING_ALL, clickToken: `${activityId}.b` } }))).toEqual({ sessionId: '', tntId: '', offers: [] });
    expect(await visitors(activityId)).toBe(0);
  });

  it('answers a TC string without the personalisation vendor with no offer', async () => {
    const analyticsOnly = tcString({ purposes: [PURPOSE_STORE_ACCESS], vendors: [VENDOR_IDS['web-analytics']] }, START);
    expect((await ask(request({ params: { gdpr: '1', gdpr_consent: analyticsOnly } }))).offers).toEqual([]);
    expect((await ask(request({ params: { gdpr: '1' } }))).offers).toEqual([]);
  });

  it('decides and records for a granting TC string, and where the GDPR does not apply', async () => {
    await put(activity({}));
    expect(await ask(request({ mbox: activityId, deviceId: `${'d'.repeat(32)}.1_0`, params: { gdpr: '1', gdpr_consent: GRANTING } }))).toMatchObject({ tntId: `${'d'.repeat(32)}.1_0` });
    expect((await ask(request({ params: { gdpr: '0' } }))).offers).toHaveLength(1);
    expect(await visitors(activityId)).toBe(1);
  });

  it('refuses a malformed gdpr with the reason', async () => {
    const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(request({ params: { gdpr: 'yes' } }))}`, headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'malformed gdpr: expected 0 or 1' });
  });

  it('under MESURA_CONSENT_POLICY=strict answers a request without any signal with no offer', async () => {
    const strict = await startTestServer({ MESURA_CONSENT_POLICY: 'strict', MESURA_MIN_COHORT: '1' }, () => clock);
    t = strict;
    try {
      expect(await ask(request())).toEqual({ sessionId: '', tntId: '', offers: [] });
      expect((await ask(request({ params: { gdpr: '1', gdpr_consent: GRANTING } }))).offers).toHaveLength(1);
    } finally {
      await strict.dispose();
    }
  }, 60_000);
});
