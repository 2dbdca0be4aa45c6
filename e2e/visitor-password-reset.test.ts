/**
 * "He oblidat la contrasenya" in Chromium: a visitor with a confirmed account asks for a reset
 * link from the sign-in page, opens it from the mail (read from the server's outbox), sets a new
 * password, and signs in with it; the old one no longer works, nor does the link a second time.
 */
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { mailedLink } from './helpers/outbox.js';
import { E2E_ADMIN_ENV } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const EMAIL = 'oblit@example.cat';
const OLD_PASSWORD = 'una-contrasenya-llarga';
const NEW_PASSWORD = 'la-contrasenya-nova-de-debo';

describe('a forgotten password in Chromium', () => {
  it('asks for a link, opens it from the mail, sets a new password and signs in with it', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoReady(page, `${site.server.baseUrl}/entrar/`);
    const signUp = page.getByRole('form', { name: 'Crea un compte' });
    await signUp.getByLabel('Nom').fill('Oblit');
    await signUp.getByLabel('Correu electrònic').fill(EMAIL);
    await signUp.getByLabel('Contrasenya (12 caràcters o més)').fill(OLD_PASSWORD);
    await signUp.getByRole('button', { name: 'Crea el compte' }).click();
    await expect.poll(() => signUp.getByRole('status').textContent()).toMatch(/^Us hem enviat un correu/);
    await gotoReady(page, await mailedLink(site.dataDir, EMAIL));
    expect(page.url()).toContain('/entrar/?compte=confirmat');

    await page.getByRole('link', { name: 'He oblidat la contrasenya' }).click();
    await page.waitForURL('**/entrar/contrasenya-oblidada/');
    const ask = page.getByRole('form', { name: 'Us enviarem un enllaç per triar-ne una de nova' });
    await ask.getByLabel('Correu electrònic del compte').fill(EMAIL);
    await ask.getByRole('button', { name: 'Envia’m l’enllaç' }).click();
    await expect.poll(() => ask.getByRole('status').textContent()).toMatch(/^Si hi ha un compte amb l’adreça oblit@example\.cat/);

    const resetLink = await expect
      .poll(() => mailedLink(site.dataDir, EMAIL))
      .toContain('/api/visitor/password-reset/link?token=')
      .then(() => mailedLink(site.dataDir, EMAIL));
    await gotoReady(page, resetLink);
    // The token went into a cookie: the page's own address carries none.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/entrar/nova-contrasenya/');
    const reset = page.getByRole('form', { name: 'Contrasenya nova' });
    await reset.getByLabel(/^Contrasenya \(12 caràcters o més\)/).fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Desa la contrasenya' }).click();
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Heu canviat la contrasenya/);

    // The link works once.
    await gotoReady(page, resetLink);
    const again = page.getByRole('form', { name: 'Contrasenya nova' });
    await again.getByLabel(/^Contrasenya/).fill('una-altra-contrasenya-mes');
    await again.getByRole('button', { name: 'Desa la contrasenya' }).click();
    await expect.poll(() => again.getByRole('alert').textContent()).toBe('Aquest enllaç ja no és vàlid: ja s’ha fet servir o ha caducat.');

    await gotoReady(page, `${site.server.baseUrl}/entrar/`);
    const signIn = page.getByRole('form', { name: 'Ja tinc un compte' });
    await signIn.getByLabel('Correu electrònic').fill(EMAIL);
    await signIn.getByLabel('Contrasenya').fill(OLD_PASSWORD);
    await signIn.getByRole('button', { name: 'Entra' }).click();
    await expect.poll(() => signIn.getByRole('alert').textContent()).toMatch(/^El correu electrònic o la contrasenya no són correctes/);
    await signIn.getByLabel('Contrasenya').fill(NEW_PASSWORD);
    await signIn.getByRole('button', { name: 'Entra' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.account-link__name').textContent()).toBe('Oblit');
    await page.close();
  });
});
