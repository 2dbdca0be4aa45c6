/**
 * content/portals: page views and entries per portal (the data layer's `portal`, eVar 12), the
 * values the console offers for the portal filter (apps/console filter-value-sources.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const MINUTE_MS = 60_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const DAY = 'from=2026-11-23&to=2026-11-23';

let t: TestServer;
let clock = MORNING;

async function send(visitor: string, minute: number, portal: string | undefined): Promise<void> {
  clock = MORNING + minute * MINUTE_MS;
  const eVars: Record<number, string> = { 1: 'noticies', 8: 'noticia' };
  if (portal !== undefined) eVars[12] = portal;
  const hit = testHit({ visitor: { fid: visitor }, url: `http://localhost:8080/noticia/${minute}/`, eVars });
  const response = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

async function report(path: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${path}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
  await send('A', 0, 'mesura');
  await send('A', 1, 'mesura');
  await send('B', 2, 'mesura');
  await send('C', 3, 'esports');
  // A page without a portal is not a row of the ranking.
  await send('D', 4, undefined);
});

afterAll(async () => {
  await t.dispose();
});

it('ranks the portals by page views, with their entries', async () => {
  const answer = await report(`content/portals?${DAY}`);
  expect(answer.rows.map((row: { key: string; values: Record<string, number> }) => [row.key, row.values])).toEqual([
    ['mesura', { page_views: 3, entries: 2 }],
    ['esports', { page_views: 1, entries: 1 }],
  ]);
});

it('is what the portal filter narrows by', async () => {
  const answer = await report(`content/sections?${DAY}&f=portal:esports`);
  expect(answer.totals.values).toMatchObject({ page_views: 1 });
});
