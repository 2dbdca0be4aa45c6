import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeDeliveryParams, type Activity, type DeliveryResponse } from '@mesura/protocol';
import { MAX_AUDIENCE_PATH_CHARS, pathMatchesPattern } from '../../src/decide/audience-path-pattern.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';
import { testActivity } from '../helpers/activity.js';

/** The requirement: a beacon sent beside the catastrophic decision is acknowledged within this. */
const BEACON_ACK_BOUND_MS = 50;
const CATASTROPHIC = '^/(a+)+$';
const ROUNDS = 5;

function activity(regex: string): Activity {
  return testActivity({
    id: 'patro',
    name: 'Patró',
    audience: { path: { regex } },
    experiences: [{ id: 'unica', name: 'Única', share: 1, offer: { id: 'o', name: 'O', html: '<p>x</p>' } }],
  });
}

describe('audience path patterns', () => {
  it('match in linear time: the catastrophic pattern on the longest path evaluated answers at once, rightly', () => {
    const condition = { regex: CATASTROPHIC };
    // A backtracking engine would take 2^2000 steps on the non-matching path: finishing is the proof.
    expect(pathMatchesPattern(condition, `/${'a'.repeat(MAX_AUDIENCE_PATH_CHARS - 2)}b`)).toBe(false);
    expect(pathMatchesPattern(condition, `/${'a'.repeat(MAX_AUDIENCE_PATH_CHARS - 1)}`)).toBe(true);
    expect(pathMatchesPattern({ regex: '^/seccio/' }, '/seccio/esports')).toBe(true);
    expect(pathMatchesPattern({ regex: 'esports$' }, '/seccio/esports')).toBe(true);
    expect(pathMatchesPattern({ regex: '^/seccio/' }, '/altre/seccio/')).toBe(false);
  });

  it('match no path longer than MAX_AUDIENCE_PATH_CHARS', () => {
    expect(pathMatchesPattern({ regex: '^/a' }, `/${'a'.repeat(MAX_AUDIENCE_PATH_CHARS)}`)).toBe(false);
  });
});

describe('a decision with the catastrophic pattern blocks nothing', () => {
  let t: TestServer;
  let origin: string;
  beforeEach(async () => {
    t = await startTestServer();
    await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.server.app.server.address() as { port: number }).port}`;
  });
  afterEach(() => t.dispose());

  it('refuses patterns that need backtracking, with the reason', async () => {
    for (const regex of ['^/(a)\\1$', '^/(?=a)', '^/(?<!b)a']) {
      const response = await t.server.app.inject({ method: 'PUT', url: '/api/activities/patro', payload: activity(regex), headers: await t.authHeaders('editor') });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('is not a linear-time (RE2) pattern');
    }
  });

  it('answers a decision on a 10,000-character path, and a beacon sent with it is acknowledged within 50 ms', async () => {
    const put = await t.server.app.inject({ method: 'PUT', url: '/api/activities/patro', payload: activity(CATASTROPHIC), headers: await t.authHeaders('editor') });
    expect(put.statusCode, put.body).toBe(200);
    const decide = (path: string) =>
      fetch(`${origin}/m2/mesura/mbox/json`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA },
        body: new URLSearchParams(encodeDeliveryParams(articleDeliveryRequest(Date.now(), { mbox: 'patro', url: `http://localhost:8080${path}` }))).toString(),
      });
    const beacon = async () => {
      const started = performance.now();
      const response = await fetch(`${origin}${beaconUrl(testHit())}`, { headers: { 'user-agent': BROWSER_UA } });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    };
    // Warm: the first beacon opens the ingest log's segment, the first decision compiles the pattern.
    await beacon();
    await (await decide('/a')).json();
    const longPath = `/${'a'.repeat(9998)}b`;
    expect(longPath).toHaveLength(10_000);
    // Rounds, and their median: a blocked server is slow in every round, a busy test machine only in some.
    const beaconMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [decision, acknowledged] = await Promise.all([decide(longPath), beacon()]);
      expect(decision.status).toBe(200);
      expect(((await decision.json()) as DeliveryResponse).offers).toEqual([]);
      expect(acknowledged.status).toBe(200);
      beaconMs.push(acknowledged.ms);
    }
    const median = [...beaconMs].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)]!;
    expect(median, `beacon acknowledgements: ${beaconMs.map((ms) => ms.toFixed(1)).join(', ')} ms`).toBeLessThan(BEACON_ACK_BOUND_MS);
    // Within the evaluated length the pattern still decides, rightly.
    const matching = (await (await decide(`/${'a'.repeat(MAX_AUDIENCE_PATH_CHARS - 1)}`)).json()) as DeliveryResponse;
    expect(matching.offers.map((o) => o.responseTokens?.['activity.id'])).toEqual(['patro']);
  });
});
