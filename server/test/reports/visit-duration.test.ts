/**
 * audience/visit-duration and audience/visit-duration-by-day: a visit lasts from its first page
 * view to its last (reports/queries/visit-duration.ts), counted in fixed buckets, every bucket a
 * row in order, and averaged per day.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const DAY = 'from=2026-11-23&to=2026-11-23';

let t: TestServer;
let clock = MORNING;

/** One visitor's page views at these offsets from the morning. */
async function visit(visitor: string, offsetsMs: readonly number[]): Promise<void> {
  for (const [page, offset] of offsetsMs.entries()) {
    clock = MORNING + offset;
    const hit = testHit({ visitor: { fid: visitor }, url: `http://localhost:8080/noticia/${page}/` });
    const response = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(200);
  }
}

async function report(path: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${path}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
  await visit('one-page', [0]);
  await visit('five-seconds', [0, 5 * SECOND_MS]);
  await visit('twenty-seconds', [0, 20 * SECOND_MS]);
  await visit('two-minutes', [0, 2 * MINUTE_MS]);
  await visit('twenty-minutes', [0, 20 * MINUTE_MS]);
  // Each gap under the 30 idle minutes: one visit of 50 minutes.
  await visit('fifty-minutes', [0, 25 * MINUTE_MS, 50 * MINUTE_MS]);
});

afterAll(async () => {
  await t.dispose();
});

it('counts the visits of each duration bucket, every bucket a row, shortest first', async () => {
  const answer = await report(`audience/visit-duration?${DAY}`);
  expect(answer.rows.map((row: { key: string; label: string; values: { visits: number } }) => [row.key, row.values.visits])).toEqual([
    ['0', 1],
    ['1', 1],
    ['2', 1],
    ['3', 0],
    ['4', 1],
    ['5', 0],
    ['6', 1],
    ['7', 1],
  ]);
  expect(answer.rows[7].label).toBe('Més de 30 min');
  expect(answer.totals.values).toMatchObject({ visits: 6, page_views: 12 });
});

it('gives the mean duration of the visits that began each day, none for a day without visits', async () => {
  const answer = await report('audience/visit-duration-by-day?from=2026-11-22&to=2026-11-23');
  expect(answer.rows.map((row: { key: string; values: Record<string, number | null> }) => [row.key, row.values.visits, row.values.average_duration])).toEqual([
    ['2026-11-22', 0, null],
    ['2026-11-23', 6, (0 + 5 + 20 + 120 + 1200 + 3000) / 6],
  ]);
});
