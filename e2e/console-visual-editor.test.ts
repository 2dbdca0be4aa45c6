import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptEverything } from './helpers/browser.js';
import { seriousViolations } from './helpers/axe.js';
import { E2E_ADMIN_ENV, addUserAsAdmin } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

// An editor builds an experiment without CSS: the site's real article framed in the console, a
// click on its headline, a plain change seen at once, an HTML notice inserted after it (the
// headline stays) and moved into another block of the page («Mou»), a click on the share button
// as the goal; saved, "Previsualitza" opens that very article showing the variant. Neither the
// frame nor the preview is audience: no beacon reaches the collector.
const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

const EDITOR = { email: 'editora-visual@mesura.test', password: 'una-contrasenya-d-editora' };
const HEADLINE = 'Titular triat amb un clic';
const NOTICE = '<p class="avis-prova" style="color: #c00; position: fixed">Avís de prova</p>';
const UI_TIMEOUT_MS = 10_000;
const SCENARIO_TIMEOUT_MS = 120_000;
const SCREENSHOT_DIR = process.env.MESURA_SCREENSHOT_DIR ?? tmpdir();

const url = (address: string) => `${site.server.baseUrl}${address}`;

/** The collector's paths: beacons, media heartbeats and the visitor look-up (§7). */
const COLLECTOR_PATHS = /^\/(b\/ss\/|hb(\/|$)|id(\?|$))/;

async function leadArticlePath(): Promise<string> {
  const home = (await (await fetch(url('/api/content/home'))).json()) as { lead: { path: string } };
  return home.lead.path;
}

async function editorSignedIn(width: number): Promise<Page> {
  await addUserAsAdmin(site.server, { ...EDITOR, role: 'editor' });
  // A person who accepted the site's cookies (so that the framed page shows no banner); CSP is
  // bypassed only to inject axe-core into the console's page.
  const context = await site.browser.newContext({ locale: 'ca-ES', viewport: { width, height: 1000 }, bypassCSP: true });
  await acceptEverything(context, site.server.baseUrl);
  const page = await context.newPage();
  await page.goto(url('/consola/entrar/?torna=%2Fconsola%2Fexperiments%2Fnou%2F'));
  await page.getByLabel('Correu electrònic').fill(EDITOR.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('heading', { name: 'Nou experiment', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

describe('the visual editor of the Experiments area, end to end', () => {
  it(
    'an editor targets the headline by a click, changes it, inserts a notice after it and moves the notice into the share block by clicking live, picks the share button as the goal; the preview opens that article; neither sends a beacon',
    async () => {
      const articlePath = await leadArticlePath();
      const page = await editorSignedIn(768);
      // Every request of the editor's browser: the framed page and the preview load the SDK, and send nothing to the collector.
      const sdkLoads: string[] = [];
      const beacons: string[] = [];
      page.context().on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (pathname.endsWith('/mesura.js')) sdkLoads.push(request.frame().url());
        if (COLLECTOR_PATHS.test(`${pathname}${search}`)) beacons.push(`${request.method()} ${pathname}`);
      });
      await page.getByLabel('Nom', { exact: true }).fill('Titular visual');
      await page.getByLabel('Pàgina (començament del camí)').fill(articlePath);
      await page.getByLabel("Quota de l'experiència 1 (%)").fill('0');
      await page.getByLabel("Quota de l'experiència 2 (%)").fill('100');
      await expect.poll(() => page.getByLabel("Pàgina que s'edita").inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(articlePath);
      const frame = page.frameLocator('iframe[title="Pàgina del web que s\'edita"]');
      const headline = frame.locator('h1').first();
      await headline.waitFor({ timeout: UI_TIMEOUT_MS });
      const ownHeadline = await headline.textContent();

      await headline.click();
      const selector = await page.locator('.visual-editor__selector').textContent();
      expect(selector).toMatch(/h1/);
      await page.getByLabel('Canvi', { exact: true }).selectOption({ label: 'Canvia el text' });
      await page.getByLabel('Text nou', { exact: true }).fill(HEADLINE);
      await page.getByRole('button', { name: 'Aplica el canvi' }).click();
      await expect.poll(() => headline.textContent(), { timeout: UI_TIMEOUT_MS }).toBe(HEADLINE);
      expect(ownHeadline).not.toBe(HEADLINE);

      await headline.click();
      await page.getByLabel('Canvi', { exact: true }).selectOption({ label: 'Insereix després' });
      await page.getByLabel('HTML que cal inserir', { exact: true }).fill(NOTICE);
      await page.getByRole('button', { name: 'Aplica el canvi' }).click();
      await expect.poll(() => frame.locator('.avis-prova').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('Avís de prova');
      expect(await headline.textContent()).toBe(HEADLINE);
      // Shown as the server will serve it: the safe inline style only.
      expect(await frame.locator('.avis-prova').getAttribute('style')).toBe('color:#c00');
      // The notice moved into another block: the notice clicked, «Mou», then anywhere in the page the
      // share block as its destination, at its start.
      await frame.locator('.avis-prova').click();
      await page.getByLabel('Canvi', { exact: true }).selectOption({ label: 'Mou' });
      // A click on the moved element itself chooses no destination.
      await frame.locator('.avis-prova').click();
      await page.getByText('Trieu un altre element: aquest és el que es mou, o és a dins seu.').waitFor({ timeout: UI_TIMEOUT_MS });
      // The click lands on the block itself, not on one of its buttons.
      await frame.locator('.article-actions').dispatchEvent('click');
      const destination = await page.locator('.visual-editor__selector').nth(1).textContent();
      expect(destination).toMatch(/article-actions/);
      await page.getByLabel('Lloc respecte del destí').selectOption({ label: 'Al principi de' });
      await page.getByRole('button', { name: 'Aplica el canvi' }).click();
      await expect.poll(() => frame.locator('.article-actions > .avis-prova:first-child').count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
      expect(await frame.locator('h1 + .avis-prova').count()).toBe(0);

      await frame.locator('.article-actions button').first().click();
      await page.getByRole('button', { name: 'Objectiu: clic en aquest element' }).click();
      expect(await page.getByLabel('Clic en un element').isChecked()).toBe(true);
      // The form lists the changes as it stores them, with the selector made by the click.
      expect(await page.getByLabel('Selector CSS (Variant B, canvi 1)').inputValue()).toBe(selector);
      expect(await page.getByLabel('On (Variant B, canvi 2)').inputValue()).toBe('insertAfter');
      // The move is named in Catalan, with where it goes.
      const moveRow = page.locator('.offer-actions__item').nth(2);
      expect(await moveRow.locator('.offer-actions__kind').textContent()).toBe("Mou l'element");
      expect(await moveRow.textContent()).toContain(`al principi de «${destination}»`);
      // The form's cards use the form's width rather than a 26rem column.
      expect(
        await page
          .locator('.experiment-fieldset')
          .first()
          .evaluate((card) => card.getBoundingClientRect().width),
      ).toBeGreaterThan(500);
      // Nothing on screen speaks the vendor's jargon, and the page fits 768 px.
      expect(await page.locator('main').textContent()).not.toMatch(/mbox/i);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'mesura-console-experiments-visual-editor.png'), fullPage: true });
      // axe-core finds no serious or critical violation in the editor, an element targeted, at either width.
      for (const width of [1280, 768]) {
        await page.setViewportSize({ width, height: 1000 });
        expect(await seriousViolations(page)).toEqual([]);
        await page.locator('.visual-editor').screenshot({ path: path.join(SCREENSHOT_DIR, `mesura-console-experiments-visual-editor-${width}.png`) });
      }

      await page.getByRole('button', { name: "Desa l'esborrany" }).click();
      await page.waitForURL(/\/consola\/experiments\/titular-visual\/$/, { timeout: UI_TIMEOUT_MS });
      expect(await page.getByLabel('Pàgina de la previsualització').inputValue()).toBe(articlePath);
      const opened = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Previsualitza Variant B' }).click();
      const preview = await opened;
      await preview.waitForURL((address) => address.pathname === articlePath && address.searchParams.has('mesura_preview'), { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => preview.locator('h1').first().textContent(), { timeout: UI_TIMEOUT_MS }).toBe(HEADLINE);
      const notice = preview.locator('.avis-prova');
      await expect.poll(() => notice.count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
      // The safe inline style is kept, the one that would lay it over the page is not.
      expect(await notice.getAttribute('style')).toBe('color:#c00');
      // Moved out of the headline's block into the share block, as in the editor.
      expect(await preview.locator('.article-actions > .avis-prova:first-child').count()).toBe(1);
      // The link is for this editor's browser only: another browser opening it sees the article as it is.
      const stranger = await site.browser.newContext({ locale: 'ca-ES' });
      await acceptEverything(stranger, site.server.baseUrl);
      const elsewhere = await stranger.newPage();
      await elsewhere.goto(preview.url());
      await elsewhere.locator('#root[data-app="ready"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      await expect.poll(() => elsewhere.locator('h1').first().textContent(), { timeout: UI_TIMEOUT_MS }).toBe(ownHeadline);
      expect(await elsewhere.locator('.avis-prova').count()).toBe(0);
      await stranger.close();
      await preview.close();
      // The frame loaded the SDK (a cached copy may serve the preview), and neither sent a page view, link, heartbeat or look-up.
      expect(sdkLoads.some((address) => address.includes('mesura_preview=editor'))).toBe(true);
      expect(beacons).toEqual([]);
      // The results fit 768 px and 1280 px: no table wider than its box, the page never sideways.
      for (const width of [768, 1280]) {
        await page.setViewportSize({ width, height: 1000 });
        await page.locator('section[aria-labelledby="results-heading"][aria-busy="false"] table').first().waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const overflows = await page.locator('main .table-scroll').evaluateAll((boxes) => boxes.map((box) => box.scrollWidth - box.clientWidth));
        expect(overflows.every((extra) => extra <= 1)).toBe(true);
      }
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'mesura-console-experiments-visual-editor-results.png'), fullPage: true });
      await page.context().close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
