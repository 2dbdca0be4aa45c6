import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, E2E_ADMIN_ENV } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

// Vídeo i àudio as an analyst uses it once the demo has sent two days of traffic: a sub-page per
// kind of media report, each opened from the area's own navigation and showing its reports alone;
// on Directe, a day and a channel chosen on the report itself, and live viewers per minute showing
// the demo's evening live event (its viewers pass the minimum cohort, 5).
const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

const ROOT = path.resolve(import.meta.dirname, '..');
/** Yesterday whole (its 21:00 live event, scripts/demo/live-event.mjs) and today so far. */
const DEMO_ARGS = ['--days', '2', '--visitors', '200'];
const DEMO_TIMEOUT_MS = 120_000;
const UI_TIMEOUT_MS = 15_000;
const DAY_MS = 86_400_000;
/** The sub-pages, as the area's navigation names them, their addresses and the reports each shows (by id prefix of their headings). */
const SUB_PAGES = [
  { label: 'Reproduccions', path: '/consola/video-i-audio', title: /^Reproduccions per / },
  { label: 'Anuncis i capítols', path: '/consola/video-i-audio/anuncis', title: /^Anuncis i capítols per / },
  { label: "Qualitat de l'experiència", path: '/consola/video-i-audio/qualitat', title: /^Qualitat de l'experiència per / },
  { label: 'Directe', path: '/consola/video-i-audio/directe', title: /^(Espectadors del directe per minut|Directe per programa de la graella)$/ },
  { label: 'Ràdio', path: '/consola/video-i-audio/radio', title: /^(Oients de ràdio|Ràdio en finestra nova) per emissora$/ },
] as const;

const yesterday = () => new Date(Date.parse(`${today()}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/demo/demo.mjs'), ...DEMO_ARGS], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(site.server.port), MESURA_DATA_DIR: site.dataDir },
    timeout: DEMO_TIMEOUT_MS,
  });
}, DEMO_TIMEOUT_MS + 30_000);

async function signedIn(): Promise<Page> {
  const context = await site.browser.newContext({ locale: 'ca-ES', baseURL: site.server.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/consola/entrar/');
  await page.getByLabel('Correu electrònic').fill(E2E_ADMIN.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('navigation', { name: 'Seccions de la consola' }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

/** A report parameter chosen, as the page's address keeps it (a choice replaces the address within the page). */
const chosen = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Every report panel of the page answered (none loading, none failed). */
async function panelsAnswered(page: Page): Promise<void> {
  await page.locator('section.panel').first().waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => page.locator('section.panel[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
  expect(await page.locator('.panel__error').count()).toBe(0);
}

/** The minutes of the live panel's table with viewers: `[HH:MM, viewers]` (a hidden minute, "< 5", left out). */
async function minutesWithViewers(panel: Locator): Promise<[string, number][]> {
  return panel.locator('table tbody tr').evaluateAll((rows) =>
    rows
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''))
      .filter((cells) => /^\d+$/.test((cells[1] ?? '').replace(/\./g, '')) && Number(cells[1]!.replace(/\./g, '')) > 0)
      .map((cells) => [cells[0]!, Number(cells[1]!.replace(/\./g, ''))] as [string, number]),
  );
}

describe('Vídeo i àudio, by sub-page', () => {
  it('opens each sub-page from the area’s navigation, each with its own reports', async () => {
    const page = await signedIn();
    await page.getByRole('navigation', { name: 'Seccions de la consola' }).getByRole('link', { name: 'Vídeo i àudio', exact: true }).click();
    for (const sub of SUB_PAGES) {
      await page.getByRole('navigation', { name: 'Seccions de Vídeo i àudio' }).getByRole('link', { name: sub.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === sub.path, { timeout: UI_TIMEOUT_MS });
      await panelsAnswered(page);
      const titles = await page.locator('section.panel h2').allTextContents();
      expect(titles.length, sub.label).toBeGreaterThan(0);
      for (const title of titles) expect(title, sub.label).toMatch(sub.title);
      expect(await page.getByRole('link', { name: sub.label, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    await page.context().close();
  });

  it('shows the demo’s live viewing per minute, for the day and the channel chosen on the report', async () => {
    const page = await signedIn();
    await page.goto('/consola/video-i-audio/directe?periode=7-dies');
    await panelsAnswered(page);
    const minutes = page.locator('section.panel', { has: page.getByRole('heading', { name: 'Espectadors del directe per minut' }) });
    // Without a day chosen the report reads the period's last whole day, yesterday: its evening is on the chart.
    await expect.poll(() => minutes.getByLabel('Dia').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(yesterday());
    expect((await minutesWithViewers(minutes)).length).toBeGreaterThan(0);

    // Today first (its evening not yet sent), then yesterday again, on Mesura TV alone.
    await minutes.getByLabel('Dia').fill(today());
    await expect.poll(() => chosen(page, 'p.day'), { timeout: UI_TIMEOUT_MS }).toBe(today());
    // The address changes at once, the page is drawn after it: until then the field still shows the
    // day before, and filling that day again would change nothing.
    await expect.poll(() => minutes.getByLabel('Dia').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(today());
    await panelsAnswered(page);
    // The channel at once, before the new day is drawn: both choices are kept.
    await minutes.getByLabel('Dia').fill(yesterday());
    await minutes.getByLabel('Canal o emissora').selectOption({ label: 'Mesura TV' });
    await expect.poll(() => chosen(page, 'p.channel'), { timeout: UI_TIMEOUT_MS }).toBe('mesura-tv');
    expect(chosen(page, 'p.day')).toBe(yesterday());
    const guide = page.locator('section.panel', { has: page.getByRole('heading', { name: 'Directe per programa de la graella' }) });
    // The guide's report on the same page follows the channel chosen, once the new address is drawn.
    await expect.poll(() => guide.getByLabel('Canal o emissora').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('mesura-tv');
    expect(await minutes.getByLabel('Dia').inputValue()).toBe(yesterday());
    await panelsAnswered(page);
    const evening = (await minutesWithViewers(minutes)).filter(([minute]) => minute >= '21:00' && minute < '22:00');
    expect(evening.length, 'minutes of the evening event above the minimum cohort').toBeGreaterThan(5);
    expect(Math.max(...evening.map(([, viewers]) => viewers))).toBeGreaterThanOrEqual(5);
    const guideRows = await guide.locator('table tbody tr th, table tbody tr td:first-child').allTextContents();
    expect(guideRows.join('\n')).toContain('Mesura Notícies vespre (Mesura TV)');
    await page.context().close();
  });

  it('names live broadcasts by title, channel and time in the content ranking, and ranks no test clip', async () => {
    const page = await signedIn();
    await page.goto('/consola/video-i-audio?periode=7-dies&vista=taula');
    await panelsAnswered(page);
    const byContent = page.locator('section.panel', { has: page.getByRole('heading', { name: 'Reproduccions per contingut' }) });
    const names = await byContent.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('th, td')?.textContent?.trim() ?? ''));
    expect(names.length).toBeGreaterThan(0);
    // The site's test clips (packages/content seed/legacy-episodes.ts) are not among them.
    expect(names.filter((name) => /\bde prova\b/i.test(name))).toEqual([]);
    expect(names.some((name) => /· Mesura TV, \S+ \d{2}\/\d{2}\/\d{4} 21:\d{2}/.test(name))).toBe(true);
    expect(names.filter((name) => /mesura-tv-\d{4}/.test(name))).toEqual([]);
    await page.context().close();
  });
});
