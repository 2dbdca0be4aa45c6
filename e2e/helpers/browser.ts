import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CONSENT_COOKIE_NAME, acceptAll, createVendorList, encodeChoice } from '@mesura/consent';

export const CHROMIUM_PATH = process.env.MESURA_CHROMIUM ?? '/usr/bin/chromium';

export interface LaunchOptions {
  /**
   * Let media play without a user gesture, as a visitor's play would: the player plays its ads and
   * the content one after the other, and the test plays and seeks from script. Default false.
   */
  autoplay?: boolean;
}

/** Debian's Chromium, headless; never a downloaded browser. */
/** Debian's Chromium as every e2e test starts it: headless, without the sandbox, the GPU or any traffic of its own. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...(options.autoplay ? ['--autoplay-policy=no-user-gesture-required'] : [])],
  });
}

/**
 * Headless Chromium says "HeadlessChrome" in its user agent, which the collector rightly flags as a
 * bot; a visitor's page gets the user agent of the same Chromium with a head.
 */
export const VISITOR_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export interface VisitorOptions {
  /**
   * `accepted`: the visitor accepted everything on an earlier visit (a stored `euconsent-v2` for
   * `baseUrl`), so pages measure from the first load. Default: a new visitor, who has not chosen.
   */
  consent?: { accepted: true; baseUrl: string };
}

export async function newVisitorPage(browser: Browser, options: VisitorOptions = {}) {
  const context = await browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES' });
  if (options.consent) await acceptEverything(context, options.consent.baseUrl);
  return context.newPage();
}

/** Stores, in `context`, the `euconsent-v2` of a visitor who accepted everything on an earlier visit to `baseUrl`. */
export async function acceptEverything(context: BrowserContext, baseUrl: string): Promise<void> {
  const gvl = createVendorList();
  const value = encodeChoice(acceptAll(gvl), { gvl, now: Date.now() });
  await context.addCookies([{ name: CONSENT_COOKIE_NAME, value, url: baseUrl }]);
}

/**
 * Opens a site page and resolves once the app has replaced the server's first view (app.tsx marks
 * the root element): until then the page's buttons are plain markup without handlers.
 */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * A promise of the collector's acknowledgement of a page view (POST /b/ss/…, no `pe`) sent for the
 * page address `url` matches (its `g`). Any beacon will not do: the SDK resends what its queue
 * still held when the last page went (a copy the collector acknowledges and stores once), and that
 * copy can arrive first.
 */
export function pageViewAcknowledged(page: Page, url: (pageUrl: URL) => boolean): Promise<unknown> {
  return page.waitForResponse((answer) => {
    const request = answer.request();
    if (request.method() !== 'POST' || !answer.url().includes('/b/ss/') || !answer.ok()) return false;
    const params = new URLSearchParams(request.postData() ?? '');
    return !params.has('pe') && URL.canParse(params.get('g') ?? '') && url(new URL(params.get('g')!));
  });
}

/**
 * gotoReady, then waits for the collector to acknowledge the page's page view. The SDK sends
 * nothing before the consent manager (a chunk of its own) has answered, so a page left within
 * those first moments loses its view, as with any tag; tests that go from page to page wait for it
 * so that they measure each page, not that race.
 */
export async function gotoMeasured(page: Page, url: string): Promise<void> {
  const acknowledged = pageViewAcknowledged(page, (pageUrl) => pageUrl.href === new URL(url).href);
  await gotoReady(page, url);
  await acknowledged;
}

/**
 * Resizes the page's viewport and resolves once the page has laid itself out at the new size: two
 * animation frames, so that ResizeObserver callbacks (the console's charts) have run. Checking one
 * loaded page at two widths this way equals loading it at each width only where the page's layout
 * follows the width (CSS, ResizeObserver) and nothing at load depends on it.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
