/**
 * The server's first view before the app takes over (apps/site/src/early-input/): a visitor's click
 * on a tracked control, or a form sent, 50 ms after the page is shown and while the app's chunk is
 * still on its way, is done by the app once it starts, and measured as any other; a tracked link is
 * followed at once and its call is made by the next page's SDK once the visitor consents
 * (packages/sdk pending-link-click.ts), on the page it was clicked on; so is an exit link followed
 * before consent, which the SDK's activity-map module classifies (pending-plain-link-click.ts). A
 * link within the site followed then is remembered by the head (capture-pending-activity-map.ts)
 * for the next page view, which carries its ActivityMap as it would have after the SDK.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitorPage, pageViewAcknowledged } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

/** How long after the first view is shown the visitor acts: well before the app on a cold tab. */
const CLICK_AFTER_SHOWN_MS = 50;

interface StoredHit {
  hit_type: string;
  click_identifier: string | null;
  events: string;
  link_name: string | null;
  link_url: string | null;
  page_name: string | null;
  page_url: string | null;
  visitor_id: string;
  referrer: string | null;
  context_data: string;
  url: string | null;
  section: string | null;
}

async function storedHits(): Promise<StoredHit[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  return (await answer.json()) as StoredHit[];
}

async function storedCall(clickId: string): Promise<StoredHit> {
  const find = async () => (await storedHits()).find((hit) => hit.click_identifier === clickId);
  await expect.poll(async () => (await find()) !== undefined, { timeout: 15_000 }).toBe(true);
  return (await find())!;
}

/** The ActivityMap context data of the page view of `path` that `page`'s visitor sent (the one named `pageName`, if given), once stored. */
async function pageViewActivityMap(page: Page, path: string, pageName?: string): Promise<Record<string, string>> {
  const visitorId = () => page.evaluate(() => /(?:^|; )mesura_fid=([^;]*)/.exec(document.cookie)?.[1]);
  await expect.poll(visitorId, { timeout: 15_000 }).toBeDefined();
  const visitor = await visitorId();
  const isIt = (hit: StoredHit) => hit.url === `${site.server.baseUrl}${path}` && (pageName === undefined || hit.page_name === pageName);
  const find = async () => (await storedHits()).find((hit) => hit.hit_type === 'page_view' && hit.visitor_id === visitor && isIt(hit));
  await expect.poll(async () => (await find()) !== undefined, { timeout: 15_000 }).toBe(true);
  const contextData = JSON.parse((await find())!.context_data) as Record<string, string>;
  return Object.fromEntries(Object.entries(contextData).filter(([key]) => key.startsWith('a.activitymap.')));
}

/** Marks each document of `page` once the activity-map module has run (its script's load event), as e2e/tracking-rules.test.ts does. */
async function watchActivityMap(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const mark = (event: Event) => {
      if (event.target instanceof HTMLScriptElement && event.target.src.endsWith('/mesura-activity-map.js')) (window as { activityMapRan?: boolean }).activityMapRan = true;
    };
    document.addEventListener('load', mark, true);
  });
}

/**
 * Opens `path` with the app's chunk held back until the returned function is called: the page
 * shows the server's first view, without the app, for as long as the test needs.
 */
async function openFirstView(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${site.server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  return release;
}

const appStarted = (page: Page) => page.locator('#root[data-app="ready"]').count();

describe('the first view before the app', () => {
  it('starts the game clicked 50 ms after the page is shown, once the app is there, and measures the click', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    const releaseApp = await openFirstView(page, '/joc/');
    await page.getByRole('button', { name: 'Comença el joc' }).waitFor();
    await page.waitForTimeout(CLICK_AFTER_SHOWN_MS);
    await page.getByRole('button', { name: 'Comença el joc' }).click();
    expect(await appStarted(page)).toBe(0);

    releaseApp();
    await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.quiz-option').count()).toBeGreaterThan(0);
    const start = await storedCall('joc-diari-inici');
    expect({ type: start.hit_type, events: (JSON.parse(start.events) as { id: number }[]).map((e) => e.id) }).toEqual({ type: 'link_o', events: [9] });
    await page.context().close();
  });

  it('sends a sign-up filled and sent before the app with what was typed, the password never in the page’s address', async () => {
    const page = await newVisitorPage(site.browser);
    const releaseApp = await openFirstView(page, '/entrar/');
    const signUp = page.getByRole('form', { name: 'Crea un compte' });
    await signUp.getByLabel('Nom').waitFor();
    await page.waitForTimeout(CLICK_AFTER_SHOWN_MS);
    await signUp.getByLabel('Nom').fill('Pere');
    await signUp.getByLabel('Correu electrònic').fill('primera-vista@exemple.cat');
    await signUp.getByLabel('Contrasenya (12 caràcters o més)').fill('una-contrasenya-llarga');
    await signUp.getByRole('button', { name: 'Crea el compte' }).click();
    expect(await appStarted(page)).toBe(0);
    expect(new URL(page.url()).search).toBe('');

    releaseApp();
    await expect.poll(() => signUp.getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/^Us hem enviat un correu a primera-vista@exemple\.cat\./);
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('shows a new visitor the consent banner with the page, and stores «Rebutja-ho tot» clicked 50 ms after, before the app, once the app is there', async () => {
    const page = await newVisitorPage(site.browser);
    const releaseApp = await openFirstView(page, '/noticies/');
    const banner = page.getByRole('dialog', { name: 'La vostra privacitat' });
    await banner.waitFor();
    await page.waitForTimeout(CLICK_AFTER_SHOWN_MS);
    await page.getByRole('button', { name: 'Rebutja-ho tot', exact: true }).click();
    expect(await appStarted(page)).toBe(0);
    expect(await page.context().cookies()).toEqual([]);

    releaseApp();
    await expect.poll(async () => (await page.context().cookies()).map((cookie) => cookie.name), { timeout: 15_000 }).toEqual(['euconsent-v2']);
    expect(await banner.count()).toBe(0);
    expect(await page.locator('.consent-root').count()).toBe(1);
    await page.context().close();
  });

  it('measures «Mira el directe» followed 50 ms after the home page is shown, before the app and the SDK, on the next page once the visitor consents', async () => {
    const page = await newVisitorPage(site.browser);
    const beacons: string[] = [];
    page.on('request', (request) => void (request.url().includes('/b/ss/') && beacons.push(request.url())));
    const releaseApp = await openFirstView(page, '/');
    const link = page.locator('a.cta-live');
    await link.waitFor();
    await page.waitForTimeout(CLICK_AFTER_SHOWN_MS);
    expect(await appStarted(page)).toBe(0);
    await Promise.all([page.waitForURL('**/directes/mesura-tv/'), link.click()]);

    releaseApp();
    const accept = page.getByRole('button', { name: 'Accepta-ho tot', exact: true });
    await accept.waitFor();
    // Nothing before consent (§4): the click waits in the tab, and no beacon has left.
    expect(await page.evaluate(() => sessionStorage.getItem('mesura_clic_pendent'))).toContain('["track","scClicBoto",');
    expect(beacons).toEqual([]);
    await accept.click();

    const hit = await storedCall('cta-directe');
    expect({ ...hit, events: (JSON.parse(hit.events) as { id: number }[]).map((e) => e.id) }).toMatchObject({
      hit_type: 'link_o',
      events: [10],
      link_name: 'Mira el directe',
      link_url: `${site.server.baseUrl}/directes/mesura-tv/`,
      page_url: `${site.server.baseUrl}/`,
      section: 'portada',
      // Sent on the page it was clicked on, which sent no page view (its app had not started): its
      // name as the server's first view gave it, and its address (g), not the next page's.
      page_name: 'mesura:portada',
      url: `${site.server.baseUrl}/`,
    });
    // Its own ActivityMap, remembered by the head with the call, as the SDK's link tracking remembers it for the app's call.
    expect(JSON.parse(hit.context_data)).toMatchObject({ 'a.activitymap.page': 'mesura:portada', 'a.activitymap.link': 'Mira el directe', 'a.activitymap.pageIDType': '1' });
    expect(await pageViewActivityMap(page, '/directes/mesura-tv/')).toEqual({});
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mesura_clic_pendent'))).toBeNull();
    await page.context().close();
  });

  it('measures an exit link followed before the visitor consents, classified by the SDK once they do, on the page it was clicked on', async () => {
    const page = await newVisitorPage(site.browser);
    const beacons: string[] = [];
    page.on('request', (request) => void (request.url().includes('/b/ss/') && beacons.push(request.url())));
    await page.route('https://www.germana.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Germana</title>' }));
    await page.goto(`${site.server.baseUrl}/`);
    await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
    // A link of another site in the footer, which the page does not measure itself: only the SDK's rules say it is an exit link.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: 'https://www.germana.example/', textContent: 'Web germana' });
      document.querySelector('footer')!.append(link);
    });
    await Promise.all([page.waitForURL('https://www.germana.example/'), page.getByRole('link', { name: 'Web germana' }).click()]);

    await page.goto(`${site.server.baseUrl}/el-temps/`);
    const accept = page.getByRole('button', { name: 'Accepta-ho tot', exact: true });
    await accept.waitFor();
    expect(beacons).toEqual([]);
    await accept.click();

    const find = async () => {
      const day = today();
      const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
      return ((await answer.json()) as StoredHit[]).find((hit) => hit.hit_type === 'link_e' && hit.link_url === 'https://www.germana.example/');
    };
    await expect.poll(async () => (await find()) !== undefined, { timeout: 15_000 }).toBe(true);
    expect(await find()).toMatchObject({ link_name: 'Web germana', page_name: 'mesura:portada', url: `${site.server.baseUrl}/` });
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mesura_enllac_pendent'))).toBeNull();
    await page.context().close();
  });

  it('carries a link within the site followed 50 ms after the home page is shown, before the app and the SDK, on the next page view once the visitor consents, as after the SDK', async () => {
    const newsLink = (page: Page) => page.locator('.site-nav a[href="/noticies/"]');
    // After: a visitor who consented earlier follows the link with the app, the SDK and its
    // activity-map module running, and the home page's page view sent. The module remembers a click
    // for the next hit (@mesura/analytics link-tracking.ts), and the SDK handles that page view only
    // once its libraryLoaded rules have loaded the activity-map module and then, one after the
    // other, the custom scripts (@mesura/site-property, packages/tags run-rule.ts): a click in
    // between went with the home page's own page view, sent at the news page's address once the
    // app had changed route, and the news page's carried none.
    const after = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await watchActivityMap(after);
    await Promise.all([
      pageViewAcknowledged(after, (pageUrl) => pageUrl.pathname === '/'),
      after
        .goto(`${site.server.baseUrl}/`)
        .then(() =>
          after.waitForFunction(() => (window as { activityMapRan?: boolean }).activityMapRan === true && document.querySelector('#root[data-app="ready"]') !== null, undefined, { timeout: 15_000 }),
        ),
    ]);
    await Promise.all([after.waitForURL('**/noticies/'), newsLink(after).click()]);
    const sdkRemembered = await pageViewActivityMap(after, '/noticies/');
    await after.context().close();

    // Before: a new visitor follows it on the server's first view, the app held back.
    const page = await newVisitorPage(site.browser);
    const releaseApp = await openFirstView(page, '/');
    await newsLink(page).waitFor();
    await page.waitForTimeout(CLICK_AFTER_SHOWN_MS);
    expect(await appStarted(page)).toBe(0);
    await Promise.all([page.waitForURL('**/noticies/'), newsLink(page).click()]);
    releaseApp();
    const accept = page.getByRole('button', { name: 'Accepta-ho tot', exact: true });
    await accept.waitFor();
    await accept.click();

    const headRemembered = await pageViewActivityMap(page, '/noticies/');
    expect(headRemembered).toMatchObject({ 'a.activitymap.page': 'mesura:portada', 'a.activitymap.link': 'Notícies', 'a.activitymap.pageIDType': '1' });
    expect(headRemembered).toEqual(sdkRemembered);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mesura_click'))).toBeNull();
    await page.context().close();
  });

  it('carries a link within the site followed in the app before consent on the page view after it, once the SDK replays the queued ones', async () => {
    const page = await newVisitorPage(site.browser);
    await page.goto(`${site.server.baseUrl}/`);
    await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
    // A route change of the app: the home page's page view waits in the snippet's queue, the news page's after it.
    await Promise.all([page.waitForURL('**/noticies/'), page.locator('.site-nav a[href="/noticies/"]').click()]);
    await page.getByRole('heading', { level: 1, name: 'Notícies' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('mesura_click'))).toBeNull();
    await page.getByRole('button', { name: 'Accepta-ho tot', exact: true }).click();

    // The SDK replays each page view as it was queued, on its own page (packages/sdk queued-page.ts):
    // the home page's with its name and address, the news page's after it with its own.
    expect(await pageViewActivityMap(page, '/noticies/', 'mesura:noticies')).toMatchObject({
      'a.activitymap.page': 'mesura:portada',
      'a.activitymap.link': 'Notícies',
      'a.activitymap.pageIDType': '1',
    });
    expect(await pageViewActivityMap(page, '/', 'mesura:portada')).toEqual({});
    await page.context().close();
  });
});
