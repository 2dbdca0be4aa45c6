/**
 * content/previous-pages and content/next-pages (page-path-reports.ts): for one page, the page
 * viewed just before and just after each of its views in the same visit, entries and exits as rows
 * of their own; without the page they answer 400, and a page's row opens them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const MINUTE_MS = 60_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const DAY = 'from=2026-11-23&to=2026-11-23';
const PAGE = (n: number) => `http://localhost:8080/noticia/${n}/`;

let t: TestServer;
let clock = MORNING;

async function visit(visitor: string, startMinute: number, pages: number[]): Promise<void> {
  for (const [i, page] of pages.entries()) {
    clock = MORNING + (startMinute + i) * MINUTE_MS;
    const hit = testHit({ visitor: { fid: visitor }, url: PAGE(page), eVars: { 1: 'noticies', 8: 'noticia' } });
    const response = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(200);
  }
}

async function report(path: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${path}`, headers: await t.authHeaders('analyst') });
  return { status: response.statusCode, body: response.json() };
}

type Row = { key: string; label: string; values: Record<string, number>; drill?: { report: string; params: Record<string, string> } };
const rowsOf = (body: { rows: Row[] }) => body.rows.map((row) => [row.label, row.values.page_views]);

beforeAll(async () => {
  t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
  await visit('A', 0, [1, 2, 3]);
  await visit('B', 10, [2, 3]);
  await visit('C', 20, [1, 2, 1]);
  // Another visit of A, 40 idle minutes later: it enters at page 2 again.
  await visit('A', 45, [2]);
});

afterAll(async () => {
  await t.dispose();
});

it('ranks where the views of a page came from: the page just before in the visit, or the entry', async () => {
  const { status, body } = await report(`content/previous-pages?${DAY}&page=${encodeURIComponent(PAGE(2))}`);
  expect(status).toBe(200);
  // A tie is ranked by key, and the entry's is empty.
  expect(rowsOf(body)).toEqual([
    ['Entrada al lloc', 2],
    [PAGE(1), 2],
  ]);
  expect(body.totals.values.page_views).toBe(4);
});

it('ranks where they went next: the page just after, or the exit', async () => {
  const { body } = await report(`content/next-pages?${DAY}&page=${encodeURIComponent(PAGE(2))}`);
  expect(rowsOf(body)).toEqual([
    [PAGE(3), 2],
    ['Sortida del lloc', 1],
    [PAGE(1), 1],
  ]);
});

it("opens a row's own page paths, and the page ranking opens them too", async () => {
  const { body } = await report(`content/next-pages?${DAY}&page=${encodeURIComponent(PAGE(2))}`);
  const [third, exit] = body.rows as Row[];
  expect(third!.drill).toEqual({ report: 'content/previous-pages', params: { page: PAGE(3) } });
  expect(exit!.drill).toBeUndefined();
  const pages = (await report(`content/pages?${DAY}`)).body.rows as Row[];
  expect(pages.find((row) => row.key === PAGE(2))!.drill).toEqual({ report: 'content/previous-pages', params: { page: PAGE(2) } });
});

it('answers 400 naming the page when it is not given, and lists it among the reports that need it', async () => {
  const { status, body } = await report(`content/previous-pages?${DAY}`);
  expect(status).toBe(400);
  expect(body).toEqual({ code: 'MESURA_ERR_BAD_QUERY', error: 'content/previous-pages needs the parameter page' });
  const catalogue = (await report('catalogue')).body as { report: string; requires?: string[] }[];
  expect(catalogue.find((entry) => entry.report === 'content/next-pages')!.requires).toEqual(['page']);
});
