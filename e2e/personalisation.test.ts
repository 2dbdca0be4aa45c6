import type { Page } from 'playwright-core';
import { BODY_HIDDEN_TIMEOUT_MS } from '@mesura/personalize';
import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const ACTIVITY = 'titular-1001';
const WEATHER_ACTIVITY = 'el-temps-disseny';
/** A personalisation server slower than the body's hiding may wait. */
const SLOW_SERVER_MS = 5000;
/** One frame at 60 Hz: the page's first visible frame is seen by requestAnimationFrame. */
const FRAME_MS = 17;

beforeAll(async () => {
  // Every visitor in experience B, so that the offer is known in advance.
  for (const id of [ACTIVITY, WEATHER_ACTIVITY]) {
    const activity = (await (await fetch(`${site.server.baseUrl}/api/activities/${id}`, { headers: await apiHeaders(site.server) })).json()) as {
      experiences: { id: string; share: number }[];
    };
    activity.experiences = activity.experiences.map((e) => ({ ...e, share: e.id === 'b' ? 100 : 0 }));
    const put = await fetch(`${site.server.baseUrl}/api/activities/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(await apiHeaders(site.server)) },
      body: JSON.stringify(activity),
    });
    expect(put.status).toBe(200);
  }
});

interface Frames {
  /** ms after the hiding style appeared when the body was first visible, and its headline then. */
  firstVisibleMs?: number;
  headline?: string;
  hiddenSeen: boolean;
  events: string[];
  /** Every headline a visible frame showed, in order, without repeats, for WATCH_AFTER_VISIBLE_MS. */
  visibleHeadlines: string[];
  /** The headline element was replaced after the body became visible: the site's app took over the server's first view. */
  headlineReplaced: boolean;
  watchDone?: boolean;
}

/** Long enough for the site's app to replace the server's first view (at most 250 ms after the page is shown, then its start). */
const WATCH_AFTER_VISIBLE_MS = 1500;

/**
 * Samples every animation frame from the first script on: whether the hiding style is in force,
 * the headline at the first frame the body is visible, and the headline of every visible frame for
 * WATCH_AFTER_VISIBLE_MS after it, so that a default headline painted when the site's app replaces
 * the server's first view is seen too. Also records the client's events.
 */
async function watchFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const frames: Frames = { hiddenSeen: false, events: [], visibleHeadlines: [], headlineReplaced: false };
    (window as unknown as { frames$: Frames }).frames$ = frames;
    let hiddenAt: number | undefined;
    let visibleSince: number | undefined;
    let firstHeadline: Element | null = null;
    const watchVisible = () => {
      const h1 = document.querySelector('h1');
      const text = h1?.textContent ?? '';
      if (frames.visibleHeadlines.at(-1) !== text) frames.visibleHeadlines.push(text);
      firstHeadline ??= h1;
      if (h1 !== firstHeadline) frames.headlineReplaced = true;
      // WATCH_AFTER_VISIBLE_MS (an init script sees nothing of this file).
      if (performance.now() - visibleSince! < 1500) requestAnimationFrame(watchVisible);
      else frames.watchDone = true;
    };
    // The style may come and go between two frames (a refused request): the observer sees it anyway.
    new MutationObserver((records) => {
      const added = records.some((r) => [...r.addedNodes].some((n) => (n as Element).id === 'mesura-personalize-hiding'));
      if (added && hiddenAt === undefined) {
        hiddenAt = performance.now();
        frames.hiddenSeen = true;
      }
    }).observe(document, { childList: true, subtree: true });
    const sample = () => {
      const hidden = document.getElementById('mesura-personalize-hiding') !== null;
      if (hidden && hiddenAt === undefined) hiddenAt = performance.now();
      frames.hiddenSeen ||= hidden;
      if (!hidden && document.body && hiddenAt !== undefined) {
        frames.firstVisibleMs = performance.now() - hiddenAt;
        frames.headline = document.querySelector('h1')?.textContent ?? '';
        visibleSince = performance.now();
        watchVisible();
        return;
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    for (const type of ['request-start', 'request-succeeded', 'request-failed', 'content-rendering-succeeded']) {
      document.addEventListener(`mesura:personalize:${type}`, () => frames.events.push(type));
    }
    interface Frames {
      firstVisibleMs?: number;
      headline?: string;
      hiddenSeen: boolean;
      events: string[];
      visibleHeadlines: string[];
      headlineReplaced: boolean;
      watchDone?: boolean;
    }
  });
}

const frames = (page: Page) => page.evaluate(() => (window as unknown as { frames$: Frames }).frames$);
const accepted = () => ({ consent: { accepted: true as const, baseUrl: site.server.baseUrl } });

describe('personalisation in Chromium (the body hidden, then shown with or without offers)', () => {
  it('(a) with a fast server the offer is in place when the body is first visible: default content never painted', async () => {
    const page = await newVisitorPage(site.browser, accepted());
    await watchFirstPaint(page);
    await page.goto(`${site.server.baseUrl}${ARTICLE}`);
    await expect.poll(async () => (await frames(page)).firstVisibleMs, { timeout: 10_000 }).toBeDefined();
    const seen = await frames(page);
    expect(seen.hiddenSeen).toBe(true);
    expect(seen.headline).toBe('Llum verda a la llei d’habitatge assequible: quatre grups hi donen suport');
    expect(seen.events).toContain('content-rendering-succeeded');
    // The page came rendered by the server; the site's app then replaced it, and the offer stayed.
    await expect.poll(async () => (await frames(page)).watchDone, { timeout: WATCH_AFTER_VISIBLE_MS + 5_000 }).toBe(true);
    const after = await frames(page);
    expect(after.headlineReplaced).toBe(true);
    expect(after.visibleHeadlines).toEqual(['Llum verda a la llei d’habitatge assequible: quatre grups hi donen suport']);
    expect(after.events.filter((type) => type === 'content-rendering-succeeded')).toHaveLength(1);
    await page.close();
  });

  // How close to BODY_HIDDEN_TIMEOUT_MS the page shows is a timing goal: `npm run bench:hidden` measures it
  // (its "server slower than the timeout" line); here, that the page waits for the timeout and no longer.
  it('(b) with a server that takes 5 s the default content shows once the hiding times out, before the answer, and the failure event fires', async () => {
    const page = await newVisitorPage(site.browser, accepted());
    await watchFirstPaint(page);
    await page.route('**/m2/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_SERVER_MS));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${site.server.baseUrl}${ARTICLE}`);
    await expect.poll(async () => (await frames(page)).firstVisibleMs, { timeout: 10_000 }).toBeDefined();
    const seen = await frames(page);
    // Not before the timeout (a frame's rounding allowed), and well before the server's 5 s answer.
    expect(seen.firstVisibleMs!).toBeGreaterThanOrEqual(BODY_HIDDEN_TIMEOUT_MS - FRAME_MS);
    expect(seen.firstVisibleMs!).toBeLessThan(SLOW_SERVER_MS);
    expect(seen.headline).toBe("El Parlament aprova la llei d'habitatge assequible amb el suport de quatre grups");
    await expect.poll(async () => (await frames(page)).events, { timeout: 5_000 }).toContain('request-failed');
    await page.close();
  });

  it('(c) with the server down the default content shows and the failure event fires', async () => {
    const page = await newVisitorPage(site.browser, accepted());
    await watchFirstPaint(page);
    await page.route('**/m2/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${site.server.baseUrl}${ARTICLE}`);
    await expect.poll(async () => (await frames(page)).firstVisibleMs, { timeout: 10_000 }).toBeDefined();
    const seen = await frames(page);
    // Shown on the failure, without waiting for the timeout.
    expect(seen.firstVisibleMs!).toBeLessThan(BODY_HIDDEN_TIMEOUT_MS);
    expect(seen.events).toContain('request-failed');
    await page.close();
  });

  it('(d) a request whose URL would pass 2048 characters goes as a form POST', async () => {
    const page = await newVisitorPage(site.browser, accepted());
    const methods: string[] = [];
    page.on('request', (request) => request.url().includes('/m2/') && methods.push(request.method()));
    await page.goto(`${site.server.baseUrl}${ARTICLE}?ref=${'x'.repeat(2100)}`);
    await expect.poll(() => methods, { timeout: 10_000 }).toEqual(['POST']);
    await page.close();
  });

  it('(e) without consent no request is made and nothing is hidden', async () => {
    const page = await newVisitorPage(site.browser);
    await watchFirstPaint(page);
    const requests: string[] = [];
    page.on('request', (request) => /\/m2\/|mesura-personalize/.test(request.url()) && requests.push(request.url()));
    await page.goto(`${site.server.baseUrl}${ARTICLE}`);
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    expect((await frames(page)).hiddenSeen).toBe(false);
    await page.close();
  });

  it("a single-page-app view of /el-temps/: the site's rule asks for its mbox, the body hides (opacity 0) until the layout offer is in place", async () => {
    const page = await newVisitorPage(site.browser, accepted());
    await page.goto(`${site.server.baseUrl}/`);
    // The home page's own global request done and shown, so that what follows is the route change's.
    await page.waitForFunction(
      () => (window as { mesuraPersonalize?: unknown }).mesuraPersonalize !== undefined && document.cookie.includes('mesura_fid=') && document.getElementById('mesura-personalize-hiding') === null,
    );
    // From the click on: the hiding style with its opacity, and the forecast's inline display (which
    // only the offer sets: the site's stylesheet has its own grid) at the first frame without it.
    await page.evaluate(() => {
      const seen = { hidingCss: '', displayWhenShown: '' };
      (window as unknown as { spa$: typeof seen }).spa$ = seen;
      new MutationObserver(() => {
        const style = document.getElementById('mesura-personalize-hiding');
        if (style) seen.hidingCss = style.textContent ?? '';
      }).observe(document.head, { childList: true });
      const sample = () => {
        const forecast = document.querySelector('ul.forecast');
        if (seen.hidingCss && !document.getElementById('mesura-personalize-hiding') && forecast) {
          seen.displayWhenShown = (forecast as HTMLElement).style.display;
          return;
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    const asked = page.waitForRequest((r) => r.url().includes('/m2/') && new URL(r.url()).searchParams.get('mbox') === 'mesura-el-temps');
    await page.click('a[href="/el-temps/"]');
    await asked;
    const spa = () => page.evaluate(() => (window as unknown as { spa$: { hidingCss: string; displayWhenShown: string } }).spa$);
    await expect.poll(async () => (await spa()).displayWhenShown, { timeout: 10_000 }).toBe('grid');
    expect((await spa()).hidingCss.replace(/\s/g, '')).toBe('body{opacity:0!important}');
    await page.close();
  });
});
