/**
 * A seeded video episode as a visitor gets it, in Chromium: the media made at build
 * (apps/site/scripts/generate-episodes.mjs) is an episode of realistic length, not a 30 s clip, in
 * three renditions up to 720p, and the quality menu switches the picture between them; playback
 * carries on where the playlists start the programme's stretch again.
 */
import { createSeedContent } from '@mesura/content';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptEverything, VISITOR_USER_AGENT } from './helpers/browser.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ autoplay: true });
/** Cara a cara has no ads, so the content plays at once. */
const EPISODE_ID = 'cara-a-cara-t1-e1';
const EPISODE_PATH = `/video/${EPISODE_ID}/`;
const EPISODE_LENGTH_S = createSeedContent().episodes.find((episode) => episode.id === EPISODE_ID)!.lengthSeconds;
/** A few minutes at least, as a broadcaster's episode is. */
const REALISTIC_LENGTH_S = 4 * 60;
/** The programmes' stretch (apps/site/scripts/episode-renditions.mjs): the playlists repeat it from here. */
const STRETCH_SECONDS = 24;
/** Long enough for hls.js, level switches and a loaded machine; each wait ends at its event. */
const PLAYBACK_TIMEOUT_MS = 20_000;

function content(page: Page) {
  return page.locator('video.player__content').evaluate((video: HTMLVideoElement) => ({ duration: video.duration, height: video.videoHeight, paused: video.paused }));
}

describe('a generated episode', () => {
  it('lasts minutes, offers 144p, 360p and 720p, and shows the rendition chosen', async () => {
    const context = await site.browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES' });
    await acceptEverything(context, site.server.baseUrl);
    const page = await context.newPage();
    await page.goto(site.server.baseUrl + EPISODE_PATH);
    await page.locator('figure.player[data-media-tracking="on"]').waitFor({ timeout: PLAYBACK_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    await expect.poll(async () => (await content(page)).paused, { timeout: PLAYBACK_TIMEOUT_MS }).toBe(false);
    expect(EPISODE_LENGTH_S).toBeGreaterThanOrEqual(REALISTIC_LENGTH_S);
    expect((await content(page)).duration).toBeCloseTo(EPISODE_LENGTH_S, 0);

    const controls = page.getByRole('group', { name: 'Controls del reproductor' });
    await controls.getByRole('button', { name: /^Qualitat/ }).click();
    const menu = controls.getByRole('list', { name: 'Qualitat' });
    const names = await menu.getByRole('button').allTextContents();
    expect(names.filter((name) => /^\d+p$/.test(name))).toEqual(expect.arrayContaining(['144p', '360p', '720p']));

    for (const height of [720, 144]) {
      if (!(await menu.isVisible())) await controls.getByRole('button', { name: /^Qualitat/ }).click();
      await menu.getByRole('button', { name: `${height}p` }).click();
      await expect.poll(async () => (await content(page)).height, { timeout: PLAYBACK_TIMEOUT_MS }).toBe(height);
    }

    // The playlists repeat the programme's stretch: playback goes on across a repeat's start.
    await page.locator('video.player__content').evaluate((video: HTMLVideoElement, seconds) => {
      video.currentTime = seconds;
    }, STRETCH_SECONDS - 2);
    await expect.poll(() => page.locator('video.player__content').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: PLAYBACK_TIMEOUT_MS }).toBeGreaterThan(STRETCH_SECONDS + 2);
    await context.close();
  });
});
