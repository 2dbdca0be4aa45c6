/**
 * Script loads in Chromium (spec §7 "Script loads"; §4, §5 each behind its vendor's consent): the
 * tag library fetched by account id and layer name, the two custom scripts from the tag manager's
 * asset host, and the audience-management module. Nothing is requested before the visitor
 * chooses; each script after the consent to its own vendor only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VENDOR_IDS, VENDOR_LIST, type VendorName } from '@mesura/consent';
import { newVisitorPage } from './helpers/browser.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest();

const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const LIBRARY = '/tags/mesura/development/mesura.js';
const READ_TO_END = '/tags/mesura/assets/lectura-completa.js';
const INTERESTS = '/tags/mesura/assets/interessos.js';
const AUDIENCE = '/tags/mesura/development/mesura-audience.js';
const WATCHED = [LIBRARY, READ_TO_END, INTERESTS, AUDIENCE];

/** The paths of the watched scripts the page requests, in order. */
function watchScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/tags/') || pathname.startsWith('/mesura-audience')) seen.push(pathname);
  });
  return seen;
}

const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** Chooses in the banner's settings: storage on the device (purpose 1) and exactly these vendors. */
async function consentTo(page: Page, vendors: VendorName[]): Promise<void> {
  await click(page, 'Configura');
  const purpose = (VENDOR_LIST.purposes['1'] as { name: string }).name;
  await page.getByRole('switch', { name: purpose, exact: true }).check();
  for (const vendor of vendors) {
    const name = (VENDOR_LIST.vendors[String(VENDOR_IDS[vendor])] as unknown as { name: string }).name;
    await page.getByRole('switch', { name, exact: true }).check();
  }
  await click(page, 'Desa la selecció');
}

async function visitAndConsent(vendors: VendorName[]) {
  const page = await newVisitorPage(site.browser);
  const seen = watchScripts(page);
  await page.goto(`${site.server.baseUrl}${ARTICLE}`);
  await page.getByRole('dialog', { name: 'La teva privacitat' }).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const beforeConsent = [...seen];
  await consentTo(page, vendors);
  return { page, seen, beforeConsent };
}

/** Waits until every `expected` script was requested, then for the page to settle. */
async function settledWith(page: Page, seen: string[], expected: string[]): Promise<string[]> {
  await expect.poll(() => expected.filter((path) => !seen.includes(path)), { timeout: 15_000 }).toEqual([]);
  await page.waitForLoadState('networkidle');
  return WATCHED.filter((path) => seen.includes(path));
}

describe('script loads (§7), each behind its consent, in Chromium', () => {
  it('requests none before the visitor chooses, then the library and the read-to-end script with web-analytics consent only', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['web-analytics']);
    expect(beforeConsent).toEqual([]);
    expect(await settledWith(page, seen, [LIBRARY, READ_TO_END])).toEqual([LIBRARY, READ_TO_END]);
    // The custom script does its job: the article's end in view sends one `lectura completa` link.
    const readToEnd = page.waitForRequest((request) => request.url().includes('/b/ss/') && /pev2=lectura(%20|\+)completa/.test(request.postData() ?? request.url()));
    await page.locator('article.article > :last-child').scrollIntoViewIfNeeded();
    await readToEnd;
    await page.close();
  });

  it('loads the interests script under personalisation consent, which records the article section', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['web-analytics', 'personalisation']);
    expect(beforeConsent).toEqual([]);
    expect(await settledWith(page, seen, [LIBRARY, INTERESTS])).toEqual([LIBRARY, READ_TO_END, INTERESTS]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mesura_interessos') ?? ''), { timeout: 10_000 }).toMatch(/^\{"[^"]+":\{"\d+":1\}\}$/);
    await page.close();
  });

  it('loads the audience module under audience-measurement consent, which exposes the segments', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['web-analytics', 'audience-measurement']);
    expect(beforeConsent).toEqual([]);
    expect(await settledWith(page, seen, [LIBRARY, AUDIENCE])).toEqual([LIBRARY, READ_TO_END, AUDIENCE]);
    const segments = await page.evaluate(() => (window as unknown as { mesuraAudience: { segments(): string[] } }).mesuraAudience.segments());
    expect(segments).toEqual(['usuari:anonim']);
    await page.close();
  });

  it('loads nothing without web-analytics consent, whatever else the visitor allows: no tag library, no custom script, no module', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['personalisation', 'audience-measurement']);
    expect(beforeConsent).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    await page.close();
  });
});
