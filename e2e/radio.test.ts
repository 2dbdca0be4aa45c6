/**
 * Live radio in Chromium: "Escolta en una finestra nova" opens the pop-out /radio/finestra/{slug}/
 * with window.open, the pop-out plays the station, the page's own player pauses, and the call is
 * stored as scFinestraNova with event26 and the §7 variables.
 */
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

interface StoredHit {
  hit_type: string;
  link_name: string | null;
  link_url: string | null;
  events: string;
  click_identifier: string | null;
  emission_type: string | null;
  broadcast_channel: string | null;
  section: string | null;
}

const site = useSiteUnderTest({ autoplay: true, env: E2E_ADMIN_ENV });
const PLAYBACK_TIMEOUT_MS = 20_000;

async function storedHits(): Promise<StoredHit[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  expect(answer.status).toBe(200);
  return (await answer.json()) as StoredHit[];
}

describe('live radio and its pop-out in Chromium', () => {
  it('opens the pop-out, which plays while the page pauses, and stores scFinestraNova (event26)', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await gotoReady(page, `${site.server.baseUrl}/radio/mesura-radio/`);
    const player = page.locator('.radio-player');
    await page.getByRole('button', { name: 'Escolta Mesura' }).click();
    await expect.poll(() => player.getAttribute('data-playing'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('true');

    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Escolta en una finestra nova' }).click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/radio/finestra/mesura-radio/');
    // The pop-out is its own small window, without the site's header.
    expect(await popup.locator('.site-header').count()).toBe(0);
    await expect.poll(() => popup.locator('.radio-player').getAttribute('data-playing'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('true');
    await expect.poll(() => popup.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: PLAYBACK_TIMEOUT_MS }).toBeGreaterThan(0.5);
    // The page's own player stopped.
    await expect.poll(() => player.getAttribute('data-playing')).toBe('false');
    expect(await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);

    // The visitor browses on in the main window; the pop-out keeps playing.
    await page.goto(`${site.server.baseUrl}/`);
    const played = await popup.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);
    await expect.poll(() => popup.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: PLAYBACK_TIMEOUT_MS }).toBeGreaterThan(played + 1);

    const find = (hit: StoredHit) => hit.hit_type === 'link_o' && hit.click_identifier === 'radio-finestra-nova';
    await expect.poll(async () => (await storedHits()).some(find), { timeout: 15_000 }).toBe(true);
    const hit = (await storedHits()).find(find)!;
    expect({
      events: (JSON.parse(hit.events) as { id: number }[]).map((e) => e.id),
      name: hit.link_name,
      url: hit.link_url,
      emission: hit.emission_type,
      channel: hit.broadcast_channel,
      section: hit.section,
    }).toEqual({
      events: [26],
      name: 'Escolta en una finestra nova',
      url: `${site.server.baseUrl}/radio/finestra/mesura-radio/`,
      emission: 'directe',
      channel: 'mesura-radio',
      section: 'radio',
    });
    await popup.close();
    await page.close();
  });
});
