import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_USER_AGENT, acceptEverything, gotoMeasured } from './helpers/browser.js';
import { E2E_ADMIN_ENV, addUserAsAdmin } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

// An analyst who may define funnels (an editor) builds, in the console alone, a segment of the
// visitors on a phone by choosing its values, applies it to Audiència from the filter bar, then
// builds a funnel from the home page to an article and sees its steps, for everyone and for the
// segment. Five visitors' browsers make the traffic first, so every figure is known: a minimum
// cohort of 1 shows them all, and reports read every acknowledged event (no load lag).
const site = useSiteUnderTest({ env: { ...E2E_ADMIN_ENV, MESURA_MIN_COHORT: '1', MESURA_REPORT_MAX_LAG_MS: '0' } });

const ANALYST = { email: 'analista-embuts@mesura.test', password: 'analista-d-embuts-e2e', role: 'editor' } as const;
/** A phone's Chromium: the collector classes its visits as `mobile` («Mòbil»). */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
/** Each visitor's device and whether, after the home page, they open the lead article. */
const VISITORS = [
  { phone: true, readsArticle: true },
  { phone: true, readsArticle: true },
  { phone: false, readsArticle: true },
  { phone: false, readsArticle: false },
  { phone: false, readsArticle: false },
] as const;
const PHONE_VISITORS = VISITORS.filter((v) => v.phone);
/** What that traffic implies: for everyone, and for the phone visitors. */
const EVERYONE = { visitors: VISITORS.length, pageViews: VISITORS.length + VISITORS.filter((v) => v.readsArticle).length, readers: VISITORS.filter((v) => v.readsArticle).length };
const ON_A_PHONE = { visitors: PHONE_VISITORS.length, pageViews: PHONE_VISITORS.length * 2, readers: PHONE_VISITORS.length };
const SEGMENT_NAME = 'Visitants amb mòbil';
const FUNNEL_NAME = 'De la portada a una notícia';
const UI_TIMEOUT_MS = 15_000;

const url = (address: string) => `${site.server.baseUrl}${address}`;

/** One visitor's browser (who accepted cookies before): the home page, then perhaps the lead article. */
async function visit(articlePath: string, { phone, readsArticle }: (typeof VISITORS)[number]): Promise<void> {
  const context = await site.browser.newContext({
    userAgent: phone ? PHONE_USER_AGENT : VISITOR_USER_AGENT,
    locale: 'ca-ES',
    ...(phone && { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
  });
  await acceptEverything(context, site.server.baseUrl);
  const page = await context.newPage();
  await gotoMeasured(page, url('/'));
  if (readsArticle) await gotoMeasured(page, url(articlePath));
  await context.close();
}

async function signedIn(): Promise<Page> {
  const context = await site.browser.newContext({ locale: 'ca-ES', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url('/consola/entrar/'));
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

/** The cell of `row` (a `tr`) under the column headed `metric` (perhaps marked «(aprox.)») in the panel's table. */
async function cellText(panel: Locator, row: Locator, metric: string): Promise<string> {
  const headers = await panel.locator('thead th').allTextContents();
  const column = headers.findIndex((header) => header === metric || header.startsWith(`${metric} (`));
  expect(column, `a column «${metric}» among ${headers.join(', ')}`).toBeGreaterThan(0);
  // The row's first cell is its label (a th): the metric's td comes after column - 1 others.
  return (
    (
      await row
        .locator('td')
        .nth(column - 1)
        .textContent()
    )?.trim() ?? ''
  );
}

/** Picks `name` in the filter bar's segment picker and waits for the URL to carry it (`s=`). */
async function applySegment(page: Page, name: string): Promise<void> {
  const picker = page.getByLabel('Segment', { exact: true });
  // The picker reads the segments when first used.
  await picker.focus();
  await picker.selectOption({ label: name });
  await page.waitForURL((address) => address.searchParams.has('s'), { timeout: UI_TIMEOUT_MS });
  await panelsAnswered(page);
}

/** Five browser profiles at once, each one or two measured pages: room for a loaded machine. */
const TRAFFIC_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  await addUserAsAdmin(site.server, ANALYST);
  const home = (await (await fetch(url('/api/content/home'))).json()) as { lead: { path: string } };
  await Promise.all(VISITORS.map((visitor) => visit(home.lead.path, visitor)));
}, TRAFFIC_TIMEOUT_MS);

describe('an analyst builds a segment and a funnel in the console', () => {
  it('chooses a segment of the phone visitors, saves it and sees Audiència narrowed to them', async () => {
    const page = await signedIn();
    await page.getByRole('navigation').getByRole('link', { name: 'Segments', exact: true }).click();
    await page.getByRole('link', { name: 'Nou segment' }).click();
    await page.getByLabel('Nom', { exact: true }).fill(SEGMENT_NAME);
    const condition = page.getByRole('group', { name: 'Condició 1 del grup 1' });
    await condition.getByLabel('Atribut de la visita').selectOption({ label: 'Dispositiu' });
    // The devices of the period, by their Catalan names: no stored code is typed.
    await condition.getByLabel('Valor').selectOption({ label: 'Mòbil' });
    await page.getByRole('button', { name: 'Desa el segment' }).click();
    await page.getByRole('row', { name: new RegExp(SEGMENT_NAME) }).waitFor({ timeout: UI_TIMEOUT_MS });

    await page.goto(url('/consola/audiencia/?vista=taula'));
    await panelsAnswered(page);
    const headline = page.locator('section.panel').first();
    const totals = headline.locator('tfoot tr');
    expect(await cellText(headline, totals, 'Visitants')).toBe(String(EVERYONE.visitors));
    expect(await cellText(headline, totals, 'Pàgines vistes')).toBe(String(EVERYONE.pageViews));

    await applySegment(page, SEGMENT_NAME);
    expect(new URL(page.url()).searchParams.get('s')).toBe('visitants-amb-mobil');
    await expect.poll(() => cellText(headline, totals, 'Visitants'), { timeout: UI_TIMEOUT_MS }).toBe(String(ON_A_PHONE.visitors));
    expect(await cellText(headline, totals, 'Pàgines vistes')).toBe(String(ON_A_PHONE.pageViews));
    await page.context().close();
  });

  it("builds a funnel from the home page to an article and sees its steps' visitors, for everyone and for the segment", async () => {
    const page = await signedIn();
    await page.getByRole('navigation').getByRole('link', { name: 'Embuts', exact: true }).click();
    await page.getByRole('link', { name: 'Nou embut' }).click();
    await page.getByLabel('Nom', { exact: true }).fill(FUNNEL_NAME);
    const first = page.getByRole('group', { name: 'Pas 1' });
    await first.getByLabel('Adreça de la pàgina').fill(url('/'));
    await first.getByLabel("Nom del pas a l'informe").fill('Portada');
    const second = page.getByRole('group', { name: 'Pas 2' });
    await second.getByLabel('Com es compara').selectOption('pattern');
    await second.getByLabel('Adreça de la pàgina').fill(url('/noticia/*'));
    await second.getByLabel("Nom del pas a l'informe").fill('Notícia');
    await page.getByRole('button', { name: "Desa l'embut" }).click();
    await page.getByRole('link', { name: FUNNEL_NAME }).click();
    await page.getByRole('heading', { name: FUNNEL_NAME, level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await panelsAnswered(page);

    const steps = page.locator('section.panel').first();
    const step = (n: number) => steps.locator('tbody tr').nth(n - 1);
    await expect.poll(() => step(1).locator('th').textContent(), { timeout: UI_TIMEOUT_MS }).toContain('Portada');
    expect(await cellText(steps, step(1), 'Visitants')).toBe(String(EVERYONE.visitors));
    expect(await cellText(steps, step(2), 'Visitants')).toBe(String(EVERYONE.readers));
    expect(await cellText(steps, step(2), 'Abandonaments')).toBe(String(EVERYONE.visitors - EVERYONE.readers));

    // The segment the first test saved. Every phone visitor who opened the home page read on: the segment's funnel loses nobody.
    await applySegment(page, SEGMENT_NAME);
    await expect.poll(() => cellText(steps, step(1), 'Visitants'), { timeout: UI_TIMEOUT_MS }).toBe(String(ON_A_PHONE.visitors));
    expect(await cellText(steps, step(2), 'Visitants')).toBe(String(ON_A_PHONE.readers));
    expect(await cellText(steps, step(2), 'Abandonaments')).toBe('0');
    await page.context().close();
  });
});
