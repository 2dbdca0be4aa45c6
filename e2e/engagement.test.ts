/**
 * The engagement features in Chromium: each control performed as a visitor would, what the visitor
 * sees, and the direct call stored with its event number and §7 link variables.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitorPage, gotoReady } from './helpers/browser.js';
import { mailedLink } from './helpers/outbox.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

interface StoredHit {
  hit_type: string;
  link_name: string | null;
  events: string;
  click_identifier: string | null;
  social_action: string | null;
}

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

async function storedHits(): Promise<StoredHit[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  expect(answer.status).toBe(200);
  return (await answer.json()) as StoredHit[];
}
const eventIds = (hit: StoredHit) => (JSON.parse(hit.events) as { id: number }[]).map((e) => e.id);
async function storedCall(find: (hit: StoredHit) => boolean): Promise<StoredHit> {
  await expect.poll(async () => (await storedHits()).some(find), { timeout: 15_000 }).toBe(true);
  return (await storedHits()).find(find)!;
}

async function playQuiz(page: Page): Promise<void> {
  await gotoReady(page, `${site.server.baseUrl}/joc/`);
  await page.getByRole('button', { name: 'Comença el joc' }).click();
  for (let i = 0; i < 5; i++) {
    await page.locator('.quiz-option').first().click();
    await page.locator('.quiz-button').click();
  }
}

describe('engagement in Chromium', () => {
  it('plays the daily quiz (scJugar, event9), shares it (scCompartir, event3), answers the poll (scParticipar, event15) and signs up (scClicBoto, event10)', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.baseUrl });
    await playQuiz(page);
    await expect.poll(() => page.locator('#quiz-score').innerText()).toMatch(/^Heu encertat \d de 5 preguntes$/);
    const play = await storedCall((h) => h.click_identifier === 'joc-diari-inici');
    expect({ type: play.hit_type, events: eventIds(play) }).toEqual({ type: 'link_o', events: [9] });

    // Share: the menu opens from the keyboard, Escape closes it; "Copia l'enllaç" copies and says so.
    const shareButton = page.getByRole('button', { name: 'Comparteix' });
    await shareButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(false);
    await shareButton.click();
    await page.getByRole('menuitem', { name: "Copia l'enllaç" }).click();
    await expect.poll(() => page.getByText('Enllaç copiat al porta-retalls.').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.server.baseUrl}/joc/`);
    const share = await storedCall((h) => h.link_name === 'Comparteix');
    expect({ type: share.hit_type, events: eventIds(share), network: share.social_action }).toEqual({ type: 'link_o', events: [3], network: 'enllac' });

    // Poll: answer, see the results as text; a second answer from this browser is refused.
    await page.getByLabel('Limitar el preu dels lloguers').check();
    await page.getByRole('button', { name: 'Vota' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Resultats' }).innerText()).toContain('Limitar el preu dels lloguers (la vostra resposta): 100 %');
    const vote = await storedCall((h) => h.click_identifier === 'enquesta-habitatge-2026');
    expect({ type: vote.hit_type, events: eventIds(vote) }).toEqual({ type: 'link_o', events: [15] });
    const again = await page.evaluate(
      async () => (await fetch('/api/engagement/polls/habitatge-2026/answers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"optionId":"ajuts-joves"}' })).status,
    );
    expect(again).toBe(409);

    // Newsletter: a wrong address is refused in Catalan; a right one is asked to confirm by mail,
    // and the link mailed (read from the server's outbox) confirms it on /butlleti/.
    const email = page.getByLabel('Adreça de correu electrònic');
    await email.fill('no-es-una-adreca');
    await page.getByRole('button', { name: 'Subscriu-te' }).click();
    await expect.poll(() => page.getByText('Escriviu una adreça de correu electrònic vàlida.').isVisible()).toBe(true);
    await email.fill('lectora@exemple.cat');
    await page.getByRole('button', { name: 'Subscriu-te' }).click();
    await expect.poll(() => page.getByText('Us hem enviat un correu a lectora@exemple.cat.', { exact: false }).isVisible()).toBe(true);
    const signUp = await storedCall((h) => h.click_identifier === 'cta-butlleti');
    expect({ type: signUp.hit_type, events: eventIds(signUp) }).toEqual({ type: 'link_o', events: [10] });
    const mailbox = await site.browser.newPage();
    await gotoReady(mailbox, await mailedLink(site.dataDir, 'lectora@exemple.cat'));
    expect(new URL(mailbox.url()).pathname + new URL(mailbox.url()).search).toBe('/butlleti/?estat=confirmat');
    expect(await mailbox.getByRole('heading', { level: 1 }).textContent()).toBe('Subscripció confirmada');
    await mailbox.close();

    // The day's game waits for tomorrow: a reload shows the score, not a new game.
    await page.reload();
    await expect.poll(() => page.locator('#quiz-score').isVisible()).toBe(true);
    await page.close();
  });

  it('shows a pairing code on /tv/ and plays what is cast to it', async () => {
    const tv = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await tv.goto(`${site.server.baseUrl}/tv/`);
    await expect.poll(() => tv.locator('.tv-code').getAttribute('data-code'), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    const code = (await tv.locator('.tv-code').getAttribute('data-code'))!;
    expect(await tv.locator('.tv-code').innerText()).toBe(`${code.slice(0, 3)} ${code.slice(3)}`);
    const media = { kind: 'video', id: 'clip-de-prova', title: 'Clip de prova', src: '/media/clip-de-prova.webm', type: 'video/webm', delivery: 'file' };
    const cast = await fetch(`${site.server.baseUrl}/api/engagement/tv/pairings/${code}/cast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.server.baseUrl },
      body: JSON.stringify(media),
    });
    expect(cast.status).toBe(200);
    await expect.poll(() => tv.locator('video[data-media-id="clip-de-prova"]').getAttribute('src'), { timeout: 10_000 }).toBe('/media/clip-de-prova.webm');
    await expect.poll(() => tv.getByRole('heading', { name: 'Clip de prova' }).isVisible()).toBe(true);
    await tv.close();
  });
});
