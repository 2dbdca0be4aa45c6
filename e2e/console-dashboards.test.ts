import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_USER_AGENT, acceptEverything, gotoMeasured, resizeViewport } from './helpers/browser.js';
import { seriousViolations } from './helpers/axe.js';
import { controlNames, elementsPastTheirBox, repeatedNames } from './helpers/layout-checks.js';
import { E2E_ADMIN_ENV, addUserAsAdmin } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

// An analyst pins today's «Pàgines» and the last 7 days' «Audiència per dia» (a line chart, which
// kept its wider width when the window narrowed) to their own dashboard, opens «Taulers», sees each
// tile with its figures (over the tile's period, not the address's), moves the second up, drags it
// back by pointer and again by keyboard, and removes one. A visitor's browser makes the traffic
// first: a minimum cohort of 1 shows every figure, and reports read every acknowledged event.
const site = useSiteUnderTest({ env: { ...E2E_ADMIN_ENV, MESURA_MIN_COHORT: '1', MESURA_REPORT_MAX_LAG_MS: '0' } });

const ANALYST = { email: 'analista-taulers@mesura.test', password: 'analista-de-taulers-e2e', role: 'analyst' } as const;
const UI_TIMEOUT_MS = 15_000;
const TRAFFIC_TIMEOUT_MS = 120_000;

const url = (address: string) => `${site.server.baseUrl}${address}`;

async function signedIn(): Promise<Page> {
  const context = await site.browser.newContext({ locale: 'ca-ES', viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url('/consola/entrar/'));
  await page.getByLabel('Correu electrònic').fill(ANALYST.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(ANALYST.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('heading', { name: 'Audiència', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

async function settled(page: Page): Promise<void> {
  await page.locator('section.panel').first().waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
}

const panel = (page: Page, title: string): Locator => page.locator('section.panel').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });

async function pin(page: Page, title: string): Promise<void> {
  const report = panel(page, title);
  await report.getByRole('button', { name: 'Fixa al tauler' }).click();
  await report.getByLabel('Tauler', { exact: true }).selectOption({ label: 'El meu tauler' });
  await report.getByRole('button', { name: 'Fixa', exact: true }).click();
  await report.getByRole('status').filter({ hasText: 'Fixat a El meu tauler' }).waitFor({ timeout: UI_TIMEOUT_MS });
}

async function violationsAtBothWidths(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1280, 768]) {
    await resizeViewport(page, { width, height: 900 });
    problems.push(...(await seriousViolations(page)).map((violation) => `at ${width} px: ${violation}`));
  }
  await resizeViewport(page, { width: 1280, height: 900 });
  return problems;
}

const tileTitles = (page: Page) => page.locator('.dashboard-tile h2').allTextContents();

/** A move's request answered: what a drop or a button sends, awaited before the order is read back. */
const moveAnswered = (page: Page) => page.waitForResponse((response) => response.request().method() === 'POST' && /\/tiles\/[^/]+\/move$/.test(response.url()));

/** Drags the tile `title` by its handle with the mouse, in small steps, until its middle is over the tile `onto`'s. */
async function dragTile(page: Page, title: string, onto: string): Promise<void> {
  const handle = page.getByRole('button', { name: `Arrossega ${title}` });
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const tileTop = async (name: string) =>
    (await page
      .locator('.dashboard-tile')
      .filter({ has: page.getByRole('heading', { name, exact: true }) })
      .boundingBox())!.y;
  const distance = (await tileTop(onto)) - (await tileTop(title));
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + Math.sign(distance) * 10, { steps: 5 });
  await page.mouse.move(x, y + distance, { steps: 20 });
  await page.mouse.up();
}

/** At 768 px, nothing of a tile reaches past its sides, even with a report's «Fixa al tauler» open: its buttons wrap inside it. */
async function tilesKeepTheirContentAt768(page: Page): Promise<string[]> {
  await resizeViewport(page, { width: 768, height: 900 });
  const past = await elementsPastTheirBox(page, '.dashboard-tile');
  // The widest a report's actions get: «Fixa al tauler» open, with its list and two buttons.
  const first = page.locator('.dashboard-tile').first();
  await first.getByRole('button', { name: 'Fixa al tauler' }).click();
  await first.getByLabel('Tauler', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  past.push(...(await elementsPastTheirBox(page, '.dashboard-tile')));
  await first.getByRole('button', { name: 'Cancel·la' }).click();
  await resizeViewport(page, { width: 1280, height: 900 });
  return past;
}

beforeAll(async () => {
  await addUserAsAdmin(site.server, ANALYST);
  const home = (await (await fetch(url('/api/content/home'))).json()) as { lead: { path: string } };
  const context = await site.browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES' });
  await acceptEverything(context, site.server.baseUrl);
  const visitor = await context.newPage();
  await gotoMeasured(visitor, url('/'));
  await gotoMeasured(visitor, url(home.lead.path));
  await context.close();
}, TRAFFIC_TIMEOUT_MS);

describe('dashboards in the console', () => {
  it('pins report views to the home dashboard, shows their figures, moves and removes a tile', async () => {
    const page = await signedIn();
    await page.goto(url('/consola/contingut/?periode=avui'));
    await settled(page);
    await pin(page, 'Pàgines');
    await page.goto(url('/consola/audiencia/?periode=7-dies'));
    await settled(page);
    await pin(page, 'Audiència per dia');

    await page.getByRole('navigation').getByRole('link', { name: 'Taulers', exact: true }).click();
    await page.getByRole('heading', { name: 'Taulers', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('link', { name: 'El meu tauler' }).click();
    await page.getByRole('heading', { name: 'El meu tauler', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await settled(page);
    expect(await tileTitles(page)).toEqual(['Pàgines', 'Audiència per dia']);
    expect(await page.locator('.dashboard-tile__period').allTextContents()).toEqual(['Avui', 'Últims 7 dies']);
    // Today's tile lists the visitor's two pages, over its own period.
    const pages = page.locator('.dashboard-tile').nth(0);
    await expect.poll(() => pages.locator('table tbody tr').count(), { timeout: UI_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
    expect(await pages.locator('table').first().textContent()).toContain('Pàgines vistes');
    expect(await violationsAtBothWidths(page)).toEqual([]);
    expect(await tilesKeepTheirContentAt768(page)).toEqual([]);
    // Each mail control says what it mails: the dashboard, or one tile's report.
    const names = await controlNames(page.getByRole('main'));
    expect(names.filter((name) => name.includes('per correu'))).toEqual([
      'Envia per correu el tauler «El meu tauler»',
      "Envia per correu l'informe Pàgines",
      "Envia per correu l'informe Audiència per dia",
    ]);
    expect(repeatedNames(names)).toEqual([]);

    await page.getByRole('button', { name: 'Puja Audiència per dia' }).click();
    await expect.poll(() => tileTitles(page), { timeout: UI_TIMEOUT_MS }).toEqual(['Audiència per dia', 'Pàgines']);
    // Dragged back by the mouse: the drop is saved, and a new load shows it.
    const dropped = moveAnswered(page);
    await dragTile(page, 'Pàgines', 'Audiència per dia');
    expect((await dropped).status()).toBe(200);
    expect(await tileTitles(page)).toEqual(['Pàgines', 'Audiència per dia']);
    await page.reload();
    await settled(page);
    expect(await tileTitles(page)).toEqual(['Pàgines', 'Audiència per dia']);
    // By keyboard: the handle takes Space, the arrows move, Space drops, each step said in Catalan.
    await page.getByRole('button', { name: 'Arrossega Pàgines' }).focus();
    await page.keyboard.press('Space');
    await page.getByText("S'ha agafat «Pàgines», a la posició 1 de 2.").waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
    await page.keyboard.press('ArrowDown');
    await page.getByText('«Pàgines» aniria a la posició 2 de 2.').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
    const keyed = moveAnswered(page);
    await page.keyboard.press('Space');
    expect((await keyed).status()).toBe(200);
    await page.getByText("S'ha deixat «Pàgines» a la posició 2 de 2.").waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
    expect(await tileTitles(page)).toEqual(['Audiència per dia', 'Pàgines']);
    await page.getByRole('button', { name: 'Treu Audiència per dia del tauler' }).click();
    await expect.poll(() => tileTitles(page), { timeout: UI_TIMEOUT_MS }).toEqual(['Pàgines']);
    // The order and the removal were saved: a new load shows the same.
    await page.reload();
    await settled(page);
    expect(await tileTitles(page)).toEqual(['Pàgines']);
    await page.context().close();
  });

  it('makes a shared dashboard, pins a view to it, and shows it in the list with its author', async () => {
    const page = await signedIn();
    await page.goto(url('/consola/taulers/'));
    await page.getByLabel('Nom').fill('Redacció');
    await page.getByRole('button', { name: 'Crea el tauler' }).click();
    await page.getByRole('link', { name: 'Redacció' }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.locator('.dashboard-list li').filter({ hasText: 'Redacció' }).textContent()).toContain(`Compartit · ${ANALYST.email} · 0 informes`);

    await page.goto(url('/consola/contingut/?periode=avui&f=device:desktop'));
    await settled(page);
    const report = panel(page, 'Pàgines');
    await report.getByRole('button', { name: 'Fixa al tauler' }).click();
    await report.getByLabel('Tauler', { exact: true }).selectOption({ label: 'Redacció' });
    await report.getByRole('button', { name: 'Fixa', exact: true }).click();
    await report.getByRole('link', { name: 'Redacció' }).click();
    await page.getByRole('heading', { name: 'Redacció', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await settled(page);
    expect(await tileTitles(page)).toEqual(['Pàgines']);
    expect(await page.locator('.dashboard-tile__period').allTextContents()).toEqual(['Avui · Dispositiu: desktop']);
    expect(await violationsAtBothWidths(page)).toEqual([]);
    await page.context().close();
  });
});
