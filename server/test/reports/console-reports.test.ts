import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsHit, HitType } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const MINUTE_MS = 60_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const DAY_MS = 24 * 60 * 60 * 1000;
const ARTICLE = 'http://localhost:8080/noticies/politica/titol-x/';

let t: TestServer;
/** The server a test started for itself (`start`), closed after it. */
let own: TestServer | undefined;
let clock = MORNING;

async function start(env: Record<string, string> = {}) {
  own = t = await startTestServer(env, () => clock);
}

afterEach(async () => {
  await own?.dispose();
  own = undefined;
});

interface Visit {
  visitor: string;
  at: number;
  ua?: string;
  hit?: Partial<AnalyticsHit>;
  type?: HitType;
}

async function send({ visitor, at, ua = BROWSER_UA, hit = {}, type = 'page_view' }: Visit): Promise<AnalyticsHit> {
  clock = at;
  const full = testHit({ visitor: { fid: visitor }, ...hit });
  const response = await t.server.app.inject({ url: beaconUrl(full, type), headers: { 'user-agent': ua } });
  expect(response.statusCode).toBe(200);
  return full;
}

/** A page that is not a search sends the data layer's default as its keywords and results, and without `int` as its internal campaign (spec §5). */
const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home = { pageName: 'mesura:portada', url: 'http://localhost:8080/', eVars: { 1: 'portada', 8: 'portada', 20: 'Portada', ...NOT_A_SEARCH } };
const article = {
  pageName: 'noticies:politica:titol-x',
  url: ARTICLE,
  eVars: { 1: 'noticies', 2: 'politica', 8: 'noticia', 20: 'Títol X', 21: 'Anna Puig', 17: 'eleccions', ...NOT_A_SEARCH },
  props: { 1: 'noticies' },
};

async function report(path: string) {
  const response = await t.server.app.inject({ url: `/api/reports/${path}`, headers: await t.authHeaders('analyst') });
  return { status: response.statusCode, body: response.json() };
}

/** What the figures' tests read: two visitors' visits, searches, a share and a download. */
async function sendFixture() {
  // A: two visits (the second 55 minutes after the first page), entering from a search engine.
  await send({ visitor: 'A', at: MORNING, hit: { ...home, referrer: 'https://www.google.es/' } });
  await send({ visitor: 'A', at: MORNING + 5 * MINUTE_MS, hit: article });
  await send({ visitor: 'A', at: MORNING + 60 * MINUTE_MS, hit: article });
  // B: one visit on a phone from a social network, with a campaign and two searches, one empty.
  await send({ visitor: 'B', at: MORNING + 10 * MINUTE_MS, ua: PHONE_UA, hit: { ...article, referrer: 'https://m.facebook.com/', eVars: { ...article.eVars, 0: 'Tardor' } } });
  const search = { pageName: 'cercador', url: 'http://localhost:8080/cercador/?q=temps', eVars: { 1: 'cercador', 8: 'cercador' } };
  await send({ visitor: 'B', at: MORNING + 11 * MINUTE_MS, ua: PHONE_UA, hit: { ...search, eVars: { ...search.eVars, 23: 'Temps', 24: '0' } } });
  await send({ visitor: 'B', at: MORNING + 12 * MINUTE_MS, ua: PHONE_UA, hit: { ...search, eVars: { ...search.eVars, 23: 'temps ', 24: '4' } } });
  // B shares the article on a network (event3) and downloads a file.
  await send({
    visitor: 'B',
    at: MORNING + 13 * MINUTE_MS,
    ua: PHONE_UA,
    type: 'link_o',
    hit: { ...article, events: [{ id: 3 }], eVars: { ...article.eVars, 32: 'whatsapp' }, link: { type: 'o', name: 'Comparteix' } },
  });
  await send({
    visitor: 'B',
    at: MORNING + 14 * MINUTE_MS,
    ua: PHONE_UA,
    type: 'link_d',
    hit: { ...article, events: [{ id: 5 }], link: { type: 'd', name: 'Informe (PDF)', url: 'http://localhost:8080/docs/informe.pdf' } },
  });
}

describe('console reports, figures (minimum cohort 1)', () => {
  // Most tests only read the fixture: they share one server holding it, since starting a server and
  // sending the fixture costs seconds. A test that sends more gets a server and a fixture of its own.
  describe('on the fixture alone', () => {
    let shared: TestServer;
    let sentUntil = MORNING;
    beforeAll(async () => {
      shared = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
      t = shared;
      await sendFixture();
      sentUntil = clock;
    }, 60_000);
    afterAll(() => shared?.dispose());
    beforeEach(() => {
      t = shared;
      clock = sentUntil;
    });

    it('counts audience by day from visits: 30 idle minutes close a visit', async () => {
      const { body } = await report('audience/by-day?from=2026-11-22&to=2026-11-23');
      expect(body.rows.map((r: { key: string }) => r.key)).toEqual(['2026-11-22', '2026-11-23']);
      expect(body.rows[0].values).toEqual({ page_views: 0, visits: 0, visitors: 0, pages_per_visit: null, bounce_rate: null, avg_duration: null });
      // A: 2 visits (2 pages, then 1), B: 1 visit of 3 pages; one bounce of three visits. Their
      // durations, first page view to last: 5 min, 0 s (one page), 2 min (B's links count none).
      expect(body.rows[1].values).toEqual({ page_views: 6, visits: 3, visitors: 2, pages_per_visit: 2, bounce_rate: 1 / 3, avg_duration: 140 });
      expect(body.totals.values.visits).toBe(3);
    });

    it('counts audience by hour of the day in the site time zone', async () => {
      const { body } = await report('audience/by-hour?from=2026-11-23&to=2026-11-23');
      expect(body.rows).toHaveLength(24);
      expect(body.rows[10].values.visits).toBe(2);
      expect(body.rows[11].values.visits).toBe(1);
      // The range's visitors, read from the days' cells rather than the hours': A and B.
      expect(body.totals.values).toMatchObject({ visits: 3, visitors: 2 });
    });

    it('ranks sections with a drill-down, and pages by title linking to the page', async () => {
      const sections = await report('content/sections?from=2026-11-23&to=2026-11-23');
      expect(sections.body.rows[0]).toMatchObject({ key: 'noticies', values: { page_views: 3, entries: 2 }, drill: { report: 'content/subsections', params: { section: 'noticies' } } });
      expect(sections.body.totalRows).toBe(3);
      // Sections and subsections by the names the site and the content set give their slugs; a page without one says so.
      expect(sections.body.rows.map((r: { key: string; label: string }) => [r.key, r.label]).sort()).toEqual([
        ['cercador', 'Cercador'],
        ['noticies', 'Notícies'],
        ['portada', 'Portada'],
      ]);
      const subsections = await report('content/subsections?from=2026-11-23&to=2026-11-23&section=noticies');
      // A drilled report says what its parameters name, for its title.
      expect(subsections.body.paramLabels).toEqual({ section: 'Notícies' });
      expect((await report('content/pages?from=2026-11-23&to=2026-11-23&section=noticies&author=Anna%20Puig')).body.paramLabels).toEqual({ section: 'Notícies' });
      expect((await report('engagement/event-links?from=2026-11-23&to=2026-11-23&event=3')).body.paramLabels).toEqual({ event: 'Compartir' });
      expect(subsections.body.rows.map((r: { key: string; label: string }) => [r.key, r.label])).toEqual([['politica', 'Política']]);
      const pages = await report('content/pages?from=2026-11-23&to=2026-11-23&section=noticies');
      expect(pages.body.rows).toEqual([expect.objectContaining({ key: ARTICLE, label: 'Títol X', href: ARTICLE, values: { page_views: 3, entries: 2 } })]);
    });

    it('groups referrers and reads external campaigns case-insensitively', async () => {
      const groups = await report('acquisition/referrer-groups?from=2026-11-23&to=2026-11-23');
      const byKey = Object.fromEntries(groups.body.rows.map((r: { key: string; values: { visits: number } }) => [r.key, r.values.visits]));
      expect(byKey).toEqual({ cercadors: 1, 'xarxes-socials': 1, directe: 1 });
      const campaigns = await report('acquisition/external-campaigns?from=2026-11-23&to=2026-11-23');
      expect(campaigns.body.rows).toEqual([expect.objectContaining({ key: 'tardor', values: expect.objectContaining({ visits: 1 }) })]);
      // No page view came with `int`: the default they carry is no internal campaign.
      const internal = await report('acquisition/internal-campaigns?from=2026-11-23&to=2026-11-23');
      expect(internal.body.rows).toEqual([]);
    });

    it('counts searches by keyword, with the ones that found nothing', async () => {
      const keywords = await report('search/keywords?from=2026-11-23&to=2026-11-23');
      expect(keywords.body.rows).toEqual([expect.objectContaining({ key: 'temps', values: { searches: 2, visitors: 1, average_results: 2, zero_share: 0.5 } })]);
      const empty = await report('search/zero-results?from=2026-11-23&to=2026-11-23');
      expect(empty.body.rows[0].values).toEqual({ searches: 1, visitors: 1 });
    });

    it('counts as searches only the page views whose keywords are not the not-informed default', async () => {
      // Six page views carry keywords; four are 'No Informat' (home and articles), two are B's searches.
      const perVisit = await report('search/per-visit?from=2026-11-23&to=2026-11-23');
      expect(perVisit.body.rows).toEqual([expect.objectContaining({ key: '2026-11-23', values: expect.objectContaining({ searches: 2, searching_visits: 1, searches_per_visit: 2 }) })]);
      const keywords = await report('search/keywords?from=2026-11-23&to=2026-11-23');
      expect(keywords.body.rows.map((row: { key: string }) => row.key)).toEqual(['temps']);
    });

    it('answers searches per visit as a series of days: every day in order, named as a person reads it, drawn as a line', async () => {
      const { body } = await report('search/per-visit?from=2026-11-21&to=2026-11-23&compare=previous');
      expect(body.chart).toBe('line');
      expect(body.rows.map((r: { key: string; label: string }) => [r.key, r.label])).toEqual([
        ['2026-11-21', 'ds. 21/11/2026'],
        ['2026-11-22', 'dg. 22/11/2026'],
        ['2026-11-23', 'dl. 23/11/2026'],
      ]);
      expect(body.rows[0].values).toEqual({ searches: 0, searching_visits: 0, searches_per_visit: null, visitors: 0 });
      expect(body.rows[2].values).toMatchObject({ searches: 2, searching_visits: 1 });
      expect(body.totals.values).toMatchObject({ searches: 2, searching_visits: 1 });
      expect(body.rows).toHaveLength(body.totalRows);
    });

    it('counts direct calls by event number, shares by network and downloads', async () => {
      const calls = await report('engagement/calls?from=2026-11-23&to=2026-11-23');
      const named = calls.body.rows.map((r: { key: string; label: string; code?: string }) => [r.key, r.label, r.code]);
      expect(named.sort()).toEqual([
        ['3', 'Compartir', 'event3 · scCompartir'],
        ['5', 'Descàrrega', 'event5 · scDescarregar'],
      ]);
      const shares = await report('engagement/shares?from=2026-11-23&to=2026-11-23');
      expect(shares.body.rows).toEqual([expect.objectContaining({ key: 'whatsapp', label: 'WhatsApp', values: { calls: 1, visitors: 1 } })]);
      const downloads = await report('engagement/downloads?from=2026-11-23&to=2026-11-23');
      expect(downloads.body.rows[0]).toMatchObject({ key: 'http://localhost:8080/docs/informe.pdf', label: 'Informe (PDF)' });
    });

    it('stacks filters and compares with the previous period', async () => {
      const mobile = await report('audience/by-day?from=2026-11-23&to=2026-11-23&f=device:mobile');
      expect(mobile.body.totals.values).toMatchObject({ visits: 1, page_views: 3 });
      expect(mobile.body.filters).toEqual([{ dimension: 'device', value: 'mobile' }]);
      const both = await report('technology/devices?from=2026-11-23&to=2026-11-23&f=device:mobile&f=campaign:Tardor');
      expect(both.body.rows.map((r: { key: string }) => r.key)).toEqual(['mobile']);
      const compared = await report('content/sections?from=2026-11-23&to=2026-11-23&compare=previous');
      expect(compared.body.compare).toEqual({ from: '2026-11-22', to: '2026-11-22' });
      expect(compared.body.rows[0].previous).toEqual({ page_views: null, entries: null });
      // The earlier day had nothing: its totals show as its rows do, not as hidden by the cohort.
      expect(compared.body.totals).toEqual({ values: expect.objectContaining({ page_views: 6 }), previous: { page_views: null, entries: null } });
      const series = await report('audience/by-day?from=2026-11-23&to=2026-11-23&compare=previous');
      expect(series.body.totals.previousHidden).toBeUndefined();
      expect(series.body.totals.previous).toMatchObject({ page_views: 0, visits: 0, visitors: 0 });
    });

    it('answers a bad filter or parameter with 400 and one line', async () => {
      expect((await report('content/sections?from=2026-11-23&to=2026-11-23&f=colour:red')).status).toBe(400);
      expect((await report('content/sections?from=2026-11-23&to=2026-11-23&limit=501')).body.error).toBe('limit must be a whole number from 1 to 500');
      expect((await report('content/sections?from=2026-11-23&to=2026-11-23&section=x')).status).toBe(400);
    });
  });

  describe('with more sent than the fixture', () => {
    beforeEach(async () => {
      await start({ MESURA_MIN_COHORT: '1' });
      await sendFixture();
    }, 60_000);

    it("names a page whose title is the data layer's default by its address; one without any title by its page name", async () => {
      const weather = { pageName: 'mesura:el-temps', url: 'http://localhost:8080/el-temps/?lloc=girona', eVars: { 1: 'el-temps', 8: 'temps', 20: 'No Informat', ...NOT_A_SEARCH } };
      await send({ visitor: 'C', at: MORNING + 20 * MINUTE_MS, hit: weather });
      const pages = await report('content/pages?from=2026-11-23&to=2026-11-23');
      const labels = Object.fromEntries(pages.body.rows.map((r: { key: string; label: string }) => [r.key, r.label]));
      expect(labels).toEqual({ [ARTICLE]: 'Títol X', 'http://localhost:8080/': 'Portada', 'http://localhost:8080/cercador/?q=temps': 'cercador', [weather.url]: '/el-temps/?lloc=girona' });
      const entries = await report('content/entry-pages?from=2026-11-23&to=2026-11-23');
      expect(entries.body.rows.find((r: { key: string }) => r.key === weather.url)).toMatchObject({ label: '/el-temps/?lloc=girona', href: weather.url });
      // A link there is named by its own name alone; one on a titled page by both.
      await send({ visitor: 'C', at: MORNING + 21 * MINUTE_MS, type: 'link_o', hit: { ...weather, events: [{ id: 3 }], link: { type: 'o', name: 'Comparteix el temps' } } });
      const links = await report('engagement/event-links?from=2026-11-23&to=2026-11-23&event=3');
      expect(links.body.rows.map((r: { label: string }) => r.label).sort()).toEqual(['Comparteix el temps', 'Comparteix · Títol X']);
    });

    it('names browsers and systems in Catalan where their names are English words, the name sent its code', async () => {
      const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
      await send({ visitor: 'I', at: MORNING + 40 * MINUTE_MS, ua: iphone, hit: home });
      const browsers = await report('technology/browsers?from=2026-11-23&to=2026-11-23');
      expect(browsers.body.rows).toContainEqual(expect.objectContaining({ key: 'Mobile Safari', label: 'Safari per a mòbil' }));
      const systems = await report('technology/systems?from=2026-11-23&to=2026-11-23');
      expect(systems.body.rows).toContainEqual(expect.objectContaining({ key: 'iOS', label: 'iOS' }));
    });

    it('stores a beacon sent twice once', async () => {
      const again = await send({ visitor: 'C', at: MORNING + 20 * MINUTE_MS, hit: article });
      await t.server.app.inject({ url: beaconUrl(again, 'page_view'), headers: { 'user-agent': BROWSER_UA } });
      const { body } = await report('content/pages?from=2026-11-23&to=2026-11-23');
      expect(body.rows[0].values.page_views).toBe(4);
    });
  });
});

describe('console reports, minimum cohort (default 5)', () => {
  beforeEach(async () => {
    await start();
  });

  it('hides a cell of fewer than 5 distinct visitors, and shows one of 5', async () => {
    for (const visitor of ['V1', 'V2', 'V3', 'V4', 'V5']) await send({ visitor, at: MORNING, hit: article });
    await send({ visitor: 'V1', at: MORNING + MINUTE_MS, hit: home });
    await send({ visitor: 'V1', at: MORNING + 2 * MINUTE_MS, hit: home });
    const { body } = await report('content/sections?from=2026-11-23&to=2026-11-23');
    expect(body.minCohort).toBe(5);
    expect(body.rows[0]).toMatchObject({ key: 'noticies', values: { page_views: 5, entries: 5 } });
    expect(body.rows[1]).toEqual({ key: 'portada', label: 'Portada', values: { page_views: null, entries: null }, hidden: true });
    // One visitor's visit entering on the home page: its totals would single them out.
    await send({ visitor: 'V6', at: MORNING + 90 * MINUTE_MS, hit: home });
    const single = await report('audience/by-day?from=2026-11-23&to=2026-11-23&f=section:portada');
    expect(single.body.totals.hidden).toBe(true);
    // No visit entered on a page without a section: nothing to hide.
    const none = await report('audience/by-day?from=2026-11-23&to=2026-11-23&f=section:cercador');
    expect(none.body.totals).toEqual({ values: { page_views: 0, visits: 0, visitors: 0, pages_per_visit: null, bounce_rate: null, avg_duration: null } });
  });

  it('adds up hidden rows into one row of others when they reach 5 visitors together, and compares it with the same rows before', async () => {
    // Six subsections of one reader each (hidden one by one), five readers of one more, the day before two of the six.
    const read = (visitor: string, subsection: string, at = MORNING) => send({ visitor, at, hit: { ...article, eVars: { ...article.eVars, 2: subsection } } });
    for (const [visitor, subsection] of [
      ['A1', 'politica'],
      ['A2', 'societat'],
      ['A3', 'economia'],
      ['A4', 'cultura'],
      ['A5', 'esports'],
      ['A6', 'internacional'],
    ])
      await read(visitor!, subsection!);
    await read('A1', 'societat', MORNING + MINUTE_MS);
    for (const visitor of ['B1', 'B2', 'B3', 'B4', 'B5']) await read(visitor, 'salut');
    await read('P1', 'politica', MORNING - DAY_MS);
    await read('P2', 'societat', MORNING - DAY_MS);
    const { body } = await report('content/subsections?from=2026-11-23&to=2026-11-23&compare=previous');
    expect(body.rows.map((row: { key: string }) => row.key)).toEqual(['salut', '(altres)']);
    expect(body.othersRows).toBe(6);
    expect(body.rows[1]).toMatchObject({ label: 'Altres (menys de 5 visitants)', values: { page_views: 7, entries: 6 } });
    // The day before, the same six rows held two readers: fewer than 5, so that period's cell is hidden.
    expect(body.rows[1]).toMatchObject({ previous: { page_views: null, entries: null }, previousHidden: true });
    expect(body.totals.values).toMatchObject({ page_views: 12 });
  });

  it('leaves hidden rows one by one when together they still count fewer than 5 visitors', async () => {
    const read = (visitor: string, subsection: string) => send({ visitor, at: MORNING, hit: { ...article, eVars: { ...article.eVars, 2: subsection } } });
    for (const subsection of ['politica', 'societat', 'economia']) await read('C1', subsection);
    await read('C2', 'cultura');
    const { body } = await report('content/subsections?from=2026-11-23&to=2026-11-23');
    expect(body.othersRows).toBeUndefined();
    expect(body.rows).toHaveLength(4);
    expect(body.rows.every((row: { hidden?: boolean }) => row.hidden)).toBe(true);
  });

  it('lists every report in the catalogue, for analysts only', async () => {
    const { body } = await report('catalogue');
    expect(body).toContainEqual({ report: 'content/subsections', area: 'content', title: 'Subseccions', params: ['section'] });
    const anonymous = await t.server.app.inject({ url: '/api/reports/audience/by-day?from=2026-11-23&to=2026-11-23' });
    expect(anonymous.statusCode).toBe(401);
  });
});
