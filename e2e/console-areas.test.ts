import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gotoMeasured, newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, addUserAsAdmin, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

// The console as an analyst finds it once `npm run demo` has filled it: every report of the
// catalogue, and of the goals, funnels and segments the demo defines, has rows with figures, every report area shows a chart and a table with rows, a cell of
// fewer visitors than the minimum cohort shows "< 5", and running the demo again changes no figure.
// Reports read every acknowledged event (no load lag): a figure a second run doubled could not hide.
const site = useSiteUnderTest({ env: { ...E2E_ADMIN_ENV, MESURA_REPORT_MAX_LAG_MS: '0' } });

const ROOT = path.resolve(import.meta.dirname, '..');
const ANALYST = { email: 'analista@mesura.test', password: 'analista-contrasenya-e2e', role: 'analyst' } as const;
/** A smaller demo than `npm run demo`'s default: enough visitors per cell, a short run. */
const DEMO_DAYS = 7;
const DEMO_ARGS = ['--days', String(DEMO_DAYS), '--visitors', '150'];
const DEMO_TIMEOUT_MS = 180_000;
const DAY_MS = 86_400_000;
const UI_TIMEOUT_MS = 15_000;
/** The report areas an analyst opens (the navigation's names and paths); Temps real is apart. */
const REPORT_AREAS = [
  ['Audiència', 'audiencia'],
  ['Contingut', 'contingut'],
  ['Adquisició', 'adquisicio'],
  ['Cerca interna', 'cerca'],
  ['Interacció', 'interaccio'],
  ['Tecnologia', 'tecnologia'],
  ['Geografia', 'geografia'],
  ['Vídeo i àudio', 'video-i-audio'],
  ['Consentiment', 'consentiment'],
] as const;
/** An external campaign nobody else came from: one visitor's cells. */
const LONE_CAMPAIGN = 'e2e-campanya-d-un-sol-visitant';

const api = (p: string) => `${site.server.baseUrl}${p}`;

interface ReportFigures {
  rows: number;
  shown: number;
  figures: string;
}
type Figures<T> = (options: { base: string; headers: Record<string, string>; from: string; to: string }) => Promise<Record<string, T>>;
interface ReportFigureModule {
  catalogueFigures: Figures<ReportFigures>;
  definitionFigures: Figures<Omit<ReportFigures, 'figures'>>;
}

/**
 * The reports `figures` of scripts/demo/report-figures.mjs asks, over the demo's days before today
 * (today grows while the test runs: a second run adds the minutes since the first).
 */
async function figuresOfPastDays<K extends keyof ReportFigureModule>(figures: K): Promise<Awaited<ReturnType<ReportFigureModule[K]>>> {
  const module = (await import(pathToFileURL(path.join(ROOT, 'scripts/demo/report-figures.mjs')).href)) as ReportFigureModule;
  const day = (back: number) => new Date(Date.parse(`${today()}T12:00:00Z`) - back * DAY_MS).toISOString().slice(0, 10);
  return (await module[figures]({ base: site.server.baseUrl, headers: await apiHeaders(site.server), from: day(DEMO_DAYS - 1), to: day(1) })) as Awaited<ReturnType<ReportFigureModule[K]>>;
}

async function runDemo(): Promise<void> {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/demo/demo.mjs'), ...DEMO_ARGS], {
    cwd: ROOT,
    // The admin's account, with which the demo saves its goals, funnels and segments.
    env: { ...process.env, PORT: String(site.server.port), MESURA_DATA_DIR: site.dataDir, ...E2E_ADMIN_ENV },
    timeout: DEMO_TIMEOUT_MS,
  });
}

async function signedInAnalyst(): Promise<Page> {
  const context = await site.browser.newContext({ locale: 'ca-ES', baseURL: site.server.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/consola/entrar/');
  await page.getByLabel('Correu electrònic').fill(ANALYST.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(ANALYST.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('heading', { name: 'Audiència', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

/** Every report panel of the page answered (none loading, none failed). */
async function panelsAnswered(page: Page): Promise<void> {
  await page.locator('section.panel').first().waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => page.locator('section.panel[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
  expect(await page.locator('.panel__error').count()).toBe(0);
}

beforeAll(async () => {
  await addUserAsAdmin(site.server, ANALYST);
  await runDemo();
}, DEMO_TIMEOUT_MS + 30_000);

describe('the console filled by the demo', () => {
  let first: Record<string, ReportFigures>;

  it('fills every report of the catalogue with rows that pass the minimum cohort', async () => {
    first = await figuresOfPastDays('catalogueFigures');
    console.log(
      Object.entries(first)
        .map(([report, { rows, shown }]) => `${report}: ${shown} of ${rows} rows shown`)
        .join('\n'),
    );
    const empty = Object.entries(first)
      .filter(([, { shown }]) => shown === 0)
      .map(([report]) => report);
    expect(empty).toEqual([]);
    expect(Object.keys(first).length).toBeGreaterThan(40);
    // Only /mesura.js's engagement hits fill these: the demo sends them as its pages are left.
    expect(first['content/engaged-time']?.shown).toBeGreaterThan(0);
  });

  it('defines goals, funnels and segments, each of whose reports shows rows that pass the minimum cohort', async () => {
    const defined = await figuresOfPastDays('definitionFigures');
    const kinds = ['goals/', 'funnels/', 'audience/by-day?s='];
    for (const kind of kinds) expect(Object.keys(defined).filter((report) => report.startsWith(kind)).length, kind).toBeGreaterThan(1);
    const empty = Object.entries(defined)
      .filter(([, { shown }]) => shown === 0)
      .map(([report]) => report);
    expect(empty).toEqual([]);
  });

  it('shows an analyst every report area with a chart and a table of rows', async () => {
    const page = await signedInAnalyst();
    for (const [label, areaPath] of REPORT_AREAS) {
      await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/consola/${areaPath}/`, { timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: label, level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
      await panelsAnswered(page);
      // The area's headline report: a drawn chart (uPlot's canvas or bars) and its table's rows.
      const headline = page.locator('section.panel').first();
      await expect.poll(() => headline.locator('.report-chart__figure canvas, .report-chart__figure .bar-chart__row').count(), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
      expect(await headline.locator('table tbody tr').count(), `${label}: table rows`).toBeGreaterThan(0);
      // Places are drawn on a map too: the countries on the world's, the visitors' shaded darker than the rest.
      if (areaPath === 'geografia') {
        await expect.poll(() => headline.locator('svg.place-map path').count(), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(100);
        expect(await headline.locator('svg.place-map path:not([fill="#eef2f6"])').count(), 'countries with visits').toBeGreaterThan(2);
      }
    }
    await page.getByRole('navigation').getByRole('link', { name: 'Temps real', exact: true }).click();
    await page.getByRole('heading', { name: 'Temps real', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText('En directe').first().waitFor({ timeout: UI_TIMEOUT_MS });
    await page.context().close();
  });

  it('hides the figures of a campaign one visitor came from: "< 5"', async () => {
    // The visit reaches the store from a visitor's browser, landing from an external campaign.
    const visitor = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoMeasured(visitor, api(`/?ext=${LONE_CAMPAIGN}`));
    await visitor.context().close();

    const page = await signedInAnalyst();
    await page.goto(`/consola/audiencia/?periode=avui&vista=taula&f=${encodeURIComponent(`campaign:${LONE_CAMPAIGN}`)}`);
    await panelsAnswered(page);
    const headline = page.locator('section.panel').first();
    await expect.poll(() => headline.locator('tbody td', { hasText: '< 5' }).count(), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    // The total of one visitor is hidden as well: no figure of theirs is on the page.
    expect(await headline.locator('tfoot td', { hasText: '< 5' }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it(
    'changes no figure when the demo runs again: nothing is counted twice',
    async () => {
      await runDemo();
      const again = await figuresOfPastDays('catalogueFigures');
      for (const [report, figures] of Object.entries(first)) expect(again[report]?.figures, report).toBe(figures.figures);
    },
    DEMO_TIMEOUT_MS + 60_000,
  );
});
