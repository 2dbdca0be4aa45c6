import { readdirSync, readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeBeacon, type AnalyticsHit } from '@mesura/protocol';
import { createServer, loadConfig, type MesuraServer } from '@mesura/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { VISITOR_USER_AGENT, launchChromium } from './helpers/browser.js';
import { E2E_ADMIN, E2E_ADMIN_ENV, addUserAsAdmin, freePort } from './helpers/server-process.js';

// A user of the console schedules a report by mail and has it sent now, subscribes to an alert on
// page views, and, once the hour that broke the range has closed, reads the alert in the console
// and in their mail. The server runs in this process on a clock the test moves (ServerOptions.now)
// with the schedule's timer fired by hand: the four weeks of history the range needs are sent at
// their own past instants. No MESURA_SMTP_URL: the mail is read from the data folder's outbox.
const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const HISTORY_WEEKS = 4;
const UI_TIMEOUT_MS = 15_000;
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

let server: MesuraServer;
let dataDir: string;
let base: string;
let browser: Browser;
/** The server's clock: real time unless the test holds it at a past instant. */
let heldMs: number | undefined;
let fireSchedule: () => void = () => undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-e2e-'));
  const port = await freePort();
  const env = { ...E2E_ADMIN_ENV, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_MIN_COHORT: '1', MESURA_REPORT_MAX_LAG_MS: '0' };
  const timers = { setInterval: (run: () => void) => ((fireSchedule = run), {}), clearInterval: () => undefined };
  server = await createServer(loadConfig(env, REPO_ROOT), { now: () => heldMs ?? Date.now(), mailNoticeTimers: timers });
  await server.app.listen({ port, host: '127.0.0.1' });
  base = `http://localhost:${port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let sent = 0;
/** `count` page views of visitors of their own, received at `atMs`. */
async function pageViews(count: number, atMs: number): Promise<void> {
  heldMs = atMs;
  for (let i = 0; i < count; i++) {
    sent += 1;
    const hit: AnalyticsHit = {
      eventId: `e2e-alert-${sent}`,
      clientTime: { day: 1, month0: 0, year: 2026, hour: 9, minute: 0, second: 0, weekday: 1, tzOffsetMin: -60 },
      visitor: { fid: `2A65FB944AFA1C05-${String(sent).padStart(16, '0')}` },
      pageName: 'mesura:portada',
      url: `${base}/`,
      channel: 'portada',
      events: [],
      props: { 1: 'portada' },
      eVars: { 1: 'portada' },
      hierarchies: {},
      lists: {},
      contextData: {},
      browser: {},
    };
    const beacon = encodeBeacon({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: '12345678901234' }, hit, 'page_view');
    const answer = await fetch(`${base}${beacon}`, { headers: { 'user-agent': VISITOR_USER_AGENT } });
    expect(answer.status).toBeLessThan(300);
  }
  heldMs = undefined;
}

/** The mails written to the outbox for `address`, oldest first, as raw text. */
function outboxMails(address: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((raw) => raw.includes(`To: ${address}`));
}

/** An analyst of the newsroom, who mails themselves their own dashboard. */
const ANALYST = { email: 'analista-correu@mesura.test', password: 'analista-del-correu-e2e', role: 'analyst' } as const;

async function signedIn(width = 1280, user: { email: string; password: string } = E2E_ADMIN): Promise<Page> {
  // CSP is bypassed only to inject axe-core.
  const context = await browser.newContext({ locale: 'ca-ES', viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${base}/consola/entrar/`);
  await page.getByLabel('Correu electrònic').fill(user.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByRole('navigation', { name: 'Seccions de la consola' }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

describe('mailed reports and alerts in the console', () => {
  it('schedules a report by mail from the report itself and has it sent now, to the signed-in address', async () => {
    const page = await signedIn();
    await page.goto(`${base}/consola/audiencia/?informe=audience/by-day&f=section:portada`);
    const mailLink = page.getByRole('region', { name: 'Audiència per dia' }).getByRole('link', { name: 'Envia per correu' });
    await mailLink.waitFor({ timeout: UI_TIMEOUT_MS });
    if (process.env.MAIL_ALERTS_SHOT_DIR) await page.getByRole('region', { name: 'Audiència per dia' }).screenshot({ path: path.join(process.env.MAIL_ALERTS_SHOT_DIR, 'audiencia-1280.png') });
    await mailLink.click();
    await page.getByRole('heading', { name: 'Avisos i informes per correu', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => page.getByLabel('Informe', { exact: true }).inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('audience/by-day');
    expect(await page.getByLabel('Adreça de la vista amb els filtres i el segment (opcional)').inputValue()).toContain('f=section%3Aportada');
    await page.getByLabel('Cada quant').selectOption('daily');
    await page.getByRole('button', { name: 'Envia per correu' }).click();
    await page.getByRole('status').getByText(`Us enviarem «Audiència per dia» a ${E2E_ADMIN.email}.`).waitFor({ timeout: UI_TIMEOUT_MS });
    const row = page.getByRole('row', { name: /Audiència per dia/ });
    await expect.poll(() => row.textContent()).toContain('Cada dia');
    expect(await row.textContent()).toContain('Secció: portada');
    await row.getByRole('button', { name: "Envia'l ara" }).click();
    await page.getByRole('status').getByText(`Enviat ara a ${E2E_ADMIN.email}.`).waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => outboxMails(E2E_ADMIN.email).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    const mail = outboxMails(E2E_ADMIN.email)[0]!;
    expect(mail).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.replace(/=\r\n/g, '')).toMatch(/\/consola\/audiencia\/\?informe=3Daudience%2Fby-day&des=3D[0-9-]+&fins=3D[0-9-]+&compara=3D1&f=3Dsection%3Aportada/);
    await page.context().close();
  });

  it('subscribes to an alert on page views and shows the one the closed hour fired', async () => {
    // The hour that will break the range: the last one closed five minutes ago or more.
    const hour = Math.floor((Date.now() - 5 * 60_000) / HOUR_MS) * HOUR_MS - HOUR_MS;
    for (let weeks = HISTORY_WEEKS; weeks >= 1; weeks--) await pageViews(10, hour - weeks * WEEK_MS + 60_000);
    await pageViews(40, hour + 60_000);
    const page = await signedIn();
    await page.goto(`${base}/consola/avisos/`);
    await page.getByLabel('Xifra', { exact: true }).selectOption({ label: 'Pàgines vistes' });
    await page.getByRole('button', { name: "Avisa'm" }).click();
    await page.getByRole('status').getByText('Us avisarem quan «Pàgines vistes» surti del rang esperat.').waitFor({ timeout: UI_TIMEOUT_MS });
    const before = outboxMails(E2E_ADMIN.email).length;
    fireSchedule();
    // The run also mails the report scheduled above (its first period): the alert is the mail that links to the alerts.
    const alertMails = () =>
      outboxMails(E2E_ADMIN.email)
        .slice(before)
        .map((raw) => raw.replace(/=\r\n/g, ''))
        .filter((raw) => raw.includes(`${base}/consola/avisos/`));
    await expect.poll(() => alertMails().length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    expect(alertMails()[0]).toMatch(/40/);
    await page.reload();
    const alerts = page.getByRole('region', { name: 'Avisos disparats' });
    const row = alerts.getByRole('row', { name: /Pàgines vistes/ });
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1)).toEqual(['40', '0 – 20', 'Encara fora del rang']);
    await page.context().close();
  });

  it.each([1280, 768])('shows the page with its reports, rules and alerts without a WCAG violation at %i px', async (width) => {
    const page = await signedIn(width);
    await page.goto(`${base}/consola/avisos/`);
    await page
      .getByRole('region', { name: 'Avisos disparats' })
      .getByRole('row', { name: /Pàgines vistes/ })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => page.locator('section.panel[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    if (process.env.MAIL_ALERTS_SHOT_DIR) await page.screenshot({ path: path.join(process.env.MAIL_ALERTS_SHOT_DIR, `avisos-${width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('lets an analyst mail their dashboard from the dashboard itself, listed by its name, the mail one section per tile', async () => {
    await addUserAsAdmin({ baseUrl: base }, ANALYST);
    await pageViews(3, Date.now() - 2 * 24 * HOUR_MS);
    const page = await signedIn(1280, ANALYST);
    await page.goto(`${base}/consola/audiencia/?informe=audience/by-day&f=section:portada`);
    const report = page.getByRole('region', { name: 'Audiència per dia' });
    await report.getByRole('button', { name: 'Fixa al tauler' }).click();
    await report.getByRole('button', { name: 'Fixa', exact: true }).click();
    await report.getByRole('status').filter({ hasText: 'Fixat a El meu tauler' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.goto(`${base}/consola/taulers/home`);
    await page.getByRole('heading', { name: 'El meu tauler', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Envia per correu' }).click();
    await page.getByLabel('Envia el tauler per correu').selectOption('daily');
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      if (process.env.MAIL_ALERTS_SHOT_DIR) await page.screenshot({ path: path.join(process.env.MAIL_ALERTS_SHOT_DIR, `tauler-correu-${width}.png`) });
      expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
    }
    await page.getByRole('button', { name: "Programa l'enviament" }).click();
    await page.getByRole('status').filter({ hasText: 'Us enviarem el tauler «El meu tauler» per correu.' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('status').getByRole('link', { name: 'Avisos i informes per correu' }).click();
    const row = page.getByRole('row', { name: /Tauler: El meu tauler/ });
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await row.textContent()).toContain('Cada dia');
    await row.getByRole('button', { name: "Envia'l ara" }).click();
    await page.getByRole('status').getByText(`Enviat ara a ${ANALYST.email}.`).waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => outboxMails(ANALYST.email).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    const mail = outboxMails(ANALYST.email)[0]!.replace(/=\r\n/g, '');
    expect(mail).toContain('El meu tauler');
    expect(mail).toContain('Audi=C3=A8ncia per dia');
    expect(mail).toContain(`${base}/consola/taulers/home`);
    await page.context().close();
  });
});
