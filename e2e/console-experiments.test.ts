import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, addUserAsAdmin } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

// An editor runs an A/B test from the console alone: creates it without code on an article of
// the site, previews the variant, starts it; visitors see the variant and convert; the results
// page counts them. The server's default minimum cohort (5), so the variant needs 5 visitors.
const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

const EDITOR = { email: 'editora@mesura.test', password: 'una-contrasenya-d-editora' };
/** Visitors who open the article: the least the minimum cohort shows. */
const VISITORS = 5;
const HEADLINE = 'Titular de prova: «Montjuïc» & la final';
/** The article's headline, and the share button of its actions strip (apps/site article-page.tsx). */
const HEADLINE_SELECTOR = 'h1.article__title';
const SHARE_BUTTON = '.article-actions button';
const UI_TIMEOUT_MS = 10_000;
/**
 * The whole scenario: a sign-in, a form, a preview and seven browser profiles one after another.
 * About 35 s on an idle machine; room for a loaded one (the e2e default is 60 s).
 */
const SCENARIO_TIMEOUT_MS = 180_000;
/** How long the report may take to count what visitors did (ingest, then the report's catch-up). */
const REPORT_TIMEOUT_MS = 20_000;

/** Where the screens' pictures go, to be looked at by a person. */
const SCREENSHOT_DIR = process.env.MESURA_SCREENSHOT_DIR ?? tmpdir();

const url = (address: string) => `${site.server.baseUrl}${address}`;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `mesura-console-experiments-${name}.png`), fullPage: true });
}

/** The home page's lead article: a real page of the site with no seeded activity (those are on 1001–1003). */
async function leadArticlePath(): Promise<string> {
  const home = (await (await fetch(url('/api/content/home'))).json()) as { lead: { path: string } };
  expect(home.lead.path).toMatch(/^\/noticia\/\d+\//);
  expect(home.lead.path).not.toMatch(/^\/noticia\/100[123]\//);
  return home.lead.path;
}

async function createEditor(): Promise<void> {
  await addUserAsAdmin(site.server, { ...EDITOR, role: 'editor' });
}

/** The editor's browser: a person who also accepted the site's cookies (a preview is the site's page, measured as any). */
async function editorSignedIn(): Promise<Page> {
  const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
  await page.setViewportSize({ width: 768, height: 1000 });
  await page.goto(url('/consola/entrar/?torna=%2Fconsola%2Fexperiments%2F'));
  await page.getByLabel('Correu electrònic').fill(EDITOR.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

async function createTest(page: Page, articlePath: string): Promise<void> {
  await page.getByRole('link', { name: 'Nou experiment' }).click();
  await page.getByLabel('Nom', { exact: true }).fill('Titular de la portada');
  expect(await page.getByLabel('Identificador').inputValue()).toBe('titular-de-la-portada');
  await page.getByLabel('Pàgina (començament del camí)').fill(articlePath);
  // Every visitor in the variant, so that each one shows it.
  await page.getByLabel("Quota de l'experiència 1 (%)").fill('0');
  await page.getByLabel("Quota de l'experiència 2 (%)").fill('100');
  await page.getByLabel('Afegeix un canvi a Variant B:').selectOption({ label: 'Canvia el text' });
  await page.getByLabel('Selector CSS (Variant B, canvi 1)').fill(HEADLINE_SELECTOR);
  await page.getByLabel('Text nou (Variant B, canvi 1)').fill(HEADLINE);
  await page.getByLabel('Clic en un element').check();
  await page.getByLabel("Selector CSS de l'element").fill(SHARE_BUTTON);
  await screenshot(page, 'form');
  await page.getByRole('button', { name: "Desa l'esborrany" }).click();
  await page.waitForURL(/\/consola\/experiments\/titular-de-la-portada\/$/, { timeout: UI_TIMEOUT_MS });
  await page.getByRole('heading', { name: 'Titular de la portada', level: 1 }).waitFor();
  expect(await page.locator('.experiment-status .status-badge').textContent()).toBe('Esborrany');
}

/** "Previsualitza" opens the article in a new window showing the variant, before anyone else sees it. */
async function previewVariant(page: Page, articlePath: string): Promise<void> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Previsualitza Variant B' }).click();
  const preview = await opened;
  await preview.waitForURL((address) => address.pathname === articlePath && address.searchParams.has('mesura_preview'), { timeout: UI_TIMEOUT_MS });
  await expect.poll(() => preview.locator(HEADLINE_SELECTOR).textContent(), { timeout: UI_TIMEOUT_MS }).toBe(HEADLINE);
  await preview.close();
}

/** A new visitor who accepted cookies earlier opens the article, sees the variant's headline, and clicks the share button. */
async function visitorConverts(articlePath: string): Promise<BrowserContext> {
  const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
  await gotoReady(page, url(articlePath));
  await expect.poll(() => page.locator(HEADLINE_SELECTOR).textContent(), { timeout: UI_TIMEOUT_MS }).toBe(HEADLINE);
  // The goal's click travels with the offer's click token on the delivery path.
  const conversion = page.waitForRequest((request) => request.url().includes('/m2/') && /clickToken=/.test(`${request.url()} ${request.postData() ?? ''}`));
  await page.locator(SHARE_BUTTON).first().click();
  await conversion;
  return page.context();
}

/** The results table's row of one experience, as its cells' texts: its name, then its figures (not its preview cell). */
async function resultsRow(page: Page, experience: string): Promise<string[]> {
  const row = page.locator('section[aria-labelledby="results-heading"] tbody tr').filter({ has: page.locator('th', { hasText: experience }) });
  return row.locator('th, td:not(.results-table__preview)').allTextContents();
}

describe('the Experiments area of the console, end to end', () => {
  it(
    'an editor creates an A/B test on an article, previews and starts it; visitors see the variant and convert; the results count them',
    async () => {
      const articlePath = await leadArticlePath();
      await createEditor();
      const page = await editorSignedIn();
      await createTest(page, articlePath);
      // A draft is decided for nobody: a visitor still sees the article's own headline.
      const early = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
      await gotoReady(early, url(articlePath));
      const ownHeadline = await early.locator(HEADLINE_SELECTOR).textContent();
      expect(ownHeadline).not.toBe(HEADLINE);
      await early.context().close();

      await previewVariant(page, articlePath);
      await page.getByRole('button', { name: 'Inicia' }).click();
      await expect.poll(() => page.locator('.experiment-status .status-badge').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('Actiu');

      const visitors: BrowserContext[] = [];
      for (let i = 0; i < VISITORS; i++) visitors.push(await visitorConverts(articlePath));
      await Promise.all(visitors.map((context) => context.close()));

      // The results page reads the report again on each visit: reload until the conversions are in.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.locator('section[aria-labelledby="results-heading"][aria-busy="false"]').waitFor({ timeout: UI_TIMEOUT_MS });
            return (await resultsRow(page, 'Variant B')).slice(0, 4);
          },
          { timeout: REPORT_TIMEOUT_MS, interval: 1000 },
        )
        .toEqual(['Variant B', '5', '5', '100,00\u00a0%']);
      // The control had no visitors: hidden under the minimum cohort.
      expect((await resultsRow(page, 'Control')).slice(1, 3)).toEqual(['< 5', '< 5']);
      await screenshot(page, 'results');
      const history = await page.locator('section[aria-labelledby="history-heading"] tbody tr td:nth-child(3)').allTextContents();
      expect(history).toEqual(['estat: Esborrany → Actiu', 'creació']);
      expect(await page.locator('section[aria-labelledby="history-heading"] tbody tr td:nth-child(2)').allTextContents()).toEqual([EDITOR.email, EDITOR.email]);
      await page.context().close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
