import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { resizeViewport } from './helpers/browser.js';
import { E2E_ADMIN, E2E_ADMIN_ENV } from './helpers/server-process.js';
import { seriousViolations } from './helpers/axe.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

// Every console screen, filled with a short demo, as an admin sees it (an admin opens every area):
// axe-core finds no serious or critical WCAG 2.2 AA violation at 1280 px and at 768 px, the
// narrowest width the console supports; nothing scrolls sideways (wide tables scroll in their own
// box); and the first Tab of a screen is a visible skip link to its content.
const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

const ROOT = path.resolve(import.meta.dirname, '..');
/** Two days of a small demo: every report has rows, some of them under the minimum cohort. */
const DEMO_ARGS = ['--days', '2', '--visitors', '60'];
const DEMO_TIMEOUT_MS = 120_000;
const UI_TIMEOUT_MS = 15_000;
const WIDTHS_PX = [1280, 768] as const;
const VIEWPORT_HEIGHT_PX = 900;
/** Every screen of the console, by its path under /consola (a seeded activity's results and form among them). */
const SCREENS = [
  '/audiencia/',
  '/contingut/',
  '/adquisicio/',
  '/cerca/',
  '/interaccio/',
  '/tecnologia/',
  '/geografia/',
  '/video-i-audio/',
  '/video-i-audio/anuncis',
  '/video-i-audio/qualitat',
  '/video-i-audio/directe',
  '/video-i-audio/radio',
  '/consentiment/',
  '/temps-real/',
  '/avisos/',
  '/taulers/',
  '/experiments/',
  '/experiments/titular-1001/',
  '/experiments/titular-1001/edita/',
  '/experiments/nou/',
  '/administracio/usuaris',
  '/administracio/claus-api',
  '/administracio/drets-visitants',
  '/administracio/registre',
  '/claus-api/',
] as const;

async function signedInAdmin(width: number): Promise<Page> {
  // CSP is bypassed only to inject axe-core.
  const context = await site.browser.newContext({ locale: 'ca-ES', baseURL: site.server.baseUrl, viewport: { width, height: VIEWPORT_HEIGHT_PX }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/consola/entrar/');
  await page.getByLabel('Correu electrònic').fill(E2E_ADMIN.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('navigation', { name: 'Seccions de la consola' }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

/**
 * The screen's heading shown and nothing still loading: report panels and the areas' own loading
 * notes. `expect` is the test's own: its tests run concurrently.
 */
async function settled(page: Page, expect: ExpectStatic): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/demo/demo.mjs'), ...DEMO_ARGS], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(site.server.port), MESURA_DATA_DIR: site.dataDir },
    timeout: DEMO_TIMEOUT_MS,
  });
}, DEMO_TIMEOUT_MS + 30_000);

// Each screen is loaded once and checked at both widths by resizing the page: the console's layout
// follows the width through CSS and its charts through a ResizeObserver (line-chart.tsx), and it
// reads no width at load. The keyboard check is independent of the screens' and runs beside them.
describe.concurrent('the console is accessible', () => {
  it(
    `every screen at ${WIDTHS_PX.join(' px and at ')} px: no serious or critical axe-core violation, nothing scrolls sideways`,
    async ({ expect }) => {
      const page = await signedInAdmin(WIDTHS_PX[0]);
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await resizeViewport(page, { width: WIDTHS_PX[0], height: VIEWPORT_HEIGHT_PX });
        await page.goto(`/consola${screen}`);
        await settled(page, expect);
        expect(new URL(page.url()).pathname).toBe(`/consola${screen}`);
        for (const width of WIDTHS_PX) {
          await resizeViewport(page, { width, height: VIEWPORT_HEIGHT_PX });
          problems.push(...(await seriousViolations(page)).map((violation) => `${screen} at ${width} px: ${violation}`));
          const overflowPx = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflowPx > 0) problems.push(`${screen}: the page is ${overflowPx} px wider than the screen at ${width} px`);
        }
      }
      expect(problems).toEqual([]);
      await page.context().close();
    },
    SCREENS.length * 2 * UI_TIMEOUT_MS,
  );

  it('is keyboard operable from the first Tab: a visible skip link takes focus to the content', async ({ expect }) => {
    const page = await signedInAdmin(1280);
    await page.goto('/consola/contingut/');
    await settled(page, expect);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return { text: element.textContent?.trim(), outline: style.outlineStyle, onScreen: box.left >= 0 && box.width > 0 };
    });
    expect(focused).toEqual({ text: 'Salta al contingut', outline: 'solid', onScreen: true });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contingut');
    // The next Tab reaches the screen's own controls, not the navigation again.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await page.context().close();
  });
});
