import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const ADMIN_EMAIL = 'cap@mesura.test';
const ADMIN_PASSWORD = 'una-contrasenya-de-prova';
/** Where the login page's screenshot goes, to be looked at by a person. */
const SCREENSHOT_DIR = process.env.MESURA_SCREENSHOT_DIR ?? tmpdir();
/** The first admin's file on a start without MESURA_ADMIN_EMAIL/PASSWORD, in the data folder. */
const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';
const UI_TIMEOUT_MS = 10_000;

/** What Chromium reported against the console's Content-Security-Policy; each test ends with none. */
const cspViolations: string[] = [];
afterEach(() => {
  const seen = cspViolations.splice(0);
  expect(seen).toEqual([]);
});

/** A browser profile of its own, so that sessions of one test do not leak into another. */
async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'ca-ES', baseURL });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  return page;
}

/** The console's home, with or without the trailing slash (the router writes `/consola` for its `/`). */
const atConsoleHome = (url: URL) => /^\/consola\/?$/.test(url.pathname) && url.search === '';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correu electrònic').fill(email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entra' }).click();
}

/** The audience report with its panels answered (data or the empty note), none failed. */
async function expectReportShown(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Audiència', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
  await page.getByRole('heading', { name: 'Audiència per dia' }).waitFor();
  await expect.poll(() => page.locator('section.panel[aria-busy="true"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
  expect(await page.getByRole('alert').count()).toBe(0);
}

/** A picture of the page for a person to look at (in MESURA_SCREENSHOT_DIR, or the temporary folder). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `mesura-console-${name}.png`), fullPage: true });
}

async function meStatus(page: Page): Promise<number> {
  return (await page.request.get('/api/me')).status();
}

describe('console sign-in with the first admin from MESURA_ADMIN_EMAIL/PASSWORD', () => {
  const site = useSiteUnderTest({ env: { MESURA_ADMIN_EMAIL: ADMIN_EMAIL, MESURA_ADMIN_PASSWORD: ADMIN_PASSWORD } });

  it('sends an anonymous visitor to the login page, refuses a wrong password, signs in to the report and out again', async () => {
    const page = await freshPage(site.browser, site.server.baseUrl);
    await page.goto(`${site.server.baseUrl}/consola/`);
    await page.waitForURL(`${site.server.baseUrl}/consola/entrar/?torna=%2Fconsola%2F`, { timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Entra' }).waitFor();
    await screenshot(page, 'login');

    await signIn(page, ADMIN_EMAIL, 'no-es-aquesta-contrasenya');
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('El correu electrònic o la contrasenya no són correctes.');
    expect(page.url()).toContain('/consola/entrar/');
    await screenshot(page, 'login-refused');

    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(atConsoleHome, { timeout: UI_TIMEOUT_MS });
    await expectReportShown(page);
    // As a screen reader reads it (the first words are visually hidden).
    await expect.poll(() => page.locator('.signed-in-user__who').textContent()).toBe(`Sessió iniciada com a ${ADMIN_EMAIL} (administrador)`);
    await screenshot(page, 'report');

    await page.getByRole('button', { name: 'Surt' }).click();
    await page.waitForURL(/\/consola\/entrar\/$/, { timeout: UI_TIMEOUT_MS });
    expect(await meStatus(page)).toBe(401);
    // The session is over on the server too: the report's page sends the person back to the login.
    await page.goto(`${site.server.baseUrl}/consola/?from=2026-11-01&to=2026-11-07`);
    await page.waitForURL(/\/consola\/entrar\/\?torna=/, { timeout: UI_TIMEOUT_MS });
    await page.context().close();
  });

  it('sends a person whose session ended to the login from any call, and back to the same report', async () => {
    const page = await freshPage(site.browser, site.server.baseUrl);
    await page.goto(`${site.server.baseUrl}/consola/entrar/`);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(atConsoleHome, { timeout: UI_TIMEOUT_MS });
    await expectReportShown(page);

    // The session ends behind the page's back (as after 12 h idle).
    expect((await page.request.delete('/api/session', { headers: { origin: site.server.baseUrl } })).status()).toBe(204);
    await page.getByLabel('Des de').fill('2026-11-01');
    await page.getByLabel('Fins a').fill('2026-11-07');
    await page.getByRole('button', { name: 'Mostra', exact: true }).click();
    await page.waitForURL(/\/consola\/entrar\/\?torna=%2Fconsola%2F%3Fdes%3D2026-11-01%26fins%3D2026-11-07$/, { timeout: UI_TIMEOUT_MS });

    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => /^\/consola\/?$/.test(url.pathname) && url.search === '?des=2026-11-01&fins=2026-11-07', {
      timeout: UI_TIMEOUT_MS,
    });
    await expectReportShown(page);
    await page.getByText('1–7 de novembre del 2026').first().waitFor();
    await page.context().close();
  });

  it('comes back to the page asked for, and shows an API token once, which works until it is revoked', async () => {
    const page = await freshPage(site.browser, site.server.baseUrl);
    await page.goto(`${site.server.baseUrl}/consola/claus-api/`);
    await page.waitForURL(/\/consola\/entrar\/\?torna=%2Fconsola%2Fclaus-api%2F$/, { timeout: UI_TIMEOUT_MS });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(`${site.server.baseUrl}/consola/claus-api/`, { timeout: UI_TIMEOUT_MS });
    await page.getByText('Encara no teniu cap clau API.').waitFor({ timeout: UI_TIMEOUT_MS });

    // Roles up to the admin's own.
    expect(await page.getByLabel('Rol', { exact: true }).locator('option').allInnerTexts()).toEqual(['analista', 'editor', 'administrador']);
    await page.getByLabel('Nom de la clau').fill('informe setmanal');
    await page.getByRole('button', { name: 'Crea la clau' }).click();
    const secret = (await page.getByTestId('token-secret').textContent({ timeout: UI_TIMEOUT_MS })) ?? '';
    await page.getByText('no es tornarà a mostrar').waitFor();
    await page.getByRole('row', { name: /informe setmanal/ }).waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'api-token-created');

    const asScript = () => fetch(`${site.server.baseUrl}/api/me`, { headers: { authorization: `Bearer ${secret}` } });
    const me = await asScript();
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: ADMIN_EMAIL, role: 'analyst' });

    await page.getByRole('button', { name: 'Revoca la clau «informe setmanal»' }).click();
    await page.getByRole('button', { name: 'Sí, revoca «informe setmanal»' }).click();
    await page.getByText('Encara no teniu cap clau API.').waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await asScript()).status).toBe(401);
    await page.context().close();
  });

  it('says how long to wait once an account has had too many failed sign-ins', async () => {
    const page = await freshPage(site.browser, site.server.baseUrl);
    await page.goto(`${site.server.baseUrl}/consola/entrar/`);
    const alert = page.getByRole('alert');
    let text: string | null = null;
    // The server's limit is its own; the console only has to say what the 429 says.
    for (let attempt = 0; attempt < 20 && !text?.startsWith('Massa'); attempt += 1) {
      await signIn(page, 'ningu@mesura.test', 'cap-contrasenya-bona');
      await alert.waitFor({ timeout: UI_TIMEOUT_MS });
      text = await alert.textContent();
    }
    expect(text).toMatch(/^Massa intents fallits\. Espereu \d+ minuts abans de tornar-ho a provar\.$/);
    await screenshot(page, 'login-too-many');
    await page.context().close();
  });

  it('never follows a torna that leaves the console', async () => {
    const page = await freshPage(site.browser, site.server.baseUrl);
    await page.goto(`${site.server.baseUrl}/consola/entrar/?torna=${encodeURIComponent('//example.com/consola/')}`);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(atConsoleHome, { timeout: UI_TIMEOUT_MS });
    await expectReportShown(page);
    await page.context().close();
  });
});

describe('console sign-in with the generated first admin (no admin variables)', () => {
  const site = useSiteUnderTest({ env: { MESURA_ADMIN_EMAIL: '', MESURA_ADMIN_PASSWORD: '' } });

  it('signs in with the password from the data folder, must replace it, then sees the report', async () => {
    const initialPassword = readFileSync(path.join(site.dataDir, INITIAL_ADMIN_PASSWORD_FILE), 'utf8').trim();
    const page = await freshPage(site.browser, site.server.baseUrl);
    await page.goto(`${site.server.baseUrl}/consola/`);
    await page.waitForURL(/\/consola\/entrar\//, { timeout: UI_TIMEOUT_MS });
    await signIn(page, 'admin@localhost', initialPassword);

    await page.waitForURL(/\/consola\/contrasenya\/\?torna=%2Fconsola%2F$/, { timeout: UI_TIMEOUT_MS });
    await page.getByText('substituïu la contrasenya inicial').waitFor();
    await screenshot(page, 'password-required');
    // Nothing else is open meanwhile: another console page comes back here.
    await page.goto(`${site.server.baseUrl}/consola/claus-api/`);
    await page.waitForURL(/\/consola\/contrasenya\/\?torna=%2Fconsola%2Fclaus-api%2F$/, { timeout: UI_TIMEOUT_MS });

    const newPassword = 'la-meva-contrasenya-nova';
    await page.getByLabel('Contrasenya actual').fill(initialPassword);
    await page.getByLabel('Contrasenya nova', { exact: true }).fill(newPassword);
    await page.getByLabel('Repetiu la contrasenya nova').fill(`${newPassword}-x`);
    await page.getByRole('button', { name: 'Canvia la contrasenya' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Les dues contrasenyes noves no coincideixen.');

    await page.getByLabel('Repetiu la contrasenya nova').fill(newPassword);
    await page.getByRole('button', { name: 'Canvia la contrasenya' }).click();
    await page.waitForURL(`${site.server.baseUrl}/consola/claus-api/`, { timeout: UI_TIMEOUT_MS });
    await page.getByRole('link', { name: 'Audiència' }).click();
    await expectReportShown(page);
    expect(await (await page.request.get('/api/me')).json()).toMatchObject({ email: 'admin@localhost', mustChangePassword: false });

    // The new password is the one that opens the console from now on.
    await page.getByRole('button', { name: 'Surt' }).click();
    await page.waitForURL(/\/consola\/entrar\/$/, { timeout: UI_TIMEOUT_MS });
    await signIn(page, 'admin@localhost', newPassword);
    await page.waitForURL(atConsoleHome, { timeout: UI_TIMEOUT_MS });
    await expectReportShown(page);
    await page.context().close();
  });
});
