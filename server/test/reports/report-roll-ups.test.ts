import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsHit } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const MINUTE_MS = 60_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const DAY_MS = 86_400_000;
const RANGE = 'from=2026-11-23&to=2026-11-24';
/** A filter every visit below matches: with it the reports read page_cells and visits, without it the roll-ups. */
const ALL_MATCH = 'f=device:desktop';

let t: TestServer;
let clock = MORNING;

const page = (section: string, n: number): Partial<AnalyticsHit> => ({
  pageName: `${section}:pagina-${n}`,
  url: `http://localhost:8080/${section}/pagina-${n}/`,
  eVars: { 1: section, 2: `${section}-sub`, 5: `prog-${n % 2}`, 6: `Programa ${n % 2}`, 8: 'noticia', 20: `Pàgina ${n} de ${section}`, 21: `Autor ${n % 2}`, 17: `tema-${n % 3}` },
});

async function send(visitor: string, at: number, hit: Partial<AnalyticsHit>): Promise<void> {
  clock = at;
  const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid: visitor }, ...hit }), 'page_view'), headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

async function report(path: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${path}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return { rows: body.rows, totals: body.totals, totalRows: body.totalRows };
}

/** Asks a report, which loads what was sent so far: the next pages go into another segment. */
const loadNow = () => report(`audience/by-day?${RANGE}`);

// The reports only read: one server and one data set for every case.
beforeAll(async () => {
  clock = MORNING;
  t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
  // Visits that go on across segments: A changes its exit page and stops bouncing; B bounces.
  await send('A', MORNING, page('noticies', 1));
  await send('B', MORNING + MINUTE_MS, page('esports', 2));
  await loadNow();
  await send('A', MORNING + 5 * MINUTE_MS, page('noticies', 3));
  await send('C', MORNING + 6 * MINUTE_MS, page('noticies', 1));
  await send('C', MORNING + 7 * MINUTE_MS, page('esports', 2));
  await loadNow();
  await send('A', MORNING + 9 * MINUTE_MS, page('esports', 4));
  await send('D', MORNING + DAY_MS, page('noticies', 3));
  await send('A', MORNING + DAY_MS + MINUTE_MS, page('noticies', 1));
});

afterAll(async () => {
  await t.dispose();
});

describe('unfiltered page rankings read the roll-ups and answer as the full tables do', () => {
  it.each([
    'content/pages',
    'content/pages?section=noticies',
    'content/sections',
    'content/subsections?section=esports',
    'content/programmes',
    'content/authors',
    'content/themes',
    'content/entry-pages',
    'content/exit-pages',
  ])('%s', async (path) => {
    const ask = `${path}${path.includes('?') ? '&' : '?'}${RANGE}`;
    const rolledUp = await report(ask);
    expect(rolledUp.rows.length).toBeGreaterThan(0);
    expect(rolledUp).toEqual(await report(`${ask}&${ALL_MATCH}`));
  });

  it('counts a continued visit at its last exit page only, and as a bounce no more', async () => {
    const exits = await report(`content/exit-pages?${RANGE}`);
    expect(exits.rows.map((row: { key: string; values: { visits: number } }) => [row.key, row.values.visits])).toEqual([
      ['http://localhost:8080/esports/pagina-2/', 2],
      ['http://localhost:8080/esports/pagina-4/', 1],
      ['http://localhost:8080/noticies/pagina-1/', 1],
      ['http://localhost:8080/noticies/pagina-3/', 1],
    ]);
    const entries = await report(`content/entry-pages?${RANGE}`);
    const first = entries.rows.find((row: { key: string }) => row.key === 'http://localhost:8080/noticies/pagina-1/');
    expect(first.values).toMatchObject({ visits: 3, bounce_rate: 1 / 3 });
    expect(entries.totals.values).toMatchObject({ visits: 5, visitors: 4 });
  });
});
