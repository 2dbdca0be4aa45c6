import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { VISITOR_USER_AGENT, gotoReady } from './helpers/browser.js';
import { pageTypes } from './helpers/page-types.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest();

/** The widths every page is checked at: a desktop and the narrowest phone the site supports. */
const WIDTHS_PX = [1280, 360] as const;

/** A new visitor's page (the consent banner shows) at `width`; CSP is bypassed only to inject axe-core. */
async function visitorPageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES', viewport: { width, height: 800 }, bypassCSP: true });
  return context.newPage();
}

describe('every page type is accessible', () => {
  for (const { name, path } of pageTypes()) {
    for (const width of WIDTHS_PX) {
      it(`${name} at ${width} px: axe-core finds no serious or critical violation, and nothing scrolls sideways`, async () => {
        const page = await visitorPageAt(site.browser, width);
        await gotoReady(page, site.server.baseUrl + path);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
        await page.context().close();
      });
    }
  }

  it('is keyboard operable from the first Tab: the skip link, visibly focused, takes focus to the content', async () => {
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
    expect(focused.outline !== 'none' && focused.outlineWidth !== '0px' || focused.boxShadow !== 'none').toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#contingut');
    await page.context().close();
  });
});
