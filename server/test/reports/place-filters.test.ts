/**
 * The place filters (`f=country:`, `f=region:`): where ingest placed each hit's address
 * (ingest/steps/geolocate.ts). They narrow page rankings (read from page_views, as the page cells
 * keep no place: report-table.ts ROWS_ONLY_FILTERS), visits, direct calls and engaged time alike,
 * and every report of the catalogue answers with them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsHit, HitType } from '@mesura/protocol';
import { BACKFILL_KEY_FILE, BACKFILL_KEY_HEADER, CLIENT_ADDRESS_HEADER } from '../../src/ingest/backfill-key.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-23';
const MINUTE_MS = 60_000;

/** Networks as the shipped database places them (server/test/ingest/geolocate.test.ts). */
const ARENYS = '83.50.1.57';
const PALMA = '212.163.1.1';
const MOUNTAIN_VIEW = '8.8.8.8';

let t: TestServer;
let clock = MORNING;

const page = (section: string, n: number): Partial<AnalyticsHit> => ({
  pageName: `${section}:${n}`,
  url: `http://localhost:8080/${section}/${n}/`,
  eVars: { 1: section, 8: 'noticia', 20: `Títol ${section} ${n}` },
});

async function send(visitor: string, address: string, atMs: number, hit: Partial<AnalyticsHit>, type: HitType = 'page_view'): Promise<void> {
  clock = atMs;
  const key = readFileSync(path.join(t.dataDir, BACKFILL_KEY_FILE), 'utf8');
  const response = await t.server.app.inject({
    url: beaconUrl(testHit({ visitor: { fid: visitor }, ...hit }), type),
    headers: { 'user-agent': BROWSER_UA, [BACKFILL_KEY_HEADER]: key, [CLIENT_ADDRESS_HEADER]: address },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function report(ask: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${ask}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, `${ask}: ${response.body}`).toBe(200);
  return response.json() as { rows: { key: string; values: Record<string, number | null> }[]; totals: { values: Record<string, number | null> }; ignoredFilters?: string[] };
}

const keyed = (rows: { key: string; values: Record<string, number | null> }[], metric: string) => Object.fromEntries(rows.map((row) => [row.key, row.values[metric]]));

describe('place filters (minimum cohort 1)', () => {
  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    // Catalonia: two readers of news, one of them downloads and is measured; the Balearic Islands: one
    // of sport; the United States: one of news who also downloads.
    await send('A', ARENYS, MORNING, page('noticies', 1));
    await send('A', ARENYS, MORNING + MINUTE_MS, page('noticies', 2));
    await send('A', ARENYS, MORNING + 2 * MINUTE_MS, { ...page('noticies', 2), events: [{ id: 5 }], link: { type: 'd', name: 'Informe', url: 'http://localhost:8080/informe.pdf' } }, 'link_d');
    const measures = { 'mesura.engaged_ms': '20000', 'mesura.scroll_pct': '60' };
    await send('A', ARENYS, MORNING + 3 * MINUTE_MS, { ...page('noticies', 2), events: [], contextData: measures }, 'page_engagement');
    await send('B', ARENYS, MORNING + 4 * MINUTE_MS, page('noticies', 1));
    await send('C', PALMA, MORNING + 5 * MINUTE_MS, page('esports', 1));
    await send('D', MOUNTAIN_VIEW, MORNING + 6 * MINUTE_MS, page('noticies', 1));
    await send('D', MOUNTAIN_VIEW, MORNING + 7 * MINUTE_MS, { ...page('noticies', 1), events: [{ id: 5 }], link: { type: 'd', name: 'Informe', url: 'http://localhost:8080/informe.pdf' } }, 'link_d');
  });
  afterAll(() => t.dispose());

  it('narrows page rankings to the page views placed there', async () => {
    expect(keyed((await report(`content/sections?${RANGE}`)).rows, 'page_views')).toEqual({ noticies: 4, esports: 1 });
    expect(keyed((await report(`content/sections?${RANGE}&f=region:Catalonia`)).rows, 'page_views')).toEqual({ noticies: 3 });
    expect(keyed((await report(`content/sections?${RANGE}&f=country:ES`)).rows, 'page_views')).toEqual({ noticies: 3, esports: 1 });
    const pages = await report(`content/pages?${RANGE}&f=region:Catalonia&f=section:noticies`);
    expect(keyed(pages.rows, 'entries')).toEqual({ 'http://localhost:8080/noticies/1/': 2, 'http://localhost:8080/noticies/2/': 0 });
  });

  it('narrows visits, places, direct calls and engaged time', async () => {
    expect((await report(`audience/by-day?${RANGE}&f=country:ES`)).totals.values).toMatchObject({ visits: 3, visitors: 3 });
    expect(keyed((await report(`geography/countries?${RANGE}&f=region:Catalonia`)).rows, 'visits')).toEqual({ ES: 2 });
    expect((await report(`engagement/calls?${RANGE}&f=country:US`)).rows.map((row) => row.values.calls)).toEqual([1]);
    expect((await report(`engagement/calls?${RANGE}`)).rows.map((row) => row.values.calls)).toEqual([2]);
    expect((await report(`content/engaged-pages?${RANGE}&f=region:Catalonia`)).totals.values).toMatchObject({ engaged_time: 20, pages: 1 });
    expect((await report(`content/engaged-pages?${RANGE}&f=country:US`)).rows).toEqual([]);
  });

  it('is answered by every report of the catalogue, or named among the filters it cannot apply', async () => {
    const catalogue = (await t.server.app.inject({ url: '/api/reports/catalogue', headers: await t.authHeaders('analyst') })).json() as { report: string; params?: string[] }[];
    const ignoring: string[] = [];
    for (const { report: name } of catalogue) {
      const answer = await report(`${name}?${RANGE}&f=country:ES&f=region:Catalonia`);
      expect(answer.rows, name).toBeInstanceOf(Array);
      if (answer.ignoredFilters) {
        expect(answer.ignoredFilters, name).toEqual(['country', 'region']);
        ignoring.push(name);
      }
    }
    // The media sessions and live audiences keep no place, nor do the banner's answers; every other report applies both.
    expect(ignoring.length).toBeGreaterThan(0);
    expect(ignoring.filter((name) => !name.startsWith('media/') && !name.startsWith('consent/'))).toEqual([]);
  });
});
