/**
 * A visitor's account in Chromium: sign up at /entrar/, confirm through the link mailed (read from
 * the server's outbox), sign in and come back (the data layer's login state and user id on the
 * stored page views), save an article for later (scPerMesTard), find it in
 * La meva llista, sign out. And watching a video on a TV paired with /tv/ (scVeureATV).
 */
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { mailedLink } from './helpers/outbox.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

type StoredHit = Record<string, string | null> & { hit_type: string; events: string };
const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const STORE_TIMEOUT_MS = 15_000;

async function storedHits(): Promise<StoredHit[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  expect(answer.status).toBe(200);
  return (await answer.json()) as StoredHit[];
}
const eventIds = (hit: StoredHit) => (JSON.parse(hit.events) as { id: number }[]).map((e) => e.id);
async function stored(find: (hit: StoredHit) => boolean): Promise<StoredHit> {
  await expect.poll(async () => (await storedHits()).some(find), { timeout: STORE_TIMEOUT_MS }).toBe(true);
  return (await storedHits()).find(find)!;
}

describe("a visitor's account in Chromium", () => {
  it('signs up, confirms by mail, is measured as logged in with their id, saves an article to La meva llista, and signs out', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoReady(page, site.server.baseUrl + ARTICLE);
    const first = await stored((h) => h.hit_type === 'page_view' && h.page_name === 'noticies:parlament-aprova-llei-habitatge-assequible');
    expect(first).toMatchObject({ login_state: 'no logat', user_id: 'No informat' });

    await page.getByRole('link', { name: 'Entra per desar-ho a «La meva llista»' }).click();
    await page.waitForURL('**/entrar/?torna=*');
    const signUp = page.getByRole('form', { name: 'Crea un compte' });
    await signUp.getByLabel('Nom').fill('Anna');
    await signUp.getByLabel('Correu electrònic').fill('anna@example.cat');
    await signUp.getByLabel('Contrasenya (12 caràcters o més)').fill('una-contrasenya-llarga');
    await signUp.getByRole('button', { name: 'Crea el compte' }).click();
    await expect.poll(() => signUp.getByRole('status').textContent()).toMatch(/^Us hem enviat un correu a anna@example\.cat\./);
    // Not before the link is followed.
    const early = page.getByRole('form', { name: 'Ja tinc un compte' });
    await early.getByLabel('Correu electrònic').fill('anna@example.cat');
    await early.getByLabel('Contrasenya').fill('una-contrasenya-llarga');
    await early.getByRole('button', { name: 'Entra' }).click();
    await expect.poll(() => early.getByRole('alert').textContent()).toMatch(/^Encara no heu confirmat el compte\./);

    // The link in the mail confirms the account and lands on the sign-in page, still bound for the article.
    await gotoReady(page, await mailedLink(site.dataDir, 'anna@example.cat'));
    expect(page.url()).toContain('/entrar/?compte=confirmat&torna=');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'El vostre compte està confirmat.' }).isVisible()).toBe(true);
    const signIn = page.getByRole('form', { name: 'Ja tinc un compte' });
    await signIn.getByLabel('Correu electrònic').fill('anna@example.cat');
    await signIn.getByLabel('Contrasenya').fill('una-contrasenya-llarga');
    await signIn.getByRole('button', { name: 'Entra' }).click();
    await page.waitForURL(`**${ARTICLE}`);
    await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.account-link__name').textContent()).toBe('Anna');
    const visitorId = await page.evaluate(
      () =>
        JSON.parse(
          decodeURIComponent(
            document.cookie
              .split('; ')
              .find((c) => c.startsWith('mesura_usuari='))!
              .split('=')[1]!,
          ),
        ).id as string,
    );

    const signedIn = await stored((h) => h.hit_type === 'page_view' && h.login_state === 'logat');
    expect(signedIn).toMatchObject({ user_id: visitorId, page_name: 'noticies:parlament-aprova-llei-habitatge-assequible' });

    await page.getByRole('button', { name: 'Desa per a més tard' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Desat a «La meva llista»' }).isVisible()).toBe(true);
    const saved = await stored((h) => h.link_name === 'Desa per a més tard');
    expect({ hitType: saved.hit_type, events: eventIds(saved) }).toEqual({ hitType: 'link_o', events: [] });
    expect(saved).toMatchObject({ deliverty_id: '1001', click_identifier: 'article-scPerMesTard', content_type: 'noticia' });

    await page.getByRole('link', { name: 'La meva llista' }).click();
    await page.waitForURL('**/la-meva-llista/');
    await expect.poll(() => page.locator('.my-list a').first().textContent()).toMatch(/Parlament aprova la llei/);
    await page.getByRole('button', { name: /^Treu de la llista/ }).click();
    await expect.poll(() => page.locator('.my-list li').count()).toBe(0);

    await page.getByRole('button', { name: 'Surt' }).click();
    await page.waitForURL(`${site.server.baseUrl}/`);
    await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('link', { name: 'Entra' }).isVisible()).toBe(true);
    const home = await stored((h) => h.hit_type === 'page_view' && h.page_name === 'mesura:portada');
    expect(home.login_state).toBe('no logat');
    await page.context().close();
  });

  it('sends a video to a TV paired with /tv/: the TV plays it, scVeureATV is stored', async () => {
    const tv = await site.browser.newPage();
    await gotoReady(tv, `${site.server.baseUrl}/tv/`);
    const code = await expect
      .poll(() => tv.locator('.tv-code').getAttribute('data-code'), { timeout: 10_000 })
      .toMatch(/^\d{6}$/)
      .then(() => tv.locator('.tv-code').getAttribute('data-code'));

    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoReady(page, `${site.server.baseUrl}/video/el-reportatge-t1-e1/`);
    await page.getByRole('button', { name: 'Mira-ho a la TV' }).click();
    await page.getByLabel(/Codi de la TV/).fill(code!);
    await page.getByRole('button', { name: 'Envia a la TV' }).click();
    await expect.poll(() => tv.locator('[data-media-id="el-reportatge-t1-e1"]').count(), { timeout: 10_000 }).toBe(1);
    const cast = await stored((h) => h.link_name === 'Mira-ho a la TV');
    expect({ hitType: cast.hit_type, events: eventIds(cast) }).toEqual({ hitType: 'link_o', events: [] });
    expect(cast).toMatchObject({ deliverty_id: 'el-reportatge-t1-e1', click_identifier: 'episodi-scVeureATV', programme: 'EL-REPORTATGE' });
    await page.context().close();
    await tv.close();
  });
});
