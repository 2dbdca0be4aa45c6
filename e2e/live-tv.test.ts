/**
 * Live TV in Chromium: /directes/mesura-tv/ shows what is on now and next from the guide, plays the
 * server's live HLS from the live edge, and its DVR works ("-30 s", "Directe", "Torna a l'inici del
 * programa", each seen in the player's state); each seek is stored as an scDVR link hit with the §7
 * variables, and the media heartbeats carry stream type live for the broadcast on air.
 */
import type { Request } from 'playwright-core';
import type { ChannelResponse } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

interface StoredHit {
  hit_type: string;
  link_name: string | null;
  events: string;
  click_identifier: string | null;
  emission_type: string | null;
  broadcast_channel: string | null;
  content_title: string | null;
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
async function storedCall(find: (hit: StoredHit) => boolean): Promise<StoredHit> {
  await expect.poll(async () => (await storedHits()).some(find), { timeout: 15_000 }).toBe(true);
  return (await storedHits()).find(find)!;
}
const eventIds = (hit: StoredHit) => (JSON.parse(hit.events) as { id: number }[]).map((e) => e.id);

describe('live TV with DVR in Chromium', () => {
  it('serves the live playlist: a sliding window with wall times and no end', async () => {
    const master = await fetch(`${site.server.baseUrl}/live/mesura-tv/index.m3u8`);
    expect(master.status).toBe(200);
    const text = await master.text();
    // The channel's own loop, made at build: 360p and 720p (apps/site/scripts/generate-episodes.mjs).
    expect([...text.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((match) => match[1])).toEqual(['360', '720']);
    const media = await (await fetch(`${site.server.baseUrl}/live/mesura-tv/720p/index.m3u8`)).text();
    expect(media).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(media).not.toContain('#EXT-X-ENDLIST');
  });

  it('plays from the live edge, seeks back and returns, and measures each seek and the programme on air', async () => {
    const channel = (await (await fetch(`${site.server.baseUrl}/api/content/channels/mesura-tv`)).json()) as ChannelResponse;
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const heartbeats: URL[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/hb/') heartbeats.push(url);
    });
    await page.goto(`${site.server.baseUrl}/directes/mesura-tv/`);

    // Now and next from the guide.
    expect(await page.locator('.now-next__item--now .now-next__title').innerText()).toBe(channel.now.title);
    expect(await page.getByText(channel.next.title).first().isVisible()).toBe(true);
    await page.locator('figure.live-player[data-media-tracking="on"]').waitFor({ timeout: PLAYBACK_TIMEOUT_MS });

    // Plays from the live edge.
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    await expect.poll(() => page.locator('figure.live-player').getAttribute('data-playing'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('true');
    const dvr = page.locator('.dvr');
    await expect.poll(() => dvr.getAttribute('data-live-state'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('directe');
    expect(await page.getByRole('status').filter({ hasText: 'En directe' }).isVisible()).toBe(true);

    // "-30 s": behind the live edge, and the player says so.
    await page.getByRole('button', { name: 'Enrere 30 segons' }).click();
    await expect.poll(() => dvr.getAttribute('data-live-state'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('diferit');
    await expect.poll(() => page.locator('.dvr__state').innerText()).toMatch(/^En diferit \(−\d+ s\)$/);

    // "Directe": back at the live edge.
    await page.getByRole('button', { name: 'Directe' }).click();
    await expect.poll(() => dvr.getAttribute('data-live-state'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe('directe');

    // "Torna a l'inici del programa": to the broadcast's start, or the oldest moment of the window.
    const before = await page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
    await page.getByRole('button', { name: "Torna a l'inici del programa" }).click();
    await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: PLAYBACK_TIMEOUT_MS }).toBeLessThan(before - 30);
    await expect.poll(() => dvr.getAttribute('data-live-state')).toBe('diferit');

    // scDVR: a link hit per seek, no event (packages/site-property SITE_LINK_CALLS), with the live context.
    for (const [name, id] of [
      ['Enrere 30 segons', 'dvr-enrere'],
      ['Directe', 'dvr-directe'],
      ["Torna a l'inici del programa", 'dvr-inici-programa'],
    ] as const) {
      const hit = await storedCall((h) => h.hit_type === 'link_o' && h.link_name === name);
      expect({ events: eventIds(hit), id: hit.click_identifier, emission: hit.emission_type, channel: hit.broadcast_channel, section: hit.section }).toEqual({
        events: [],
        id,
        emission: 'directe',
        channel: 'mesura-tv',
        section: 'directes',
      });
    }

    // Heartbeats of a live stream for the broadcast on air (the guide's entry at the playhead).
    const onAir = await page.locator('figure.live-player').getAttribute('data-broadcast-id');
    expect(onAir).toBeTruthy();
    await expect.poll(() => heartbeats.some((url) => url.searchParams.get('s:stream:type') === 'live'), { timeout: PLAYBACK_TIMEOUT_MS }).toBe(true);
    const ids = new Set(heartbeats.filter((url) => url.searchParams.get('s:stream:type') === 'live').map((url) => url.searchParams.get('s:asset:video_id')));
    expect(ids.has(onAir)).toBe(true);
    await page.close();
  });
});
