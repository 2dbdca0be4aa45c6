import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_USER_AGENT, acceptEverything, gotoMeasured, resizeViewport } from './helpers/browser.js';
import { seriousViolations } from './helpers/axe.js';
import { E2E_ADMIN, E2E_ADMIN_ENV, addUserAsAdmin } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

// An analyst opens Audiència and Contingut and reads the key figures on top (today's visits,
// visitors and page views, with the day before and a trend line), then writes a note on the
// audience chart from the chart itself; an editor sees it with its author and cannot change it;
// an admin deletes it. Three visitors' browsers make the traffic first, so every figure is known:
// a minimum cohort of 1 shows them all, and reports read every acknowledged event (no load lag).
const site = useSiteUnderTest({ env: { ...E2E_ADMIN_ENV, MESURA_MIN_COHORT: '1', MESURA_REPORT_MAX_LAG_MS: '0' } });

const ANALYST = { email: 'analista-notes@mesura.test', password: 'analista-de-notes-e2e', role: 'analyst' } as const;
const EDITOR = { email: 'editora-notes@mesura.test', password: 'editora-de-notes-e2e', role: 'editor' } as const;
/** Each visitor opens the home page; these read the lead article after it. */
const READS_ARTICLE = [true, true, false] as const;
const VISITS = READS_ARTICLE.length;
const PAGE_VIEWS = VISITS + READS_ARTICLE.filter(Boolean).length;
const NOTE = "Nit d'eleccions: directe especial";
const UI_TIMEOUT_MS = 15_000;
/** Three browser profiles, one or two measured pages each: room for a loaded machine. */
const TRAFFIC_TIMEOUT_MS = 120_000;

const url = (address: string) => `${site.server.baseUrl}${address}`;

async function visit(articlePath: string, readsArticle: boolean): Promise<void> {
  const context = await site.browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES' });
  await acceptEverything(context, site.server.baseUrl);
  const page = await context.newPage();
  await gotoMeasured(page, url('/'));
  if (readsArticle) await gotoMeasured(page, url(articlePath));
  await context.close();
}

async function signedIn(user: { email: string; password: string }, options: { bypassCSP?: boolean } = {}): Promise<Page> {
  const context = await site.browser.newContext({ locale: 'ca-ES', viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(url('/consola/entrar/'));
  await page.getByLabel('Correu electrònic').fill(user.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('heading', { name: 'Audiència', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

/** Nothing on the page still loading: the key figures and every report panel. */
async function settled(page: Page): Promise<void> {
  await page.locator('section.panel').first().waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
}

/** The key figure named `label`: its value and its change line, as shown. */
async function keyFigure(figures: Locator, label: string): Promise<{ value: string; change: string }> {
  const item = figures.locator('.key-figure').filter({ has: figures.page().locator('.key-figure__label', { hasText: new RegExp(`^${label}( \\(aprox\\.\\))?$`) }) });
  return { value: (await item.locator('.key-figure__value').textContent())?.trim() ?? '', change: (await item.locator('.key-figure__change').textContent())?.trim() ?? '' };
}

/** axe-core's serious and critical violations of the page at 1280 px and 768 px. */
async function violationsAtBothWidths(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1280, 768]) {
    await resizeViewport(page, { width, height: 900 });
    problems.push(...(await seriousViolations(page)).map((violation) => `at ${width} px: ${violation}`));
  }
  await resizeViewport(page, { width: 1280, height: 900 });
  return problems;
}

beforeAll(async () => {
  await addUserAsAdmin(site.server, ANALYST);
  await addUserAsAdmin(site.server, EDITOR);
  const home = (await (await fetch(url('/api/content/home'))).json()) as { lead: { path: string } };
  await Promise.all(READS_ARTICLE.map((reads) => visit(home.lead.path, reads)));
}, TRAFFIC_TIMEOUT_MS);

describe('key figures and notes in the console', () => {
  it("shows each area's key figures for the period, with the previous period and a trend line", async () => {
    const page = await signedIn(ANALYST, { bypassCSP: true });
    await page.goto(url('/consola/audiencia/?periode=avui'));
    await settled(page);
    const figures = page.getByRole('region', { name: /^Xifres clau/ });
    await expect.poll(() => keyFigure(figures, 'Visites'), { timeout: UI_TIMEOUT_MS }).toEqual({ value: String(VISITS), change: 'Sense comparació (abans 0)' });
    expect((await keyFigure(figures, 'Visitants')).value).toBe(String(VISITS));
    expect((await keyFigure(figures, 'Pàgines vistes')).value).toBe(String(PAGE_VIEWS));
    expect(await figures.locator('.key-figures__heading').textContent()).toContain('comparat amb');

    // Seven days: a trend line of seven points per figure, today's the last.
    await page.getByRole('button', { name: 'Últims 7 dies' }).click();
    await settled(page);
    await expect.poll(() => figures.locator('svg.sparkline path').count(), { timeout: UI_TIMEOUT_MS }).toBeGreaterThanOrEqual(3);
    expect((await keyFigure(figures, 'Pàgines vistes')).value).toBe(String(PAGE_VIEWS));
    expect(await violationsAtBothWidths(page)).toEqual([]);

    // Contingut has its own: page views and engaged time.
    await page.getByRole('navigation').getByRole('link', { name: 'Contingut', exact: true }).click();
    await settled(page);
    const content = page.getByRole('region', { name: /^Xifres clau/ });
    await expect.poll(() => content.locator('.key-figure__label').allTextContents(), { timeout: UI_TIMEOUT_MS }).toEqual(['Pàgines vistes', "Temps d'interacció", 'Interacció mitjana per pàgina']);
    expect((await keyFigure(content, 'Pàgines vistes')).value).toBe(String(PAGE_VIEWS));
    await page.context().close();
  });

  it('writes a note from the audience chart, shown to the team with its author, deleted by an admin', async () => {
    const analyst = await signedIn(ANALYST, { bypassCSP: true });
    await analyst.goto(url('/consola/audiencia/?periode=7-dies'));
    await settled(analyst);
    const chart = analyst.locator('section.panel').filter({ has: analyst.getByRole('heading', { name: 'Audiència per dia' }) });
    await chart.getByRole('button', { name: 'Afegeix una nota' }).click();
    const form = chart.getByRole('form', { name: 'Afegeix la nota' });
    await form.getByLabel('Dia').selectOption(today());
    await form.getByLabel('Hora (opcional)').fill('21:00');
    await form.getByLabel('Nota', { exact: true }).fill(NOTE);
    expect(await violationsAtBothWidths(analyst)).toEqual([]);
    await form.getByRole('button', { name: 'Afegeix la nota' }).click();
    const notes = chart.getByRole('list', { name: 'Notes del gràfic' });
    await notes.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await notes.locator('li').allTextContents()).toEqual([expect.stringMatching(new RegExp(`^1.*, 21:00 ${NOTE} · ${ANALYST.email} Corregeix Esborra$`))]);
    expect(await chart.getByRole('img').getAttribute('aria-label')).toContain('Hi ha 1 nota');
    expect(await violationsAtBothWidths(analyst)).toEqual([]);
    await analyst.context().close();

    // The team sees it; only its author or an admin may change it.
    const editor = await signedIn(EDITOR);
    await settled(editor);
    const seen = editor.getByRole('list', { name: 'Notes del gràfic' }).first();
    await expect.poll(() => seen.locator('li').allTextContents(), { timeout: UI_TIMEOUT_MS }).toEqual([expect.stringContaining(`${NOTE} · ${ANALYST.email}`)]);
    expect(await seen.getByRole('button', { name: 'Esborra la nota 1' }).count()).toBe(0);
    await editor.context().close();

    const admin = await signedIn(E2E_ADMIN);
    await settled(admin);
    const adminChart = admin.locator('section.panel').filter({ has: admin.getByRole('heading', { name: 'Audiència per dia' }) });
    await adminChart.getByRole('button', { name: 'Esborra la nota 1' }).click();
    await expect.poll(() => adminChart.getByRole('list', { name: 'Notes del gràfic' }).count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    await admin.context().close();
  });
});
