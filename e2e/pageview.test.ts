import { describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN, E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

async function report(by: string): Promise<{ total: number; rows: { key: string; pageViews: number }[] }> {
  const day = today();
  const response = await fetch(`${site.server.baseUrl}/api/reports/pageviews?from=${day}&to=${day}&by=${by}`, { headers: await apiHeaders(site.server) });
  expect(response.status).toBe(200);
  return response.json();
}

describe('one page view measured end to end in Chromium', () => {
  it('counts the home page, an article reached by a link, and the not-found page', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    const beacons: string[] = [];
    page.on('request', (request) => {
      const suite = /\/b\/ss\/([^/]+)\//.exec(request.url())?.[1];
      // Page views only: a link hit carries pe= (the custom script lectura-completa.js sends one
      // when the article's end is in view).
      if (suite && !/(^|&)pe=/.test(request.postData() ?? '')) beacons.push(`${request.method()} ${suite}`);
    });

    await page.goto(`${site.server.baseUrl}/`);
    await expect.poll(async () => (await report('day')).total, { timeout: 10_000 }).toBe(1);

    // A client-side route change is a new page view (issue item 9).
    await page.locator('a[href^="/noticia/1001/"]').first().click();
    await page.waitForURL(/\/noticia\/1001\//);
    await expect.poll(async () => (await report('day')).total, { timeout: 10_000 }).toBe(2);

    await page.goto(`${site.server.baseUrl}/aquesta-pagina-no-existeix/`);
    await expect.poll(async () => (await report('day')).total, { timeout: 10_000 }).toBe(3);
    await page.close();

    // Each page view goes to the development suite and, as a copy, to the ga account (§9).
    expect(beacons.filter((b) => b.endsWith('mesuradev'))).toEqual(['POST mesuradev', 'POST mesuradev', 'POST mesuradev']);
    expect(beacons.filter((b) => b.endsWith('G-MESURADEV'))).toHaveLength(3);
    const bySection = await report('section');
    expect(bySection.rows).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'portada', pageViews: 1 }), expect.objectContaining({ key: 'noticies', pageViews: 1 })]));
    const byPageName = await report('pageName');
    const byName = Object.fromEntries(byPageName.rows.map((r) => [r.key, r.pageViews]));
    expect(byName).toEqual({ '': 1, 'mesura:portada': 1, 'noticies:parlament-aprova-llei-habitatge-assequible': 1 });

    const day = today();
    const exported = (await (await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) })).json()) as Record<string, unknown>[];
    const notFound = exported.find((row) => row.page_type === 'errorPage');
    expect(notFound).toMatchObject({ hit_type: 'page_view', page_type: 'errorPage' });
    expect(notFound!.page_name ?? '').toBe('');
    expect(exported.every((row) => row.ip_anonymised === '127.0.0.0')).toBe(true);
    // The page views are no bot's. The article's engagement hit, sent as page.goto leaves it, is
    // not asked: a beacon sent as a page goes carries Chromium's own user agent, not the one
    // Playwright gives the page, and so is rightly taken for a headless browser's
    // (page-engagement.test.ts measures it in a browser whose own user agent is a visitor's).
    expect(exported.filter((row) => row.hit_type === 'page_view').map((row) => row.is_bot)).toEqual([false, false, false]);
  });

  it('serves the console at /consola/ with the page views by day', async () => {
    const page = await site.browser.newPage();
    // Signed in first (the page's request context shares the browser's cookies); the console's
    // own sign-in page is tested in console-sign-in.test.ts.
    const signIn = await page.request.post(`${site.server.baseUrl}/api/session`, { data: E2E_ADMIN, headers: { origin: site.server.baseUrl } });
    expect(signIn.status()).toBe(204);
    await page.goto(`${site.server.baseUrl}/consola/`);
    await expect.poll(async () => page.locator('body').innerText(), { timeout: 10_000 }).toMatch(/Pàgines vistes|pàgines vistes/i);
    await page.close();
  });
});
