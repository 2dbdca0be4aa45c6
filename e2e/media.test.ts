/**
 * Media sessions in Chromium: the site's player plays its clip with a preroll break of two ads, a
 * chapter, a pause, a seek and the end; the media tracker (loaded by the SDK's `media tracker` rule)
 * sends heartbeats to the server, which stores one media session whose figures match what played.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

/** A session as `GET /api/reports/media/sessions` lists it (the fields asserted here). */
interface StoredSession {
  sessionId: string;
  visitorId: string | null;
  contentId: string;
  mediaType: string;
  streamType: string;
  contentSeconds: number;
  adSeconds: number;
  completes: number;
  startupTimeMs: number | null;
  avgBitrate: number | null;
  adsStarted: number;
  chaptersStarted: number;
  endedReason: string | null;
}

/** The clip's preroll: two ads of 3 s and 2 s (apps/site/public/ads/anunci-{1,2}.xml). */
const AD_SECONDS = 3 + 2;
const CLIP_PATH = '/video/clip-de-prova/';
const AUDIO_PATH = '/audio/audio-de-prova/';
const HLS_PATH = '/video/clip-hls/';
/** BANDWIDTH of the HLS clip's one level (apps/site/public/media/hls/clip-de-prova/master.m3u8). */
const HLS_BITRATE = 120_000;
/** Long enough for the ads, the clip and a loaded machine; each wait ends at its event. */
const PLAYBACK_TIMEOUT_MS = 30_000;
const STORE_TIMEOUT_MS = 20_000;

const site = useSiteUnderTest({ autoplay: true, env: E2E_ADMIN_ENV });

async function storedSessions(): Promise<StoredSession[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/reports/media/sessions?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  if (!answer.ok) throw new Error(`sessions report: HTTP ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { sessions: StoredSession[] }).sessions;
}

/** The analytics hits stored today (the media start hits among them), as the export gives them. */
async function storedHits(): Promise<{ hit_type: string; context_data: string }[]> {
  const day = today();
  return (await (await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) })).json()) as { hit_type: string; context_data: string }[];
}

/** The `a.media.vsid` of each start hit of `hitType` (media_start: ms_s, ad_start: msa_s). */
async function startHitSessions(hitType: string): Promise<string[]> {
  return (await storedHits()).filter((hit) => hit.hit_type === hitType).map((hit) => (JSON.parse(hit.context_data) as Record<string, string>)['a.media.vsid'] ?? '');
}

/** The session of `contentId` once the server has closed it with `reason`. */
async function closedSession(contentId: string, reason: string): Promise<StoredSession> {
  const find = async () => (await storedSessions()).find((s) => s.contentId === contentId && s.endedReason === reason);
  await expect.poll(find, { timeout: STORE_TIMEOUT_MS, interval: 250 }).toBeDefined();
  return (await find())!;
}

const isHeartbeat = (type: string) => (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/hb/' && url.searchParams.get('s:event:type') === type;
};

/** The player's media element, the content's (not the ad player's). */
const CONTENT = '.player__content';

/** Opens a player page as a visitor who accepted everything, once the tracker follows its player. */
async function openPlayer(path: string): Promise<Page> {
  const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${site.server.baseUrl}${path}`);
  // /mesura.js loads /mesura-media.js on a page with a video group; the player attaches to it.
  await page.locator('figure.player[data-media-tracking="on"]').waitFor({ timeout: STORE_TIMEOUT_MS });
  return page;
}

/** Seconds of content the element really played (its `played` ranges). */
function playedSeconds(page: Page): Promise<number> {
  return page.locator(CONTENT).evaluate((media: HTMLMediaElement) => {
    let sum = 0;
    for (let i = 0; i < media.played.length; i++) sum += media.played.end(i) - media.played.start(i);
    return sum;
  });
}

describe('media sessions from a real player in Chromium', () => {
  it('serves the media bootstrap the SDK loads on player pages', async () => {
    const answer = await fetch(`${site.server.baseUrl}/mesura-media.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
  });

  it('plays the clip after a preroll of two ads, through a chapter, a pause and a seek to the end; the session is stored', async () => {
    const page = await openPlayer(CLIP_PATH);
    const player = page.locator('figure.player');
    const content = page.locator(CONTENT);

    await page.getByRole('button', { name: 'Reprodueix' }).click();
    await expect.poll(() => player.getAttribute('data-phase'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('content');
    // Chapter 1, "Titulars", opens at the first frame; play two seconds of it.
    await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLMediaElement).currentTime >= 2, CONTENT, {
      timeout: PLAYBACK_TIMEOUT_MS,
    });

    // A pause, which the tracker always reports (RULES 5): the test waits for its heartbeat.
    const pauseSent = page.waitForRequest(isHeartbeat('pause'), { timeout: PLAYBACK_TIMEOUT_MS });
    await content.evaluate((media: HTMLMediaElement) => media.pause());
    await pauseSent;

    // A seek into chapter 2, "El temps", then play to the end.
    await content.evaluate(
      (media: HTMLMediaElement) =>
        new Promise<void>((resolve) => {
          media.addEventListener('seeked', () => resolve(), { once: true });
          media.currentTime = 7;
        }),
    );
    const completeSent = page.waitForRequest(isHeartbeat('complete'), { timeout: PLAYBACK_TIMEOUT_MS });
    await content.evaluate((media: HTMLMediaElement) => media.play());
    await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLMediaElement).ended, CONTENT, {
      timeout: PLAYBACK_TIMEOUT_MS,
    });
    await completeSent;
    const played = await playedSeconds(page);
    const visitorId = await page.evaluate(() => (window.mesura as unknown as { identity: { visitorId(): string } }).identity.visitorId());
    await page.close();

    const session = await closedSession('clip-de-prova', 'complete');
    expect(session).toMatchObject({ visitorId, mediaType: 'video', streamType: 'vod', completes: 1, adsStarted: 2, chaptersStarted: 2 });
    expect(Math.abs(session.adSeconds - AD_SECONDS)).toBeLessThanOrEqual(1);
    expect(played).toBeGreaterThan(6);
    expect(Math.abs(session.contentSeconds - played)).toBeLessThanOrEqual(1);
    expect(session.startupTimeMs).toBeGreaterThan(0);
    // The analytics start hits went to the collector too: one ms_s, and an msa_s per ad.
    await expect.poll(() => startHitSessions('media_start'), { timeout: STORE_TIMEOUT_MS }).toEqual([session.sessionId]);
    await expect.poll(() => startHitSessions('ad_start'), { timeout: STORE_TIMEOUT_MS }).toEqual([session.sessionId, session.sessionId]);
  });

  it('plays the audio clip to its end: an audio-on-demand session with one complete; played again, a new session', async () => {
    const page = await openPlayer(AUDIO_PATH);
    const completeSent = page.waitForRequest(isHeartbeat('complete'), { timeout: PLAYBACK_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    const complete = await completeSent;
    const played = await playedSeconds(page);

    // The control bar's play button, once the clip has ended, plays it again from the start.
    const restartSent = page.waitForRequest(isHeartbeat('start'), { timeout: PLAYBACK_TIMEOUT_MS });
    await page.getByRole('group', { name: 'Controls del reproductor' }).getByRole('button', { name: 'Reprodueix' }).click();
    const restart = await restartSent;
    const sessionOf = (heartbeat: Request) => new URL(heartbeat.url()).searchParams.get('s:event:sid');
    expect(sessionOf(restart)).not.toBe(sessionOf(complete));
    await page.close();

    const session = await closedSession('audio-de-prova', 'complete');
    expect(session).toMatchObject({ mediaType: 'audio', streamType: 'aod', completes: 1, adsStarted: 0, adSeconds: 0 });
    expect(Math.abs(session.contentSeconds - played)).toBeLessThanOrEqual(1);
  });

  it('plays the HLS clip with hls.js to its end: the hls.js adapter reports the level bitrate', async () => {
    const page = await openPlayer(HLS_PATH);
    const completeSent = page.waitForRequest(isHeartbeat('complete'), { timeout: PLAYBACK_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    const complete = await completeSent;
    const played = await playedSeconds(page);
    await page.close();

    expect(new URL(complete.url()).searchParams.get('s:sp:player_name')).toBe('mesura-hls.js');
    const session = await closedSession('clip-hls', 'complete');
    expect(session).toMatchObject({ mediaType: 'video', streamType: 'vod', completes: 1, avgBitrate: HLS_BITRATE });
    expect(Math.abs(session.contentSeconds - played)).toBeLessThanOrEqual(1);
  });
});
