import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { VISITOR_USER_AGENT, gotoReady, resizeViewport } from './helpers/browser.js';
import { pageTypes } from './helpers/page-types.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest();

/** The widths every page is checked at: a desktop and the narrowest phone the site supports. */
const WIDTHS_PX = [1280, 360] as const;
const VIEWPORT_HEIGHT_PX = 800;

/** A new visitor's page (the consent banner shows) at `width`; CSP is bypassed only to inject axe-core. */
async function visitorPageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES', viewport: { width, height: VIEWPORT_HEIGHT_PX }, bypassCSP: true });
  return context.newPage();
}

// Each page is loaded once and checked at every width by resizing it: the site's layout follows
// the width through CSS alone and no page differs by width at load (the DOM of a page loaded at
// 360 px equals that of one loaded at 1280 px and resized, but for ids and live positions). The
// pages are independent visitors on one server, so they are checked concurrently (maxConcurrency
// in e2e/vitest.config.ts): one page's network waits overlap another's axe-core run.
describe.concurrent('every page type is accessible', () => {
  for (const { name, path } of pageTypes()) {
    it(`${name} at ${WIDTHS_PX.join(' px and at ')} px: axe-core finds no serious or critical violation, and nothing scrolls sideways`, async ({ expect }) => {
      const page = await visitorPageAt(site.browser, WIDTHS_PX[0]);
      await gotoReady(page, site.server.baseUrl + path);
      await page.waitForLoadState('networkidle');
      for (const width of WIDTHS_PX) {
        await resizeViewport(page, { width, height: VIEWPORT_HEIGHT_PX });
        expect.soft(await seriousViolations(page), `at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect.soft(overflow, `the page is wider than the screen at ${width} px`).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    });
  }

  it('the search page with its suggestions open: axe-core finds no serious or critical violation', async ({ expect }) => {
    const page = await visitorPageAt(site.browser, WIDTHS_PX[0]);
    await gotoReady(page, `${site.server.baseUrl}/cercador/`);
    const field = page.locator('main').getByRole('combobox', { name: 'Què voleu cercar?' });
    await field.pressSequentially('sekera');
    await page.getByRole('listbox', { name: 'Suggeriments' }).getByRole('option').first().waitFor();
    await field.press('ArrowDown');
    for (const width of WIDTHS_PX) {
      await resizeViewport(page, { width, height: VIEWPORT_HEIGHT_PX });
      expect.soft(await seriousViolations(page), `at ${width} px`).toEqual([]);
    }
    await page.context().close();
  });

  it('is keyboard operable from the first Tab: the skip link, visibly focused, takes focus to the content', async ({ expect }) => {
    const page = await visitorPageAt(site.browser, 1280);
    await gotoReady(page, `${site.server.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    // The consent banner comes first in a new visitor's tab order only if it is modal; close it by choice.
    const reject = page.getByRole('button', { name: /Rebutja/ }).first();
    if (await reject.isVisible()) await reject.click();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { text: element.textContent?.trim(), href: element.getAttribute('href'), outline: style.outlineStyle, outlineWidth: style.outlineWidth, boxShadow: style.boxShadow };
    });
    expect(focused.text).toBe('Salta al contingut');
    expect((focused.outline !== 'none' && focused.outlineWidth !== '0px') || focused.boxShadow !== 'none').toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#contingut');
    await page.context().close();
  });
});
