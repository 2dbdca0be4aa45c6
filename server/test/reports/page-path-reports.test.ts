/**
 * The path reports (reports/page-path-reports.ts) on DuckDB: a page's transitions (where its
 * visitors came from: previous pages and entries from outside by campaign, search engine, social
 * network or straight in; where they went: next pages, exit links, downloads and exits), each with
 * its share of the page's views, and the entry-page tree three levels deep; filtered, drilled and
 * under the minimum cohort.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsHit, HitType } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const MINUTE_MS = 60_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-24';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

const page = (path: string, title: string) => ({ pageName: `mesura:${path}`, url: `http://localhost:8080/${path}`, eVars: { 1: 'noticies', 20: title } });
const HOME = page('', 'Portada');
const A1 = page('a1/', 'Article 1');
const A2 = page('a2/', 'Article 2');
const A3 = page('a3/', 'Article 3');
const DOWNLOAD = 'http://localhost:8080/docs/informe.pdf';
const EXIT_LINK = 'https://www.diari.cat/';

let t: TestServer;
let clock = MORNING;
afterEach(async () => {
  await t?.dispose();
});

async function send(visitor: string, minute: number, hit: Partial<AnalyticsHit>, type: HitType = 'page_view', ua = BROWSER_UA) {
  clock = MORNING + minute * MINUTE_MS;
  const full = testHit({ visitor: { fid: visitor }, ...hit });
  expect((await t.server.app.inject({ url: beaconUrl(full, type), headers: { 'user-agent': ua } })).statusCode).toBe(200);
}

/**
 * Four visits through Article 1: from a search engine via the home page (then a download on the
 * article, and Article 2); straight in (then Article 2 and 3); from a social network with a
 * campaign, on a phone (an exit link, and the visit ends); from another site via the home page
 * (then back home).
 */
async function visits(): Promise<void> {
  await send('V1', 0, { ...HOME, referrer: 'https://www.google.es/' });
  await send('V1', 1, A1);
  await send('V1', 2, { ...A1, events: [{ id: 5 }], link: { type: 'd', name: 'Informe', url: DOWNLOAD } }, 'link_d');
  await send('V1', 3, A2);
  await send('V2', 10, A1);
  await send('V2', 11, A2);
  await send('V2', 12, A3);
  await send('V3', 20, { ...A1, referrer: 'https://m.facebook.com/', eVars: { ...A1.eVars, 0: 'Tardor' } }, 'page_view', PHONE_UA);
  await send('V3', 21, { ...A1, events: [], link: { type: 'e', name: 'Diari', url: EXIT_LINK } }, 'link_e', PHONE_UA);
  await send('V4', 30, { ...HOME, referrer: 'https://www.vilaweb.cat/' });
  await send('V4', 31, A1);
  await send('V4', 32, HOME);
}

async function report(path: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${path}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Row = { key: string; label: string; hidden?: boolean; drill?: { report: string; params: Record<string, string> }; values: Record<string, number | null> };
const figures = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.label, [row.values.page_views ?? row.values.visits, row.values.page_share ?? row.values.visit_share]]));
const ask = (report: string, params: Record<string, string>, extra = '') => `${report}?${RANGE}&${new URLSearchParams(params)}${extra}`;

describe('a page transitions (minimum cohort 1)', () => {
  it('lists where the views of a page came from, with their shares of its views', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await visits();
    const previous = await report(ask('content/page-previous', { page: A1.url }));
    expect(previous.title).toBe("D'on venen els visitants d'una pàgina");
    expect(figures(previous.rows)).toEqual({ Portada: [2, 0.5], '(entrada directa)': [1, 0.25], '(campanya) Tardor': [1, 0.25] });
    expect(previous.totals.values).toEqual({ page_views: 4, page_share: 1 });
    // A previous page opens its own transitions; an entry from outside opens nothing.
    const home = previous.rows.find((row: Row) => row.label === 'Portada');
    expect(home.drill).toEqual({ report: 'content/page-previous', params: { page: HOME.url } });
    expect(previous.rows.find((row: Row) => row.key === '(entrada directa)').drill).toBeUndefined();
  });

  it('names entries from outside by search engine, social network and other site', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await visits();
    const previous = await report(ask('content/page-previous', { page: HOME.url }));
    expect(figures(previous.rows)).toEqual({ '(cercador) www.google.es': [1, 1 / 3], '(altre web) www.vilaweb.cat': [1, 1 / 3], 'Article 1': [1, 1 / 3] });
    const noCampaign = await report(ask('content/page-previous', { page: A1.url }, '&f=device:desktop'));
    expect(Object.keys(figures(noCampaign.rows))).not.toContain('(xarxa social) m.facebook.com');
  });

  it('lists where the views went: next pages, downloads, exit links and exits', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await visits();
    const next = await report(ask('content/page-next', { page: A1.url }));
    expect(next.title).toBe("On van els visitants d'una pàgina");
    expect(figures(next.rows)).toEqual({
      'Article 2': [2, 0.5],
      Portada: [1, 0.25],
      '(sortida)': [1, 0.25],
      [`(descàrrega) ${DOWNLOAD}`]: [1, 0.25],
      [`(enllaç de sortida) ${EXIT_LINK}`]: [1, 0.25],
    });
    expect(next.totals.values.page_views).toBe(4);
    expect(next.rows.find((row: Row) => row.label === '(sortida)').drill).toBeUndefined();
  });

  it('narrows the page views by a filter', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await visits();
    const mobile = await report(ask('content/page-previous', { page: A1.url }, '&f=device:mobile'));
    expect(figures(mobile.rows)).toEqual({ '(campanya) Tardor': [1, 1] });
    const desktop = await report(ask('content/page-next', { page: A1.url }, '&f=device:desktop'));
    expect(figures(desktop.rows)).toEqual({ 'Article 2': [2, 2 / 3], Portada: [1, 1 / 3], [`(descàrrega) ${DOWNLOAD}`]: [1, 1 / 3] });
    // These visits come from an address no database places: a place filter leaves none.
    expect((await report(ask('content/page-next', { page: A1.url }, '&f=country:ES'))).rows).toEqual([]);
    expect((await report(ask('content/entry-paths', { entry: A1.url }, '&f=region:Catalonia'))).rows).toEqual([]);
  });

  it('lists the pages to choose from when no page is asked, each opening its transitions', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await visits();
    const pages = await report(`content/page-next?${RANGE}`);
    expect(figures(pages.rows)).toEqual({ 'Article 1': [4, 0.4], Portada: [3, 0.3], 'Article 2': [2, 0.2], 'Article 3': [1, 0.1] });
    expect(pages.rows[0].drill).toEqual({ report: 'content/page-next', params: { page: A1.url } });
  });
});

describe('entry paths three levels deep (minimum cohort 1)', () => {
  it('goes from the entry pages to their second and third pages', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await visits();
    const entries = await report(`content/entry-paths?${RANGE}`);
    expect(figures(entries.rows)).toEqual({ Portada: [2, 0.5], 'Article 1': [2, 0.5] });
    const home = entries.rows.find((row: Row) => row.label === 'Portada');
    expect(home.drill).toEqual({ report: 'content/entry-paths', params: { entry: HOME.url } });

    const second = await report(ask('content/entry-paths', { entry: A1.url }));
    expect(figures(second.rows)).toEqual({ 'Article 2': [1, 0.5], '(sortida)': [1, 0.5] });
    const a2 = second.rows.find((row: Row) => row.label === 'Article 2');
    expect(a2.drill).toEqual({ report: 'content/entry-paths', params: { entry: A1.url, second: A2.url } });

    const third = await report(ask('content/entry-paths', { entry: HOME.url, second: A1.url }));
    expect(figures(third.rows)).toEqual({ 'Article 2': [1, 0.5], Portada: [1, 0.5] });
    // Past the third level, a page opens where its visitors went next.
    expect(third.rows.find((row: Row) => row.label === 'Article 2').drill).toEqual({ report: 'content/page-next', params: { page: A2.url } });
    expect(figures((await report(ask('content/entry-paths', { entry: A1.url, second: A2.url }))).rows)).toEqual({ 'Article 3': [1, 1] });
  });
});

describe('paths under the minimum cohort', () => {
  it('hides the steps fewer than the minimum cohort of visitors took, adding them up where two visitors took them together', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '2' }, () => clock);
    await visits();
    const previous = await report(ask('content/page-previous', { page: A1.url }));
    // The campaign's and the direct entry's one visitor each: two visitors together, shown as others.
    expect(previous.rows.map((row: Row) => [row.label, row.hidden === true, row.values.page_views])).toEqual([
      ['Portada', false, 2],
      ['Altres (menys de 2 visitants)', false, 2],
    ]);
    expect(previous.othersRows).toBe(2);
    const second = await report(ask('content/entry-paths', { entry: A1.url }));
    // Every second step one visitor took: none shown on its own.
    expect(second.rows.every((row: Row) => row.hidden === true || row.key === '(altres)')).toBe(true);
  });
});

/** Every path ask of the fixture: each page's transitions, and the entry tree's levels. */
const PATH_ASKS = [
  ...[HOME, A1, A2].flatMap(({ url }) => [ask('content/page-previous', { page: url }), ask('content/page-next', { page: url })]),
  ...[HOME, A1].map(({ url }) => ask('content/entry-paths', { entry: url })),
  ask('content/entry-paths', { entry: HOME.url, second: A1.url }),
  ask('content/entry-paths', { entry: A1.url, second: A2.url }),
];

/** Asked unfiltered (the transition cells) and filtered by a section every view has (the rows): the same answer. */
async function expectCellsAsRows(): Promise<void> {
  for (const path of PATH_ASKS) {
    const cells = await report(path);
    const rows = await report(`${path}&f=section:noticies`);
    expect({ path, rows: cells.rows, totals: cells.totals }).toEqual({ path, rows: rows.rows, totals: rows.totals });
  }
}

describe('paths from their roll-up (minimum cohort 1)', () => {
  it('answers alike from the transition cells and from the rows, as the visits load and close', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    // Asked between the visits' hits, so that later loads continue visits an earlier one began
    // (V2's Article 1 is viewed twice then, a fifth view of it).
    await send('V1', 0, { ...HOME, referrer: 'https://www.google.es/' });
    await send('V2', 10, A1);
    await expectCellsAsRows();
    await visits();
    await expectCellsAsRows();
    // A visitor's page much later closes every visit above: their exits are in the cells then.
    await send('V9', 120, A3);
    await expectCellsAsRows();
    const next = await report(ask('content/page-next', { page: A1.url }));
    expect(figures(next.rows)).toMatchObject({ 'Article 2': [2, 0.4], Portada: [1, 0.2], '(sortida)': [1, 0.2], [`(descàrrega) ${DOWNLOAD}`]: [1, 0.2] });
  }, 60_000);
});

describe('paths narrowed by a segment (minimum cohort 1)', () => {
  it('counts only the segment visitors: where they came from, went and entered', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await visits();
    // V3, on a phone, is the segment; the other three visits are on a computer.
    const phone = { id: 'phone', name: 'Mòbil', shared: false, match: 'all', groups: [{ match: 'all', conditions: [{ type: 'visit', attribute: 'device', value: 'mobile' }] }] };
    const saved = await t.server.app.inject({ method: 'PUT', url: '/api/segments/phone', headers: await t.authHeaders('analyst'), payload: phone });
    expect(saved.statusCode, saved.body).toBe(201);
    const previous = await report(ask('content/page-previous', { page: A1.url }, '&s=phone'));
    expect(previous.segment).toEqual({ id: 'phone', name: 'Mòbil' });
    expect(previous.ignoredSegment).toBeFalsy();
    expect(figures(previous.rows)).toEqual({ '(campanya) Tardor': [1, 1] });
    const next = await report(ask('content/page-next', { page: A1.url }, '&s=phone'));
    expect(figures(next.rows)).toEqual({ '(sortida)': [1, 1], [`(enllaç de sortida) ${EXIT_LINK}`]: [1, 1] });
    const entries = await report(ask('content/entry-paths', {}, '&s=phone'));
    expect(figures(entries.rows)).toEqual({ 'Article 1': [1, 1] });
    const second = await report(ask('content/entry-paths', { entry: A1.url }, '&s=phone'));
    expect(figures(second.rows)).toEqual({ '(sortida)': [1, 1] });
    expect((await report(ask('content/entry-paths', { entry: A1.url, second: A2.url }, '&s=phone'))).rows).toEqual([]);
  });
});
