/**
 * Journeys of the public site a visitor's audit found broken, in Chromium: the daily quiz played
 * with the keyboard (focus follows the game), signing in from the sign-in page itself (back where
 * the visitor was, never on the sign-in page nor on another site), the "Mira-ho a la TV" code
 * field (no console error from its pattern), the TV's pairing screen (whole, on a TV's screen) and
 * the consent settings on the pages without the site's footer.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VISITOR_USER_AGENT, gotoReady, newVisitorPage } from './helpers/browser.js';
import { mailedLink } from './helpers/outbox.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest();

/** What has focus: its tag, id and text, as a keyboard user would find it. */
function focused(page: Page): Promise<{ tag: string; id: string; text: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    return { tag: element.tagName, id: element.id, text: (element.textContent ?? '').trim() };
  });
}

async function rejectConsent(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Rebutja-ho tot' }).click();
  // A click on the server's banner is done once the app has started: the choice is then stored.
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'euconsent-v2')).toBe(true);
}

/** Creates an account on the sign-in page, follows the link mailed (the server's outbox) and signs in. */
async function signUp(page: Page, name: string): Promise<void> {
  const email = `${name.toLowerCase()}-${Date.now()}@example.cat`;
  const password = 'una-contrasenya-llarga';
  const form = page.getByRole('form', { name: 'Crea un compte' });
  await form.getByLabel('Nom').fill(name);
  await form.getByLabel('Correu electrònic').fill(email);
  await form.getByLabel('Contrasenya (12 caràcters o més)').fill(password);
  await form.getByRole('button', { name: 'Crea el compte' }).click();
  await gotoReady(page, await mailedLink(site.dataDir, email));
  const signIn = page.getByRole('form', { name: 'Ja tinc un compte' });
  await signIn.getByLabel('Correu electrònic').fill(email);
  await signIn.getByLabel('Contrasenya').fill(password);
  await signIn.getByRole('button', { name: 'Entra' }).click();
}

describe('the public site, as a visitor uses it', () => {
  it('plays the daily quiz with the keyboard: focus goes to each question, to the way on, then to the score', async () => {
    const page = await newVisitorPage(site.browser);
    await gotoReady(page, `${site.server.baseUrl}/joc/`);
    await rejectConsent(page);
    await page.getByRole('button', { name: 'Comença el joc' }).focus();
    await page.keyboard.press('Enter');
    const questions = await page.evaluate(() => fetch('/api/engagement/quiz/today').then((r) => r.json() as Promise<{ questions: { question: string }[] }>));
    for (const [index, { question }] of questions.questions.entries()) {
      expect(await focused(page), `question ${index + 1}`).toMatchObject({ id: 'quiz-question', text: question });
      await page.keyboard.press('Tab');
      expect((await focused(page)).tag).toBe('BUTTON');
      await page.keyboard.press('Enter');
      const last = index + 1 === questions.questions.length;
      expect(await focused(page), `after answering question ${index + 1}`).toMatchObject({ tag: 'BUTTON', text: last ? 'Mostra el resultat' : 'Següent pregunta' });
      await page.keyboard.press('Enter');
    }
    expect(await focused(page)).toMatchObject({ id: 'quiz-score' });
    expect(await page.locator('main').innerText()).toContain('Torneu a jugar demà');
    await page.context().close();
  });

  it("signs in from the sign-in page's own header link and goes back to the page the visitor came from", async () => {
    const page = await newVisitorPage(site.browser);
    await gotoReady(page, `${site.server.baseUrl}/entrar/?torna=%2Fnoticies%2F`);
    await rejectConsent(page);
    await page.locator('header').getByRole('link', { name: 'Entra' }).click();
    await page.waitForURL('**/entrar/?torna=%2Fnoticies%2F');
    await signUp(page, 'Pere');
    await page.waitForURL(`${site.server.baseUrl}/noticies/`);
    await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.account-link__name').textContent()).toBe('Pere');

    // Back on the sign-in page, signed in: told so, with the way on.
    await gotoReady(page, `${site.server.baseUrl}/entrar/`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Ja heu entrat com a Pere' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('never sends a visitor who signs in to another site, whatever ?torna= says', async () => {
    const page = await newVisitorPage(site.browser);
    const offSite: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && !request.url().startsWith(site.server.baseUrl)) offSite.push(request.url());
    });
    await gotoReady(page, `${site.server.baseUrl}/entrar/?torna=%2F%09%2Fevil.example%2F`);
    await rejectConsent(page);
    await signUp(page, 'Marta');
    await page.waitForURL(`${site.server.baseUrl}/`);
    expect(offSite).toEqual([]);
    await page.context().close();
  });

  it('sends a TV code from a video page without a console error', async () => {
    const page = await newVisitorPage(site.browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await gotoReady(page, `${site.server.baseUrl}/video/el-reportatge-t1-e1/`);
    await rejectConsent(page);
    await page.getByRole('button', { name: 'Mira-ho a la TV' }).click();
    const field = page.getByLabel(/Codi de la TV/);
    await field.fill('123 456');
    expect(await field.evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(true);
    await field.fill('12a 456');
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const tv of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    it(`shows the whole TV pairing screen at ${tv.width}×${tv.height}, with the code on one line`, async () => {
      const context = await site.browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES', viewport: tv });
      const page = await context.newPage();
      await gotoReady(page, `${site.server.baseUrl}/tv/`);
      await page.locator('.tv-code').waitFor();
      await rejectConsent(page);
      const screen = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const code = document.querySelector('.tv-code')!;
        return {
          codeLines: Math.round(box('.tv-code').height / parseFloat(getComputedStyle(code).lineHeight)),
          headingTop: box('.tv-pairing h1').top,
          lastLineBottom: box('.tv-pairing p:last-child').bottom,
          height: window.innerHeight,
        };
      });
      expect(screen.codeLines).toBe(1);
      expect(screen.headingTop).toBeGreaterThanOrEqual(0);
      expect(screen.lastLineBottom).toBeLessThanOrEqual(screen.height);
      await context.close();
    });
  }

  for (const path of ['/tv/', '/radio/finestra/mesura-radio/']) {
    it(`lets the visitor change the consent choice on ${path}, a page without the site's footer`, async () => {
      const page = await newVisitorPage(site.browser);
      await gotoReady(page, site.server.baseUrl + path);
      await rejectConsent(page);
      await page.getByRole('button', { name: 'Configuració de galetes' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Trieu què permeteu' }).isVisible()).toBe(true);
      await page.context().close();
    });
  }
});
