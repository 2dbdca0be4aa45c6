import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsHit } from '@mesura/protocol';
import { VISIT_DURATION_BANDS, visitDurationBand, visitDurationBandSql } from '../../src/store/visit-duration.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
/** 10:00 in Barcelona on 2026-11-23, and the day before. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const DAY = '2026-11-23';
const DAY_BEFORE = '2026-11-22';

/** Each band's edges: the last millisecond it holds and the first of the next (whole seconds, truncated). */
const EDGES: { durationMs: number; band: string }[] = [
  { durationMs: 0, band: '0-10s' },
  { durationMs: 10 * SECOND_MS + 999, band: '0-10s' },
  { durationMs: 11 * SECOND_MS, band: '11-30s' },
  { durationMs: 30 * SECOND_MS + 999, band: '11-30s' },
  { durationMs: 31 * SECOND_MS, band: '31-60s' },
  { durationMs: 60 * SECOND_MS + 999, band: '31-60s' },
  { durationMs: 61 * SECOND_MS, band: '1-3min' },
  { durationMs: 3 * MINUTE_MS + 999, band: '1-3min' },
  { durationMs: 3 * MINUTE_MS + SECOND_MS, band: '3-10min' },
  { durationMs: 10 * MINUTE_MS + 999, band: '3-10min' },
  { durationMs: 10 * MINUTE_MS + SECOND_MS, band: '10-30min' },
  { durationMs: 30 * MINUTE_MS + 999, band: '10-30min' },
  { durationMs: 30 * MINUTE_MS + SECOND_MS, band: '30min+' },
  { durationMs: 5 * 60 * MINUTE_MS, band: '30min+' },
];

describe('visit duration bands (store/visit-duration.ts)', () => {
  it('lists the seven bands shortest first, as the console names them', () => {
    expect(VISIT_DURATION_BANDS.map((band) => band.label)).toEqual(['0–10 s', '11–30 s', '31–60 s', '1–3 min', '3–10 min', '10–30 min', 'Més de 30 min']);
  });

  it.each(EDGES)('puts $durationMs ms in $band', ({ durationMs, band }) => {
    expect(visitDurationBand(durationMs).key).toBe(band);
  });

  it('bands every edge alike in SQL as in code', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const values = EDGES.map((edge) => `(${edge.durationMs})`).join(', ');
      const result = await connection.runAndReadAll(`SELECT ${visitDurationBandSql('d')} AS band FROM (VALUES ${values}) AS t(d)`);
      expect(result.getRowObjectsJson().map((row) => row.band)).toEqual(EDGES.map((edge) => edge.band));
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});

let t: TestServer;
let clock = MORNING;

afterEach(async () => {
  await t?.dispose();
});

async function send(visitor: string, atMs: number, hit: Partial<AnalyticsHit> = {}, ua = BROWSER_UA): Promise<void> {
  clock = atMs;
  const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid: visitor }, ...hit })), headers: { 'user-agent': ua } });
  expect(response.statusCode).toBe(200);
}

async function report(url: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${url}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

/** Four visits: A one page (0 s), B 20 s, C 5 min on a phone, D 50 min (page views 25 minutes apart). */
async function sendVisits(): Promise<void> {
  await send('A', MORNING);
  await send('B', MORNING);
  await send('B', MORNING + 20 * SECOND_MS);
  await send('C', MORNING, {}, PHONE_UA);
  await send('C', MORNING + 5 * MINUTE_MS, {}, PHONE_UA);
  await send('D', MORNING);
  await send('D', MORNING + 25 * MINUTE_MS);
  await send('D', MORNING + 50 * MINUTE_MS);
}

describe('audience/visit-duration and the average duration (minimum cohort 1)', () => {
  it('shows every band in order, empty ones as 0, with each its share of the visits', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await sendVisits();
    const body = await report(`audience/visit-duration?from=${DAY}&to=${DAY}`);
    expect(body.title).toBe('Durada de les visites');
    expect(body.metrics.map((m: { key: string }) => m.key)).toEqual(['visits', 'visitors', 'page_views', 'visit_share']);
    const rows = body.rows.map((row: { label: string; values: Record<string, number> }) => [row.label, row.values.visits, row.values.page_views, row.values.visit_share]);
    expect(rows).toEqual([
      ['0–10 s', 1, 1, 0.25],
      ['11–30 s', 1, 2, 0.25],
      ['31–60 s', 0, 0, 0],
      ['1–3 min', 0, 0, 0],
      ['3–10 min', 1, 2, 0.25],
      ['10–30 min', 0, 0, 0],
      ['Més de 30 min', 1, 3, 0.25],
    ]);
    expect(body.totals.values).toEqual({ visits: 4, visitors: 4, page_views: 8, visit_share: 1 });
    expect(body.rows.map((row: { values: { visitors: number } }) => row.values.visitors)).toEqual([1, 1, 0, 0, 1, 0, 1]);
    // Filtered, read from the visits rather than the cells: only C's visit came from a phone.
    const phone = await report(`audience/visit-duration?from=${DAY}&to=${DAY}&f=device:mobile`);
    expect(phone.rows.map((row: { values: { visits: number } }) => row.values.visits)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    // Compared with a day of no visits: every band, in the same order, with its zeros.
    const compared = await report(`audience/visit-duration?from=${DAY}&to=${DAY}&compare=previous`);
    expect(compared.rows.map((row: { key: string; previous: { visits: number } }) => [row.key, row.previous.visits])).toEqual(VISIT_DURATION_BANDS.map((band) => [band.key, 0]));
  });

  it('shows a band a visit left in a later load as 0, never as a row hidden for its 0 visitors', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await send('A', MORNING);
    // The report loads what came so far: A's one-page visit (0 s) is in the store, then goes on to 2 minutes.
    expect((await report(`audience/visit-duration?from=${DAY}&to=${DAY}`)).rows[0].values.visits).toBe(1);
    await send('A', MORNING + 2 * MINUTE_MS);
    const body = await report(`audience/visit-duration?from=${DAY}&to=${DAY}`);
    expect(body.rows[0]).toEqual({ key: '0-10s', label: '0–10 s', values: { visits: 0, visitors: 0, page_views: 0, visit_share: 0 } });
    expect(body.rows[3].values).toMatchObject({ visits: 1, page_views: 2 });
  });

  it('averages the visits durations in seconds, in the audience series and in a visits ranking, filtered or not', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await sendVisits();
    // (0 + 20 + 300 + 3000) / 4 visits.
    const byDay = await report(`audience/by-day?from=${DAY_BEFORE}&to=${DAY}`);
    expect(byDay.rows.map((row: { values: { avg_duration: number | null } }) => row.values.avg_duration)).toEqual([null, 830]);
    expect(byDay.totals.values.avg_duration).toBe(830);
    const hours = await report(`audience/by-hour?from=${DAY}&to=${DAY}`);
    expect(hours.rows[10].values.avg_duration).toBe(830);
    const devices = await report(`technology/devices?from=${DAY}&to=${DAY}`);
    const byDevice = Object.fromEntries(devices.rows.map((row: { key: string; values: { avg_duration: number } }) => [row.key, row.values.avg_duration]));
    expect(byDevice).toEqual({ desktop: (0 + 20 + 3000) / 3, mobile: 300 });
    const filtered = await report(`technology/devices?from=${DAY}&to=${DAY}&f=device:desktop`);
    expect(filtered.rows[0].values.avg_duration).toBe((0 + 20 + 3000) / 3);
  });
});

describe('audience/visit-duration under the minimum cohort (5)', () => {
  it('hides a band of fewer than 5 visitors and shows the empty ones as 0', async () => {
    t = await startTestServer({}, () => clock);
    for (const visitor of ['V1', 'V2', 'V3', 'V4', 'V5']) await send(visitor, MORNING);
    await send('D', MORNING);
    await send('D', MORNING + 25 * MINUTE_MS);
    const body = await report(`audience/visit-duration?from=${DAY}&to=${DAY}`);
    expect(body.rows[0].values).toMatchObject({ visits: 5, visit_share: 5 / 6 });
    expect(body.rows[5]).toMatchObject({ key: '10-30min', hidden: true, values: { visits: null, visit_share: null } });
    expect(body.rows[1].values).toEqual({ visits: 0, visitors: 0, page_views: 0, visit_share: 0 });
  });
});
