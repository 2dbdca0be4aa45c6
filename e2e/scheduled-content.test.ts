/**
 * In Chromium and over HTTP, on the built server with its real clock: an episode scheduled for
 * later is not served (its address answers 404, no list names it) while one whose time has come is;
 * the home page's media rail leads to the media front (/videos/), which shows videos and audios each
 * in its own list; an article under another slug ends at its canonical address. Which seeded
 * episodes are out depends on the day the test runs; each is checked against its own time.
 */
import { createSeedContent, isPublished, sitePaths, type HomeResponse, type MediaResponse } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest();
/** Episodes this close to their publication time are left out: the test and server clocks may differ. */
const CLOCK_MARGIN_MS = 60_000;

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(site.server.baseUrl + path);
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

describe('scheduled content on the built server', () => {
  it('answers each seeded episode 200 once its time has come and 404 before, and lists none ahead of its time', async () => {
    const now = Date.now();
    const episodes = createSeedContent().episodes.filter((e) => Math.abs(Date.parse(e.publishedAt) - now) > CLOCK_MARGIN_MS);
    for (const episode of episodes) {
      const answer = await fetch(site.server.baseUrl + sitePaths.episode(episode));
      expect(answer.status, episode.id).toBe(isPublished(episode, new Date(now)) ? 200 : 404);
    }
    const home = await api<HomeResponse>('/api/content/home');
    const media = await api<MediaResponse>('/api/content/media');
    for (const teaser of [...home.media, ...media.videos, ...media.audios]) expect(Date.parse(teaser.publishedAt!), teaser.id).toBeLessThanOrEqual(now + CLOCK_MARGIN_MS);
  });

  it("goes from the home page's media rail to the media front, with videos and audios", async () => {
    const page = await newVisitorPage(site.browser);
    await gotoReady(page, `${site.server.baseUrl}/`);
    await page.locator('#rail-media a').click();
    await page.waitForURL('**/videos/');
    await page.getByRole('heading', { level: 1, name: 'Vídeos i àudios' }).waitFor();
    expect(await page.locator('section[aria-labelledby="videos-recents"] a[href^="/video/"]').count()).toBeGreaterThan(0);
    expect(await page.locator('section[aria-labelledby="audios-recents"] a[href^="/audio/"]').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('answers an article under another slug 301 to its canonical address, query kept', async () => {
    const answer = await fetch(`${site.server.baseUrl}/noticia/1001/un-altre-titol/?utm_campaign=tardor`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/noticia/1001/parlament-aprova-llei-habitatge-assequible/?utm_campaign=tardor');
  });

  it('takes an article under another slug to its canonical address', async () => {
    const page = await newVisitorPage(site.browser);
    await gotoReady(page, `${site.server.baseUrl}/noticia/1001/un-altre-titol/`);
    await page.waitForURL('**/noticia/1001/parlament-aprova-llei-habitatge-assequible/');
    expect(await page.locator('h1').textContent()).toContain('habitatge');
    await page.context().close();
  });
});
