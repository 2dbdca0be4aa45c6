/**
 * In Chromium at 360 px, the narrowest phone the site supports: every page type fits the screen
 * (nothing scrolls sideways) and its controls are big enough to hit; the navigation folds behind a
 * «Menú» button that opens and closes (with and without JavaScript); the consent settings hold the
 * page behind still. At 1280 px the header is one line.
 *
 * Target size, as checked here: the header's controls (the site's name, «Menú», «Entra») are at
 * least 44 × 44 px, the size a finger needs (WCAG 2.5.5). Every other visible link and button meets
 * WCAG 2.5.8's minimum: at least 24 × 24 px, unless it is a link within a sentence (its size is the
 * line's: the criterion's "inline" exception), here a link displayed inline whose block has text of
 * its own besides the link's.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { VISITOR_USER_AGENT, gotoReady, resizeViewport } from './helpers/browser.js';
import { pageTypes } from './helpers/page-types.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest();
const PHONE_WIDTH_PX = 360;
const DESKTOP_WIDTH_PX = 1280;
const VIEWPORT_HEIGHT_PX = 800;
/** WCAG 2.5.5 (enhanced), for the header's controls. */
const HEADER_TARGET_MIN_PX = 44;
/** WCAG 2.5.8 (minimum), for every other control. */
const TARGET_MIN_PX = 24;

async function visitorPage(browser: Browser, width: number, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES', viewport: { width, height: VIEWPORT_HEIGHT_PX }, bypassCSP: true, ...options });
  return context.newPage();
}

interface SmallTarget {
  text: string;
  width: number;
  height: number;
}

/** The visible links and buttons smaller than the rule above allows, with their size. */
function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ headerMin, min }) => {
      const small: SmallTarget[] = [];
      for (const element of document.querySelectorAll<HTMLElement>('a[href], button, summary, [role="button"]')) {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || element.closest('.visually-hidden, .skip-link')) continue;
        const inHeader = element.closest('.site-header__inner') !== null && element.closest('.site-menu') === null;
        const needed = inHeader ? headerMin : min;
        if (box.width >= needed && box.height >= needed) continue;
        // A link in a sentence: its block says more than the link.
        const block = element.parentElement?.closest('p, li, dd, td, figcaption, div');
        const inSentence = !inHeader && style.display === 'inline' && (block?.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 3;
        if (!inSentence)
          small.push({ text: (element.textContent || element.getAttribute('aria-label') || element.tagName).trim().slice(0, 40), width: Math.round(box.width), height: Math.round(box.height) });
      }
      return small;
    },
    { headerMin: HEADER_TARGET_MIN_PX, min: TARGET_MIN_PX },
  );
}

describe.concurrent('every page type on a phone', () => {
  for (const { name, path } of pageTypes()) {
    it(`${name} at ${PHONE_WIDTH_PX} px: no sideways scroll, and targets big enough`, async ({ expect }) => {
      const page = await visitorPage(site.browser, PHONE_WIDTH_PX);
      await gotoReady(page, site.server.baseUrl + path);
      await page.waitForLoadState('networkidle');
      // The banner's own buttons are checked too: a new visitor meets them first.
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH_PX);
      expect.soft(await smallTargets(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('the compact menu', () => {
  it('opens with «Menú» and closes on Escape and on navigation; axe finds nothing with it open', async ({ expect }) => {
    const page = await visitorPage(site.browser, PHONE_WIDTH_PX);
    await gotoReady(page, `${site.server.baseUrl}/`);
    const menu = page.getByRole('button', { name: 'Menú' });
    const nav = page.getByRole('navigation', { name: 'Navegació principal' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'El temps' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH_PX);

    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menú');

    await menu.click();
    await nav.getByRole('link', { name: 'El temps' }).click();
    await page.waitForURL('**/el-temps/');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await page.context().close();
  });

  it('opens without JavaScript too: «Menú» is then a link to the navigation', async ({ expect }) => {
    const page = await visitorPage(site.browser, PHONE_WIDTH_PX, { javaScriptEnabled: false });
    await page.goto(`${site.server.baseUrl}/el-temps/`);
    const nav = page.getByRole('navigation', { name: 'Navegació principal' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Menú' }).click();
    expect(await nav.getByRole('link', { name: 'Portada' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('is not there at 1280 px, where the name, the navigation and «Entra» share one line', async ({ expect }) => {
    const page = await visitorPage(site.browser, DESKTOP_WIDTH_PX);
    await gotoReady(page, `${site.server.baseUrl}/`);
    expect(await page.getByRole('button', { name: 'Menú' }).isVisible()).toBe(false);
    const boxes = await Promise.all(['.site-header .site-name', '.site-header .site-nav', '.site-header .account-link'].map((selector) => page.locator(selector).boundingBox()));
    const [name, nav, entra] = boxes.map((box) => box!);
    // One line: «Entra» and the navigation lie level with the name, not under it.
    expect(entra!.y).toBeLessThan(name!.y + name!.height);
    expect(nav!.y).toBeLessThan(name!.y + name!.height);
    expect(nav!.height).toBeLessThan(name!.height * 1.5);
    await page.context().close();
  });
});

describe('the consent settings on a phone', () => {
  it('hold the page behind still while open, a switch brought into view included, and give its scroll back once the visitor chooses', async ({ expect }) => {
    const page = await visitorPage(site.browser, PHONE_WIDTH_PX);
    await gotoReady(page, `${site.server.baseUrl}/noticia/1001/parlament-aprova-llei-habitatge-assequible/`);
    const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await overflow()).toBe('visible');
    await page.getByRole('button', { name: 'Configura', exact: true }).click();
    await page.getByRole('button', { name: 'Desa la selecció' }).waitFor();
    expect(await overflow()).toBe('hidden');
    // A swipe over the page, outside the layer, moves nothing.
    await page.mouse.move(PHONE_WIDTH_PX / 2, 40);
    await page.mouse.wheel(0, 600);
    await resizeViewport(page, { width: PHONE_WIDTH_PX, height: VIEWPORT_HEIGHT_PX });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A switch at the end of the list, brought into view and turned on, scrolls the layer alone.
    await page.getByRole('switch').last().check();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Desa la selecció' }).click();
    await expect.poll(overflow).toBe('visible');
    await page.context().close();
  });
});
