/**
 * A stream that freezes while playing, in Chromium: the site's HLS clip (hls.js, `/video/clip-hls/`)
 * plays its first 6 s segment while the next one is held back, so the `<video>` element runs dry
 * and its playhead stops. The tracker's own playhead poll (packages/media/src/playhead-poll.ts,
 * RULES 23 of shared/reference/media-traces) reports `stall`, not the adapter: the element's
 * `waiting` is not a BufferStart. Once the segment is let through, playback resumes and the stall
 * closes with `stall` and a `play` of 0 ms.
 */
import type { Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const HLS_PATH = '/video/clip-hls/';
/** The segment after the clip's first (apps/site/public/media/hls/clip-de-prova/index.m3u8). */
const HELD_SEGMENT = '**/media/hls/clip-de-prova/segment-1.m4s';
/** The first segment's 6 s and a loaded machine; each wait ends at its event. */
const STALL_TIMEOUT_MS = 30_000;
/**
 * How long the stream stays frozen once the element runs dry: the poll (every 1001 ms) opens the
 * stall at its second still poll, at most 3.003 s after the playhead stopped. Under the 10 s after
 * which hls.js gives up waiting for a segment's first byte and asks again.
 */
const FROZEN_MS = 4_500;

const site = useSiteUnderTest({ autoplay: true, env: E2E_ADMIN_ENV });

/** `type duration` of a heartbeat request, or undefined for anything else. */
function heartbeatOf(request: Request): string | undefined {
  const url = new URL(request.url());
  if (url.pathname !== '/hb/' || !url.searchParams.has('s:event:type')) return undefined;
  return `${url.searchParams.get('s:event:type')} ${url.searchParams.get('l:event:duration')}`;
}

const isHeartbeat =
  (type: string, test: (duration: number) => boolean = () => true) =>
  (request: Request) => {
    const [sent, duration] = heartbeatOf(request)?.split(' ') ?? [];
    return sent === type && test(Number(duration));
  };

describe('a frozen stream in Chromium (RULES 23)', () => {
  it('reports stall from the element playhead while the next segment is held, then stall and play 0 when it comes', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const heartbeats: string[] = [];
    page.on('request', (request) => {
      const heartbeat = heartbeatOf(request);
      if (heartbeat !== undefined) heartbeats.push(heartbeat);
    });
    // The segment's request stays open until the test lets it through.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(HELD_SEGMENT, async (route: Route) => {
      await released;
      await route.continue();
    });

    await page.goto(`${site.server.baseUrl}${HLS_PATH}`);
    await page.locator('figure.player[data-media-tracking="on"]').waitFor({ timeout: STALL_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    // The element ran dry: playing (not paused) with no data past its playhead, near 6 s.
    const content = page.locator('.player__content');
    await content.evaluate(
      (media: HTMLMediaElement, timeoutMs) =>
        new Promise<void>((resolve, reject) => {
          const dry = () => !media.paused && media.currentTime > 5 && media.readyState < HTMLMediaElement.HAVE_FUTURE_DATA;
          const started = Date.now();
          const check = () => (dry() ? resolve() : Date.now() - started > timeoutMs ? reject(new Error('the element never ran dry')) : setTimeout(check, 50));
          check();
        }),
      STALL_TIMEOUT_MS,
    );
    const frozenAt = await content.evaluate((media: HTMLMediaElement) => media.currentTime);
    await page.waitForTimeout(FROZEN_MS);
    expect(await content.evaluate((media: HTMLMediaElement) => [media.paused, media.currentTime])).toEqual([false, frozenAt]);
    // The stall has no opening heartbeat (RULES 23): play closed when it began, nothing since.
    expect(heartbeats.filter((line) => line.startsWith('stall '))).toEqual([]);

    const closed = page.waitForRequest(
      isHeartbeat('stall', (duration) => duration > 0),
      { timeout: STALL_TIMEOUT_MS },
    );
    const resumed = page.waitForRequest(
      isHeartbeat('play', (duration) => duration === 0),
      { timeout: STALL_TIMEOUT_MS },
    );
    release();
    const stallClose = await closed;
    await resumed;
    await page.close();

    // The stall lasted from its second still poll until the poll after the segment came: at least
    // the time frozen less the 3 s the two polls take, at most the time frozen and a poll more.
    const stallMs = Number(new URL(stallClose.url()).searchParams.get('l:event:duration'));
    expect(stallMs).toBeGreaterThanOrEqual(FROZEN_MS - 3_100);
    // Play before the stall, then stall and play 0; never a buffer (the adapter tells none).
    const stall = heartbeats.indexOf(heartbeats.find((line) => line.startsWith('stall '))!);
    expect(heartbeats.slice(0, stall)).toContain('start 0');
    expect(heartbeats.slice(0, stall).at(-1)).toMatch(/^play [1-9]\d*$/);
    expect(heartbeats.slice(stall, stall + 2)).toEqual([`stall ${stallMs}`, 'play 0']);
    expect(heartbeats.filter((line) => line.startsWith('buffer '))).toEqual([]);
  });
});
