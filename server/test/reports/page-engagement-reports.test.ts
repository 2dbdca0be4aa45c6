/**
 * The engaged-time reports (reports/page-engagement-reports.ts) over pages' engagement hits
 * (`pe=eng`): what they add up, how they are placed by page, section, author, theme, programme and
 * day, filtered and under the minimum cohort, and that such a hit is neither a page view nor a link.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsHit } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';
import { tcString } from '../helpers/tc-strings.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-24';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

let t: TestServer;
let clock = MORNING;
afterEach(async () => {
  await t?.dispose();
});

/** An article of a section, by an author, of a theme and programme, as its page view and engagement hit carry it. */
const article = (n: number, section: string) => ({
  pageName: `${section}:article-${n}`,
  url: `http://localhost:8080/${section}/article-${n}/`,
  eVars: { 1: section, 5: `prog-${n % 2}`, 6: `Programa ${n % 2}`, 8: 'noticia', 20: `Títol ${n}`, 21: `Autor ${n % 2}`, 17: `tema-${n % 2}` },
});

async function send(visitor: string, atMs: number, hit: Partial<AnalyticsHit>, type: 'page_view' | 'page_engagement', ua = BROWSER_UA) {
  clock = atMs;
  const full = testHit({ visitor: { fid: visitor }, ...hit, ...(type === 'page_engagement' && { events: [] }) });
  return t.server.app.inject({ url: beaconUrl(full, type), headers: { 'user-agent': ua } });
}

/** A page view and, a moment later, its engagement hit. */
async function read(visitor: string, atMs: number, page: Partial<AnalyticsHit>, engagedMs: number, scrollPercent: number, ua = BROWSER_UA) {
  expect((await send(visitor, atMs, page, 'page_view', ua)).statusCode).toBe(200);
  const measures = { 'mesura.engaged_ms': String(engagedMs), 'mesura.scroll_pct': String(scrollPercent) };
  expect((await send(visitor, atMs + MINUTE_MS, { ...page, contextData: measures }, 'page_engagement', ua)).statusCode).toBe(200);
}

async function report(path: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${path}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Row = { key: string; label: string; href?: string; hidden?: boolean; values: Record<string, number | null> };
const byKey = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.key, row.values]));

/** Three readers on 23 November (one on a phone), one on the 24th. */
async function readers(): Promise<void> {
  await read('A', MORNING, article(1, 'noticies'), 30_000, 50);
  await read('A', MORNING + 5 * MINUTE_MS, article(2, 'esports'), 90_000, 100);
  await read('B', MORNING + 10 * MINUTE_MS, article(1, 'noticies'), 60_000, 70, PHONE_UA);
  await read('C', MORNING + DAY_MS, article(1, 'noticies'), 6_000, 0);
}

describe('engaged time and scroll depth (minimum cohort 1)', () => {
  it('adds up per page, with its title and link, and per section, author, theme and programme', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await readers();
    const pages = await report(`content/engaged-pages?${RANGE}`);
    expect(pages.title).toBe("Temps d'interacció per pàgina");
    expect(pages.rows.map((row: Row) => [row.label, row.href])).toEqual([
      ['Títol 1', 'http://localhost:8080/noticies/article-1/'],
      ['Títol 2', 'http://localhost:8080/esports/article-2/'],
    ]);
    expect(pages.rows[0].values).toEqual({ engaged_time: 96, pages: 3, avg_engaged: 32, avg_scroll: 0.4 });
    expect(pages.totals.values).toEqual({ engaged_time: 186, pages: 4, avg_engaged: 46.5, avg_scroll: 0.55 });
    expect(byKey((await report(`content/engaged-sections?${RANGE}`)).rows)).toMatchObject({ noticies: { engaged_time: 96 }, esports: { engaged_time: 90 } });
    expect(byKey((await report(`content/engaged-authors?${RANGE}`)).rows)).toMatchObject({ 'Autor 1': { pages: 3 }, 'Autor 0': { pages: 1 } });
    expect(byKey((await report(`content/engaged-themes?${RANGE}`)).rows)).toMatchObject({ 'tema-1': { pages: 3 }, 'tema-0': { pages: 1 } });
    const programmes = await report(`content/engaged-programmes?${RANGE}`);
    expect(programmes.rows.map((row: Row) => [row.key, row.label, row.values.avg_engaged])).toEqual([
      ['prog-1', 'Programa 1', 32],
      ['prog-0', 'Programa 0', 90],
    ]);
    // A section's row opens its pages.
    const sport = await report(`content/engaged-pages?${RANGE}&section=esports`);
    expect(sport.rows.map((row: Row) => row.key)).toEqual(['http://localhost:8080/esports/article-2/']);
  });

  it('draws engaged time per day, filtered like every report, and is neither a page view nor a link', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await readers();
    const days = await report(`content/engaged-time?${RANGE}`);
    expect(days.rows.map((row: Row) => [row.key, row.values.engaged_time, row.values.pages])).toEqual([
      ['2026-11-23', 180, 3],
      ['2026-11-24', 6, 1],
    ]);
    const phone = await report(`content/engaged-time?${RANGE}&f=device:mobile`);
    expect(phone.rows.map((row: Row) => row.values.avg_engaged)).toEqual([60, null]);
    const pageViews = await report(`content/pages?${RANGE}`);
    expect(pageViews.totals.values.page_views).toBe(4);
    const calls = await report(`engagement/calls?${RANGE}`);
    expect(calls.totals.values.calls ?? 0).toBe(0);
  });

  it('refuses an engagement hit without its measures, and stores none that consent refuses', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    const missing = await send('A', MORNING, article(1, 'noticies'), 'page_engagement');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('missing context data mesura.engaged_ms for pe=eng');
    const refusing = { gdprApplies: true, tcString: tcString({ purposes: [1], vendors: [] }, MORNING) };
    const measures = { 'mesura.engaged_ms': '1000', 'mesura.scroll_pct': '10' };
    expect((await send('R', MORNING, { ...article(1, 'noticies'), contextData: measures, consent: refusing }, 'page_engagement')).statusCode).toBe(200);
    const pages = await report(`content/engaged-pages?${RANGE}`);
    expect(pages.rows).toEqual([]);
  });
});

describe('engaged time under the minimum cohort (5)', () => {
  it('hides a page read by fewer than 5 visitors', async () => {
    t = await startTestServer({}, () => clock);
    await readers();
    const pages = await report(`content/engaged-pages?${RANGE}`);
    expect(pages.rows).toHaveLength(2);
    expect(pages.rows.every((row: Row) => row.hidden === true && row.values.engaged_time === null)).toBe(true);
  });

  it('shows a page read by 5 visitors, over its cells and filtered', async () => {
    t = await startTestServer({}, () => clock);
    for (const [n, visitor] of ['A', 'B', 'C', 'D', 'E'].entries()) await read(visitor, MORNING + n * MINUTE_MS, article(1, 'noticies'), 10_000, 20);
    await read('F', MORNING + 6 * MINUTE_MS, article(2, 'esports'), 10_000, 20);
    for (const ask of [`content/engaged-pages?${RANGE}`, `content/engaged-pages?${RANGE}&f=device:desktop`]) {
      const pages = await report(ask);
      expect(pages.rows.map((row: Row) => [row.label, row.hidden === true, row.values.engaged_time])).toEqual([
        ['Títol 1', false, 50],
        ['Títol 2', true, null],
      ]);
    }
    const sections = await report(`content/engaged-sections?${RANGE}`);
    expect(byKey(sections.rows)).toMatchObject({ noticies: { pages: 5 } });
    expect(sections.totals.values).toMatchObject({ engaged_time: 60, pages: 6 });
  });
});
