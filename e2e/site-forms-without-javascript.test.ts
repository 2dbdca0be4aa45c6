/**
 * The site's forms in Chromium with JavaScript off: the browser posts each form to its own page,
 * the server does what the app would have done (server/src/http/site-form-posts.ts) and the page it
 * sends the visitor back to says what happened, in its server-rendered first view.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailedLink } from './helpers/outbox.js';
import { E2E_ADMIN_ENV } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const EMAIL = 'sense-javascript@example.cat';
const PASSWORD = 'una-contrasenya-llarga';

async function pageWithoutJavaScript(): Promise<Page> {
  const context = await site.browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

async function signIn(page: Page, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Ja tinc un compte' });
  await form.getByLabel('Correu electrònic').fill(EMAIL);
  await form.getByLabel('Contrasenya').fill(password);
  await Promise.all([page.waitForLoadState('load'), form.getByRole('button', { name: 'Entra' }).click()]);
}

describe('the site’s forms without JavaScript', () => {
  it('signs up, is told to confirm, confirms by mail, is refused a wrong password and signs in back to the article', async () => {
    const page = await pageWithoutJavaScript();
    await page.goto(`${site.server.baseUrl}/entrar/?torna=${encodeURIComponent(ARTICLE)}`);
    const signUp = page.getByRole('form', { name: 'Crea un compte' });
    await signUp.getByLabel('Nom').fill('Pau');
    await signUp.getByLabel('Correu electrònic').fill(EMAIL);
    await signUp.getByLabel('Contrasenya (12 caràcters o més)').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Crea el compte' }).click();
    await page.waitForURL('**/entrar/?torna=*&formulari=crear-compte&resultat=ok');
    expect(await page.getByRole('form', { name: 'Crea un compte' }).getByRole('status').textContent()).toMatch(/^Us hem enviat un correu a l’adreça que heu indicat\./);
    // The password never travels in an address.
    expect(page.url()).not.toContain(encodeURIComponent(PASSWORD));

    await signIn(page, PASSWORD);
    expect(await page.getByRole('form', { name: 'Ja tinc un compte' }).getByRole('alert').textContent()).toMatch(/^Encara no heu confirmat el compte\./);

    await page.goto(await mailedLink(site.dataDir, EMAIL));
    expect(page.url()).toContain('/entrar/?compte=confirmat&torna=');
    await signIn(page, 'una-contrasenya-equivocada');
    expect(await page.getByRole('form', { name: 'Ja tinc un compte' }).getByRole('alert').textContent()).toBe('El correu electrònic o la contrasenya no són correctes.');

    await signIn(page, PASSWORD);
    expect(new URL(page.url()).pathname).toBe(ARTICLE);
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain('mesura_usuari');
    await page.context().close();
  });

  it('asks for a password reset link, is told it was sent, and sets a new password from the mailed link', async () => {
    const page = await pageWithoutJavaScript();
    await page.goto(`${site.server.baseUrl}/entrar/contrasenya-oblidada/`);
    await page.getByLabel('Correu electrònic del compte').fill(EMAIL);
    await page.getByRole('button', { name: 'Envia’m l’enllaç' }).click();
    await page.waitForURL('**/entrar/contrasenya-oblidada/?formulari=contrasenya-oblidada&resultat=ok');
    expect(await page.locator('form').getByRole('status').textContent()).toMatch(/^Si hi ha un compte amb l’adreça que heu indicat, us hi hem enviat un enllaç/);

    const resetLink = await expect
      .poll(() => mailedLink(site.dataDir, EMAIL))
      .toContain('/api/visitor/password-reset/link?token=')
      .then(() => mailedLink(site.dataDir, EMAIL));
    await page.goto(resetLink);
    const reset = page.getByRole('form', { name: 'Contrasenya nova' });
    await reset.getByLabel(/^Contrasenya \(12 caràcters o més\)/).fill('una-contrasenya-nova-llarga');
    await reset.getByRole('button', { name: 'Desa la contrasenya' }).click();
    await page.waitForURL('**/entrar/nova-contrasenya/?formulari=nova-contrasenya&resultat=ok');
    expect(await page.locator('main').innerText()).toMatch(/Heu canviat la contrasenya/);
    await page.context().close();
  });

  it('subscribes to the newsletter from the home page and is told to confirm by mail', async () => {
    const page = await pageWithoutJavaScript();
    await page.goto(`${site.server.baseUrl}/`);
    const signup = page.getByRole('region', { name: 'Subscriu-te al butlletí' });
    await signup.getByLabel('Adreça de correu electrònic').fill('butlleti-sense-js@example.cat');
    await signup.getByRole('button', { name: 'Subscriu-te' }).click();
    await page.waitForURL('**/?formulari=butlleti&resultat=ok');
    expect(await signup.getByRole('status').textContent()).toMatch(/^Us hem enviat un correu a l’adreça que heu indicat\./);
    expect(await mailedLink(site.dataDir, 'butlleti-sense-js@example.cat')).toContain('/api/engagement/newsletter/confirm?token=');
    await page.context().close();
  });

  it('votes in the article’s poll and lands back on the article with the thanks and the results', async () => {
    const page = await pageWithoutJavaScript();
    await page.goto(`${site.server.baseUrl}${ARTICLE}`);
    const poll = page.getByRole('region', { name: "Quina mesura creieu que ajudaria més a l'accés a l'habitatge?" });
    await poll.getByLabel('Limitar el preu dels lloguers').check();
    await poll.getByRole('button', { name: 'Vota' }).click();
    await page.waitForURL(`**${ARTICLE}?formulari=enquesta&resultat=ok#enquesta`);
    expect(await poll.getByRole('status').textContent()).toBe('Gràcies per participar!');
    expect(await poll.getByRole('list', { name: 'Resultats' }).innerText()).toContain('Limitar el preu dels lloguers: 100 % (1 vot)');
    // One vote per browser: the participant cookie the vote set makes a second one a refusal.
    await page.goto(`${site.server.baseUrl}${ARTICLE}`);
    await poll.getByLabel('Ajuts directes per als joves').check();
    await poll.getByRole('button', { name: 'Vota' }).click();
    await page.waitForURL(`**${ARTICLE}?formulari=enquesta&resultat=error&motiu=409#enquesta`);
    expect(await poll.getByRole('status').textContent()).toMatch(/^Ja havíeu respost aquesta enquesta/);
    expect(await poll.getByRole('list', { name: 'Resultats' }).innerText()).toContain('Total: 1 resposta');
    await page.context().close();
  });

  it('votes in the daily game’s poll on /joc/ and lands back there with the thanks and the results', async () => {
    const page = await pageWithoutJavaScript();
    await page.goto(`${site.server.baseUrl}/joc/`);
    const poll = page.getByRole('region', { name: "Quina mesura creieu que ajudaria més a l'accés a l'habitatge?" });
    // An option the article's test leaves alone: its count is this vote's alone, whatever ran before.
    await poll.getByLabel('Mobilitzar els pisos buits').check();
    await poll.getByRole('button', { name: 'Vota' }).click();
    await page.waitForURL('**/joc/?formulari=enquesta&resultat=ok#enquesta');
    expect(await poll.getByRole('status').textContent()).toBe('Gràcies per participar!');
    expect(await poll.getByRole('list', { name: 'Resultats' }).innerText()).toMatch(/Mobilitzar els pisos buits: \d+ % \(1 vot\)/);
    // One vote per browser here too: the participant cookie is sent to /joc/ (participant-cookie.ts).
    await page.goto(`${site.server.baseUrl}/joc/`);
    await poll.getByLabel('Mobilitzar els pisos buits').check();
    await poll.getByRole('button', { name: 'Vota' }).click();
    await page.waitForURL('**/joc/?formulari=enquesta&resultat=error&motiu=409#enquesta');
    expect(await poll.getByRole('list', { name: 'Resultats' }).innerText()).toMatch(/Mobilitzar els pisos buits: \d+ % \(1 vot\)/);
    await page.context().close();
  });
});
