/**
 * Script loads in Chromium (spec §7 "Script loads"; §4, §5 each behind its vendor's consent): the
 * tag library fetched by account id and layer name, the two custom scripts from the tag manager's
 * asset host, and the audience-management module. Nothing is requested before the visitor
 * chooses; each script after the consent to its own vendor only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE_NAME, VENDOR_IDS, VENDOR_LIST, type VendorName } from '@mesura/consent';
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
  await page.getByRole('dialog', { name: 'La vostra privacitat' }).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const beforeConsent = [...seen];
  await consentTo(page, vendors);
  return { page, seen, beforeConsent };
}

/**
 * Waits until every `expected` script was requested, then answers the watched scripts requested.
 * The rules that load scripts run in the same passes (library loaded, consent changed), so once the
 * last expected script is requested an unexpected one would have been too. (The page reached
 * "networkidle" before the visitor chose, so waiting for that load state again waits for nothing.)
 */
async function requestedOnceAll(seen: string[], expected: string[]): Promise<string[]> {
  await expect.poll(() => expected.filter((path) => !seen.includes(path)), { timeout: 15_000 }).toEqual([]);
  return WATCHED.filter((path) => seen.includes(path));
}

describe('script loads (§7), each behind its consent, in Chromium', () => {
  it('requests none before the visitor chooses, then the library and the read-to-end script with web-analytics consent only', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['web-analytics']);
    expect(beforeConsent).toEqual([]);
    expect(await requestedOnceAll(seen, [LIBRARY, READ_TO_END])).toEqual([LIBRARY, READ_TO_END]);
    // The custom script does its job: the article's end in view sends one `lectura completa` link.
    const readToEnd = page.waitForRequest((request) => request.url().includes('/b/ss/') && /pev2=lectura(%20|\+)completa/.test(request.postData() ?? request.url()));
    await page.locator('article.article > :last-child').scrollIntoViewIfNeeded();
    await readToEnd;
    await page.close();
  });

  it('loads the interests script under personalisation consent, which records the article section', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['web-analytics', 'personalisation']);
    expect(beforeConsent).toEqual([]);
    expect(await requestedOnceAll(seen, [LIBRARY, READ_TO_END, INTERESTS])).toEqual([LIBRARY, READ_TO_END, INTERESTS]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mesura_interessos') ?? ''), { timeout: 10_000 }).toMatch(/^\{"[^"]+":\{"\d+":1\}\}$/);
    await page.close();
  });

  it('loads the audience module under audience-measurement consent, which exposes the segments', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['web-analytics', 'audience-measurement']);
    expect(beforeConsent).toEqual([]);
    expect(await requestedOnceAll(seen, [LIBRARY, READ_TO_END, AUDIENCE])).toEqual([LIBRARY, READ_TO_END, AUDIENCE]);
    const segments = await page.evaluate(() => (window as unknown as { mesuraAudience: { segments(): string[] } }).mesuraAudience.segments());
    expect(segments).toEqual(['usuari:anonim']);
    await page.close();
  });

  it('loads nothing without web-analytics consent, whatever else the visitor allows: no tag library, no custom script, no module', async () => {
    const { page, seen, beforeConsent } = await visitAndConsent(['personalisation', 'audience-measurement']);
    expect(beforeConsent).toEqual([]);
    // Once the choice is stored, and again on the next page, whose head snippet decides from the
    // stored choice before the page's load event.
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === CONSENT_COOKIE_NAME)).toBe(true);
    expect(seen).toEqual([]);
    await page.reload({ waitUntil: 'load' });
    expect(seen).toEqual([]);
    await page.close();
  });
});
