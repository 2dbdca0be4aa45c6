/**
 * The players' controls (media-chrome over the picture) in Chromium, used as a visitor would: by
 * mouse and by keyboard. On demand, the seeded episode cara-a-cara-t1-e1 (HLS in three renditions,
 * Catalan subtitles, chapters at 0:00, 0:10 and 0:20, no ads): play and pause, the seek bar and its
 * chapter marks, mute, subtitles, quality, full screen. Live, /directes/mesura-tv/: play, mute and
 * full screen by mouse and by keys, and the DVR's "Enrere 30 segons" and "Directe". axe-core finds
 * no WCAG 2.2 AA violation of any impact on either page with its controls and their tooltips showing.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { everyViolation } from './helpers/axe.js';
import { VISITOR_USER_AGENT, acceptEverything } from './helpers/browser.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ autoplay: true });
const EPISODE_PATH = '/video/cara-a-cara-t1-e1/';
const LIVE_PATH = '/directes/mesura-tv/';
/** Long enough for hls.js, level switches and a loaded machine; each wait ends at its event. */
const PLAYBACK_TIMEOUT_MS = 20_000;
/** The chapters after the first: the seek bar marks where each starts. */
const CHAPTER_MARKS = 2;

/**
 * A visitor who accepted everything, in a context that lets axe-core in (bypassCSP), whose page
 * records each full-screen request's element: headless Chromium may refuse to go full screen, and
 * the request is what the button owes.
 */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES', bypassCSP: true });
  await acceptEverything(context, site.server.baseUrl);
  await context.addInitScript(() => {
    const requested: string[] = [];
    (window as unknown as { fullscreenRequests: string[] }).fullscreenRequests = requested;
    const request = Element.prototype.requestFullscreen;
    Element.prototype.requestFullscreen = function (this: Element, options?: FullscreenOptions) {
      requested.push(this.className);
      return request.call(this, options).catch(() => undefined);
    };
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

const fullscreenRequests = (page: Page) => page.evaluate(() => (window as unknown as { fullscreenRequests: string[] }).fullscreenRequests);

function media(page: Page, selector: string) {
  return page.locator(selector).evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    muted: element.muted,
    currentTime: element.currentTime,
    height: element.videoHeight,
    subtitles: element.textTracks[0]?.mode,
  }));
}

describe('the players’ controls by mouse and by keyboard', () => {
  it('on demand: play and pause, seek, mute, subtitles, quality and full screen, with chapter marks and no axe violation', async () => {
    const page = await visitorPage(site.browser);
    await page.goto(site.server.baseUrl + EPISODE_PATH);
    await page.locator('figure.player[data-media-tracking="on"]').waitFor({ timeout: PLAYBACK_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    await page.locator('figure.player[data-phase="content"]').waitFor({ timeout: PLAYBACK_TIMEOUT_MS });
    const content = () => media(page, '.player__content');
    const controls = page.getByRole('group', { name: 'Controls del reproductor' });
    await expect.poll(async () => (await content()).paused, { timeout: PLAYBACK_TIMEOUT_MS }).toBe(false);
    expect(await page.locator('.player__mark--chapter').count()).toBe(CHAPTER_MARKS);

    // Play and pause: the mouse pauses, Enter on the focused button plays again.
    await controls.getByRole('button', { name: 'Pausa' }).click();
    await expect.poll(async () => (await content()).paused).toBe(true);
    // Under the mouse, the play button's tooltip says what a press does now, as its name does.
    const playTooltip = controls.locator('media-play-button span[slot="tooltip-content"]');
    await expect.poll(() => playTooltip.textContent()).toBe('Reprodueix');
    expect(await playTooltip.isVisible()).toBe(true);
    await controls.getByRole('button', { name: 'Reprodueix' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await content()).paused).toBe(false);

    // The seek bar: a click three quarters along, then the arrow keys on the focused slider.
    const seekBar = controls.getByRole('slider', { name: 'Posició' });
    const box = (await seekBar.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect.poll(async () => (await content()).currentTime).toBeGreaterThan(15);
    await controls.getByRole('button', { name: 'Pausa' }).click();
    const before = (await content()).currentTime;
    await seekBar.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await content()).currentTime).toBeLessThan(before);

    // Mute: named for what it does next, by mouse and by keyboard.
    await controls.getByRole('button', { name: 'Silencia' }).click();
    expect((await content()).muted).toBe(true);
    await controls.getByRole('button', { name: 'Activa el so' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await content()).muted).toBe(false);

    // Subtitles: a toggle that keeps its name; Space on it turns them off again.
    const subtitles = controls.getByRole('button', { name: 'Subtítols' });
    await subtitles.click();
    expect(await subtitles.getAttribute('aria-pressed')).toBe('true');
    expect((await content()).subtitles).toBe('showing');
    await subtitles.focus();
    await page.keyboard.press('Space');
    expect(await subtitles.getAttribute('aria-pressed')).toBe('false');

    // Quality: the menu opens from the keyboard, a rendition is chosen with Enter, Automàtica by mouse.
    await controls.getByRole('button', { name: /^Qualitat/ }).focus();
    await page.keyboard.press('Enter');
    await controls.getByRole('list', { name: 'Qualitat' }).getByRole('button', { name: '144p' }).focus();
    await page.keyboard.press('Enter');
    await controls.getByRole('button', { name: /^Qualitat/ }).click();
    await controls.getByRole('list', { name: 'Qualitat' }).getByRole('button', { name: '144p' }).click();
    expect(await controls.getByRole('button', { name: /^Qualitat/ }).textContent()).toBe('Qualitat: 144p');
    await controls.getByRole('button', { name: 'Reprodueix' }).click();
    await expect.poll(async () => (await content()).height, { timeout: PLAYBACK_TIMEOUT_MS }).toBe(144);

    // With every control shown and used: no violation of any impact.
    expect(await everyViolation(page)).toEqual([]);

    // Full screen shows the whole figure (ads and chapters go with the picture); picture-in-picture is there.
    expect(await controls.getByRole('button', { name: 'Imatge sobre imatge' }).isVisible()).toBe(true);
    await controls.getByRole('button', { name: 'Pantalla completa' }).click();
    await expect.poll(() => fullscreenRequests(page)).toEqual(['player player--video']);
    await page.context().close();
  });

  it('live: play, mute and full screen over the picture, the same keys, the DVR by keyboard, and no axe violation', async () => {
    const page = await visitorPage(site.browser);
    await page.goto(site.server.baseUrl + LIVE_PATH);
    await page.locator('figure.live-player[data-media-tracking="on"]').waitFor({ timeout: PLAYBACK_TIMEOUT_MS });
    const controls = page.getByRole('group', { name: 'Controls del directe' });
    await controls.getByRole('button', { name: 'Reprodueix' }).click();
    await expect.poll(() => page.locator('figure.live-player').getAttribute('data-playing'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('true');
    const dvr = page.locator('.dvr');
    await expect.poll(() => dvr.getAttribute('data-live-state'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('directe');

    await controls.getByRole('button', { name: 'Silencia' }).click();
    expect((await media(page, '.live-player__video')).muted).toBe(true);

    // The on-demand player's keys, with the focus on the picture: k pauses and plays, m unmutes.
    await page.locator('.live-player__video').focus();
    await page.keyboard.press('k');
    await expect.poll(async () => (await media(page, '.live-player__video')).paused).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(async () => (await media(page, '.live-player__video')).paused).toBe(false);
    await page.keyboard.press('m');
    expect((await media(page, '.live-player__video')).muted).toBe(false);

    // The DVR by keyboard: thirty seconds back, then back to live.
    await page.getByRole('button', { name: 'Enrere 30 segons' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dvr.getAttribute('data-live-state'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('diferit');
    await page.getByRole('button', { name: 'Directe' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dvr.getAttribute('data-live-state'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('directe');

    expect(await everyViolation(page)).toEqual([]);

    await controls.getByRole('button', { name: 'Pantalla completa' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => fullscreenRequests(page)).toEqual(['live-player']);
    await page.context().close();
  });
});
