import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { startServerProcess, stopServerProcess } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

interface StoredHit {
  hit_type: string;
  visitor_id: string;
  url: string | null;
  link_url: string | null;
  context_data: string;
  page_name: string | null;
  link_name: string | null;
  events: string;
  content_title: string | null;
  content_type: string | null;
  social_action: string | null;
  click_identifier: string | null;
  search_keywords: string | null;
}

/** A sister site of the broadcaster, linked from the footer (apps/site sister-sites.tsx). */
const SISTER_DOMAIN = 'mesuraradio.example';
/** The first admin the server makes on its first start; the export needs a signed-in analyst. */
const ADMIN = { email: 'analista@mesura.test', password: 'una-contrasenya-de-prova' };
const site = useSiteUnderTest({
  env: { MESURA_SISTER_DOMAINS: SISTER_DOMAIN, MESURA_ADMIN_EMAIL: ADMIN.email, MESURA_ADMIN_PASSWORD: ADMIN.password },
});

/** The session cookie, signed in again when the server answers 401 (a new server process). */
let sessionCookie: string | undefined;
async function signIn(): Promise<string> {
  const answer = await fetch(`${site.server.baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (answer.status !== 204) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function storedHits(suite?: string): Promise<StoredHit[]> {
  const day = today();
  const url = `${site.server.baseUrl}/api/export/events?from=${day}&to=${day}${suite ? `&suite=${suite}` : ''}`;
  sessionCookie ??= await signIn();
  let answer = await fetch(url, { headers: { cookie: sessionCookie } });
  if (answer.status === 401) {
    sessionCookie = await signIn();
    answer = await fetch(url, { headers: { cookie: sessionCookie } });
  }
  if (!answer.ok) throw new Error(`the export answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as StoredHit[];
}

/**
 * The hits of the calls and page views under test: the custom script lectura-completa.js adds a
 * `lectura completa` link whenever an article's end is in view (e2e/script-loads.test.ts), and
 * /mesura.js each page's engagement hit as the page is left (e2e/page-engagement.test.ts).
 */
const ofCalls = (hits: StoredHit[]) => hits.filter((hit) => hit.link_name !== 'lectura completa' && hit.hit_type !== 'page_engagement');

const eventIds = (hit: StoredHit) => (JSON.parse(hit.events) as { id: number }[]).map((e) => e.id);

/** The spec's event number of each direct call (§7, §9); the others are links without an event. */
const CALL_EVENTS: Record<string, { hitType: string; events: number[] }> = {
  scCompartir: { hitType: 'link_o', events: [3] },
  scClicBoto: { hitType: 'link_o', events: [10] },
  scDescarregar: { hitType: 'link_d', events: [5] },
  scJugar: { hitType: 'link_o', events: [9] },
  scPerMesTard: { hitType: 'link_o', events: [] },
  scVeureATV: { hitType: 'link_o', events: [] },
  scParticipar: { hitType: 'link_o', events: [15] },
  scSubtitols: { hitType: 'link_o', events: [] },
  scDVR: { hitType: 'link_o', events: [] },
  scFinestraNova: { hitType: 'link_o', events: [26] },
};

/**
 * Opens a site page and resolves once the app has replaced the server's first view. That view's
 * buttons are plain markup with no handler until the app renders the page again in the browser,
 * so a click before then is no call at all (nothing sent, nothing queued). The page view is one of
 * the app's effects, run after its render: once the collector has acknowledged it, the buttons are
 * the app's.
 */
async function openInteractive(page: Page, url: string): Promise<void> {
  const pageViewAcknowledged = page.waitForResponse((answer) => {
    const beacon = answer.request();
    return beacon.method() === 'POST' && beacon.url().includes('/b/ss/mesuradev/') && !/(^|&)pe=/.test(beacon.postData() ?? '') && answer.ok();
  });
  await page.goto(url);
  await pageViewAcknowledged;
}

/** The activity-map module's file; its listeners (link tracking, sister links) exist once it has run. */
const ACTIVITY_MAP_FILE = '/mesura-activity-map.js';

/**
 * Marks each document of `page` once the activity-map module has run: a script's load event comes
 * after its code ran, whereas its resource timing entry may come just before.
 */
async function watchActivityMap(page: Page): Promise<void> {
  await page.addInitScript((file) => {
    const mark = (event: Event) => {
      if (event.target instanceof HTMLScriptElement && event.target.src.endsWith(file)) (window as { activityMapRan?: boolean }).activityMapRan = true;
    };
    document.addEventListener('load', mark, true);
  }, ACTIVITY_MAP_FILE);
}

/** Resolves once this document's activity-map module has run; a click before then is not tracked. */
async function activityMapRan(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { activityMapRan?: boolean }).activityMapRan === true, undefined, { timeout: 15_000 });
}

/** Shares the open page by copying its link (the share menu's "Copia l'enllaç"): scCompartir. */
async function shareByCopying(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Comparteix' }).click();
  await page.getByRole('menuitem', { name: "Copia l'enllaç" }).click();
  await page.getByText('Enllaç copiat al porta-retalls.').waitFor();
}

/** The article that offers a document for download, from the content API. */
async function articleWithDocument(): Promise<string> {
  const { teasers } = (await (await fetch(`${site.server.baseUrl}/api/content/themes/pressupostos`)).json()) as { teasers: { path: string }[] };
  return teasers[0]!.path;
}

describe("the site's tracking rules in Chromium (spec §2, §7)", () => {
  it("stores the article's calls (share, take part, download) with their event numbers and link fields, and the search with event2", async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.baseUrl });
    await openInteractive(page, `${site.server.baseUrl}/noticia/1001/parlament-aprova-llei-habitatge-assequible/`);
    await shareByCopying(page);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Vota' }).click();
    await page.getByRole('list', { name: 'Resultats' }).waitFor();
    await openInteractive(page, site.server.baseUrl + (await articleWithDocument()));
    const download = page.locator('.article-actions a[download]');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(await file.failure()).toBeNull();
    await page.goto(`${site.server.baseUrl}/cercador/?q=habitatge`);
    // Two articles' page views, three calls, the search.
    await expect.poll(async () => ofCalls(await storedHits()).length, { timeout: 15_000 }).toBe(2 + 3 + 1);
    await page.close();

    const hits = ofCalls(await storedHits());
    const byCall = { scCompartir: hits.find((h) => h.link_name === 'Comparteix'), scParticipar: hits.find((h) => eventIds(h).includes(15)), scDescarregar: hits.find((h) => h.hit_type === 'link_d') };
    for (const [call, hit] of Object.entries(byCall)) {
      expect(hit, call).toBeDefined();
      expect({ call, hitType: hit!.hit_type, events: eventIds(hit!) }).toEqual({ call, ...CALL_EVENTS[call] });
      expect(hit!.content_type, call).toBe('noticia');
    }
    expect(byCall.scCompartir).toMatchObject({ content_title: expect.stringMatching(/Parlament/), social_action: 'enllac', click_identifier: 'article-scCompartir' });
    expect(byCall.scDescarregar!.link_url).toMatch(/\/documents\/pressupostos-2027\.pdf$/);
    const search = hits.find((h) => h.page_name === 'mesura:cercador');
    expect(search && eventIds(search)).toEqual([1, 2]);
    expect(search!.search_keywords).toBe('habitatge');

    // The second account (type ga) of the development environment got the same page views.
    const ga = await storedHits('G-MESURADEV');
    expect(ga.map((h) => [h.hit_type, h.page_name])).toEqual(hits.filter((h) => h.hit_type === 'page_view').map((h) => ['page_view', h.page_name]));
  });

  it('loads the activity-map module: a download and an exit link are tracked, the sister link carries the visitor id', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    let sisterUrl = '';
    await page.route(`https://www.${SISTER_DOMAIN}/**`, (route) => {
      sisterUrl = route.request().url();
      return route.fulfill({ contentType: 'text/html', body: '<title>Mesura Ràdio</title>' });
    });
    await watchActivityMap(page);
    await page.goto(`${site.server.baseUrl}/el-temps/`);
    await activityMapRan(page);
    const visitorId = await page.evaluate(() => (window.mesura as { identity: { visitorId(): string } }).identity.visitorId());

    await page.getByRole('link', { name: "Informe d'audiències 2026 (PDF)" }).click();
    await page.goto(`${site.server.baseUrl}/el-temps/`);
    // A new document: the module loads again, and only then decorates the sister link on click.
    await activityMapRan(page);
    await page.getByRole('link', { name: `www.${SISTER_DOMAIN}` }).click();
    await page.waitForURL(`https://www.${SISTER_DOMAIN}/**`);
    expect(new URL(sisterUrl).searchParams.get('mesura_vid')).toMatch(new RegExp(`^${visitorId}\\.\\d+$`));

    const linkOf = async (type: string) => (await storedHits()).find((h) => h.hit_type === type && h.url?.includes('/el-temps/'));
    await expect.poll(() => linkOf('link_d'), { timeout: 15_000 }).toBeDefined();
    await expect.poll(() => linkOf('link_e'), { timeout: 15_000 }).toBeDefined();
    const download = (await linkOf('link_d'))!;
    expect(download.link_url).toBe(`${site.server.baseUrl}/documents/informe-audiencies-2026.pdf`);
    expect(download.link_name).toBe("Informe d'audiències 2026 (PDF)");
    expect(JSON.parse(download.context_data)).toMatchObject({ 'a.activitymap.link': "Informe d'audiències 2026 (PDF)" });
    const exit = (await linkOf('link_e'))!;
    expect(exit.link_url).toMatch(new RegExp(`^https://www\\.${SISTER_DOMAIN.replace('.', '\\.')}/`));
    await page.close();
  });

  it('adopts the visitor id a sister domain sent, and takes it off the address (§9 incoming cross-domain linking)', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    const id = '0123456789ABCDEF-FEDCBA9876543210';
    await page.goto(`${site.server.baseUrl}/noticia/1003/?mesura_vid=${id}.${Math.floor(Date.now() / 1000)}`);
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(async () => (await storedHits()).some((h) => h.visitor_id === id && h.hit_type === 'page_view'), { timeout: 15_000 }).toBe(true);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'mesura_fid')?.value).toBe(id);
    await page.close();
  });

  it('delivers a beacon sent while the collector was down once it is back', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.baseUrl });
    // The page view acknowledged: the app's buttons are there and the SDK, which queues beacons, runs.
    await openInteractive(page, `${site.server.baseUrl}/noticia/1002/hospitals-allarguen-horari-vacunacio-grip/`);
    await page.waitForLoadState('networkidle');
    const countOf = async () => (await storedHits()).filter((h) => h.link_name === 'Comparteix').length;
    const before = await countOf();
    await stopServerProcess(site.server);

    // Sharing needs no server: the call is made, and queued while the collector is down.
    await shareByCopying(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mesura_queue') ?? ''), { timeout: 10_000 }).toContain('pev2');

    site.server = await startServerProcess({ dataDir: site.dataDir, port: site.server.port });
    await page.goto(`${site.server.baseUrl}/el-temps/`);
    await expect.poll(countOf, { timeout: 15_000 }).toBe(before + 1);
    await page.close();
  });
});
