import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../src/http/token-buckets.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const DAY = '2026-11-23';
let clock = Date.UTC(2026, 10, 23, 9, 0);
let t: TestServer;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0);
  t = await startTestServer({ MESURA_VISITOR_MAX_HITS_PER_S: '2', MESURA_VISITOR_BURST_HITS: '5' }, () => clock);
});

afterEach(async () => {
  await t.dispose();
});

async function send(visitor: string): Promise<number> {
  const hit = testHit({ visitor: { fid: visitor } });
  const response = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
  return response.statusCode;
}

async function pageViews(): Promise<{ total: number; visitors: number }> {
  const response = await t.server.app.inject({
    url: `/api/reports/pageviews?from=${DAY}&to=${DAY}&by=day`,
    headers: await t.authHeaders('analyst'),
  });
  return response.json();
}

describe('a visitor id over its hit rate', () => {
  it('is answered 200 for every hit, but only its burst and then its rate are stored; the rest are counted as visitor-rate', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push(await send('FLOOD-1'));
    clock += 1000; // two more tokens
    for (let i = 0; i < 5; i += 1) statuses.push(await send('FLOOD-1'));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await pageViews()).toMatchObject({ total: 5 + 2, visitors: 1 });
    const refusals = await t.server.app.inject({
      url: `/api/reports/refusals?from=${DAY}&to=${DAY}`,
      headers: await t.authHeaders('analyst'),
    });
    expect(refusals.statusCode).toBe(200);
    expect(refusals.json().rows).toEqual([{ day: DAY, reason: 'visitor-rate', hits: 15 + 3 }]);
  });

  it('does not hold back other visitors, even from the same address', async () => {
    for (let i = 0; i < 20; i += 1) await send('FLOOD-2');
    for (const visitor of ['READER-A', 'READER-B', 'READER-C']) expect(await send(visitor)).toBe(200);
    expect(await pageViews()).toMatchObject({ total: 5 + 3, visitors: 4 });
  });

  it('keeps the refusal counts to analysts', async () => {
    const anonymous = await t.server.app.inject({ url: `/api/reports/refusals?from=${DAY}&to=${DAY}` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.server.app.inject({ url: `/api/reports/refusals?from=${DAY}`, headers: await t.authHeaders('analyst') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'to is required (YYYY-MM-DD)', code: 'MESURA_ERR_BAD_QUERY' });
  });
});

describe('token buckets', () => {
  it('refill at their rate up to their burst and forget the least recently seen key past their bound', () => {
    const buckets = new TokenBuckets({ ratePerS: 1, burst: 2, maxEntries: 2 });
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([true, true, false]);
    expect(buckets.secondsUntilToken('a')).toBe(1);
    expect(buckets.take('a', 500)).toBe(false);
    expect(buckets.take('a', 1000)).toBe(true);
    expect(buckets.take('a', 60_000) && buckets.take('a', 60_000) && !buckets.take('a', 60_000)).toBe(true);
    buckets.take('b', 60_000);
    buckets.take('c', 60_000);
    expect(buckets.size).toBe(2);
    expect(buckets.take('a', 60_000)).toBe(true); // forgotten: a full bucket again
  });
});
