/**
 * A chapter chosen while the preroll plays, in Chromium, on the seeded episode el-reportatge-t1-e1
 * (a 3 s preroll, chapters at 0:00, 0:10 and 0:20): the content starts at that chapter once the ad
 * has ended. The chapter buttons stay enabled under an ad, so a click must not be lost.
 */
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ autoplay: true });
const EPISODE_PATH = '/video/el-reportatge-t1-e1/';
const CHAPTER = { name: /^El testimoni/, startSeconds: 10 };

describe('a chapter chosen during an ad', () => {
  it('is where the content starts once the ad break is over', async () => {
    const page = await newVisitorPage(site.browser);
    await gotoReady(page, site.server.baseUrl + EPISODE_PATH);
    await page.getByRole('button', { name: 'Rebutja-ho tot' }).click();
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    await page.locator('figure.player[data-phase="ads"] .player__ad-label').waitFor();

    await page.getByRole('button', { name: CHAPTER.name }).click();
    await page.locator('figure.player[data-phase="content"]').waitFor({ timeout: 15_000 });
    const playhead = () => page.locator('video.player__content').evaluate((video: HTMLVideoElement) => video.currentTime);
    await expect.poll(playhead, { timeout: 5_000 }).toBeGreaterThanOrEqual(CHAPTER.startSeconds);
    await page.context().close();
  });
});
