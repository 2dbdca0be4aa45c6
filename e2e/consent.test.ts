import { TCString } from '@iabtcf/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VENDOR_IDS, VENDOR_LIST } from '@mesura/consent';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

/** Page views stored today for the development suite, as the export gives them. */
async function storedPageViews(): Promise<{ url: string; visitor_id: string }[]> {
  const day = today();
  const rows = (await (await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) })).json()) as {
    hit_type: string;
    url: string;
    visitor_id: string;
  }[];
  return rows.filter((row) => row.hit_type === 'page_view');
}

/** Every request of the page to the collector or for a tracker script. */
function watchTracking(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/b/ss/') || /^\/mesura[\w-]*\.js$/.test(pathname)) seen.push(pathname);
  });
  return seen;
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'La vostra privacitat' });
const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** Lets the page's timers and any beacon in flight finish, then reads the store. */
async function settledPageViews(page: Page) {
  await page.waitForLoadState('networkidle');
  return storedPageViews();
}

describe('consent (the TCF banner and CMP, spec §4–§5) in Chromium', () => {
  it('(a) before any choice: the banner shows, no tracker loads, nothing reaches the collector, no cookie is written', async () => {
    const page = await newVisitorPage(site.browser);
    const tracking = watchTracking(page);
    await page.goto(`${site.server.baseUrl}/`);
    await banner(page).waitFor({ state: 'visible' });
    await page.locator('a[href^="/noticia/"]').first().click();
    await page.waitForURL(/\/noticia\//);
    await page.goto(`${site.server.baseUrl}/el-temps/`);
    await page.waitForLoadState('networkidle');
    expect(tracking).toEqual([]);
    expect(await page.context().cookies()).toEqual([]);
    expect(await settledPageViews(page)).toEqual([]);
    await page.close();
  });

  it('(b) accept all: the page view of the page where the visitor chose is stored, and the next ones', async () => {
    const before = (await storedPageViews()).length;
    const page = await newVisitorPage(site.browser);
    await page.goto(`${site.server.baseUrl}/noticia/1001/parlament-aprova-llei-habitatge-assequible/`);
    await click(page, 'Accepta-ho tot');
    await expect.poll(async () => (await storedPageViews()).length, { timeout: 15_000 }).toBe(before + 1);
    expect((await storedPageViews()).at(-1)!.url).toContain('/noticia/1001/');
    await page.goto(`${site.server.baseUrl}/el-temps/`);
    await expect.poll(async () => (await storedPageViews()).length, { timeout: 15_000 }).toBe(before + 2);
    expect(await banner(page).count()).toBe(0);
    await page.close();
  });

  it('(c) reject all: browsing three pages stores nothing and loads no tracker', async () => {
    const before = (await storedPageViews()).length;
    const page = await newVisitorPage(site.browser);
    const tracking = watchTracking(page);
    await page.goto(`${site.server.baseUrl}/`);
    await click(page, 'Rebutja-ho tot');
    // Answered on the server's banner before the app has started, the answer is stored once the app
    // has (apps/site consent/first-view-banner-takeover.ts): a page left before that asks again.
    await expect.poll(async () => (await page.context().cookies()).map((c) => c.name)).toEqual(['euconsent-v2']);
    for (const path of ['/noticies/', '/el-temps/', '/cercador/?q=pressupostos']) await page.goto(`${site.server.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    expect(tracking).toEqual([]);
    expect((await page.context().cookies()).map((c) => c.name)).toEqual(['euconsent-v2']);
    expect((await settledPageViews(page)).length).toBe(before);
    await page.close();
  });

  it('(d) accept, then withdraw from the footer: the next page views are not stored, without a reload', async () => {
    const page = await newVisitorPage(site.browser);
    await page.goto(`${site.server.baseUrl}/`);
    const start = (await storedPageViews()).length;
    await click(page, 'Accepta-ho tot');
    await expect.poll(async () => (await storedPageViews()).length, { timeout: 15_000 }).toBe(start + 1);

    await page.getByRole('button', { name: 'Configuració de galetes' }).click();
    await click(page, 'Rebutja-ho tot');
    // Same document: a client-side route change, then another.
    await page.locator('a[href^="/noticia/"]').first().click();
    await page.waitForURL(/\/noticia\//);
    await page.getByRole('link', { name: 'El temps' }).first().click();
    await page.waitForURL(/\/el-temps\//);
    await page.goto(`${site.server.baseUrl}/noticies/`);
    expect((await settledPageViews(page)).length).toBe(start + 1);
    await page.close();
  });

  it('(e) the TC string the site writes decodes with @iabtcf/core to exactly the choices made', async () => {
    const page = await newVisitorPage(site.browser);
    await page.goto(`${site.server.baseUrl}/`);
    await click(page, 'Configura');
    const purposeName = (id: number) => (VENDOR_LIST.purposes[String(id)] as { name: string }).name;
    for (const id of [1, 8]) await page.getByRole('switch', { name: purposeName(id), exact: true }).check();
    const vendorName = (id: number) => (VENDOR_LIST.vendors[String(id)] as unknown as { name: string }).name;
    await page.getByRole('switch', { name: vendorName(VENDOR_IDS['web-analytics']), exact: true }).check();
    await click(page, 'Desa la selecció');
    // The choice is stored once the consent manager's chunk, loaded by the click, has run.
    const stored = async () => (await page.context().cookies()).find((c) => c.name === 'euconsent-v2');
    await expect.poll(stored).toBeDefined();
    const cookie = await stored();
    const model = TCString.decode(cookie!.value);
    const given = (vector: { forEach(cb: (value: boolean, id: number) => void): void }) => {
      const ids: number[] = [];
      vector.forEach((value, id) => value && ids.push(id));
      return ids;
    };
    expect(given(model.purposeConsents)).toEqual([1, 8]);
    expect(given(model.vendorConsents)).toEqual([VENDOR_IDS['web-analytics']]);
    expect(model.publisherCountryCode).toBe('ES');
    expect(model.consentLanguage).toBe('CA');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(33_696_000 - 60);
    await page.close();
  });

  it('(f) accept, then withdraw from the footer: the visitor id leaves the browser and no beacon follows', async () => {
    const page = await newVisitorPage(site.browser);
    const beacons: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname.startsWith('/b/ss/') && beacons.push(request.url()));
    const visitorId = () => page.evaluate(() => /(?:^|; )mesura_fid=([^;]*)/.exec(document.cookie)?.[1]);
    await page.goto(`${site.server.baseUrl}/`);
    await click(page, 'Accepta-ho tot');
    await expect.poll(visitorId, { timeout: 15_000 }).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    await expect.poll(() => beacons.length, { timeout: 15_000 }).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Configuració de galetes' }).click();
    // "Les vostres dades" warns before the id goes.
    await page.getByText("Si retireu el consentiment, aquest identificador s'esborrarà del navegador").waitFor({ state: 'visible' });
    const forgotten = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/id/forget');
    await click(page, 'Rebutja-ho tot');
    await forgotten;
    expect(await page.evaluate(() => document.cookie)).not.toContain('mesura_fid');
    const sent = beacons.length;

    // The same document browses on (client-side route changes), then a new page loads.
    await page.locator('a[href^="/noticia/"]').first().click();
    await page.waitForURL(/\/noticia\//);
    await page.getByRole('link', { name: 'El temps' }).first().click();
    await page.waitForURL(/\/el-temps\//);
    await page.goto(`${site.server.baseUrl}/noticies/`);
    await page.waitForLoadState('networkidle');
    expect(beacons).toHaveLength(sent);
    expect(await page.evaluate(() => document.cookie)).not.toContain('mesura_fid');
    await page.close();
  });
});
