// Saves every page type of the site (e2e/page-types.json) at 1280 px and 360 px wide as
// docs/screenshots/{page}-{width}.jpg (JPEG, at most two screens long: the set stays a few MB): the
// built server on 127.0.0.1 with an empty data folder, Debian's Chromium, a visitor who has
// accepted cookies (no banner over the page). Then fills the server with the demo's traffic and
// saves every page of the console (scripts/screenshots-console.mjs). Stops by itself.
// Usage: npm run screenshots
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CONSENT_COOKIE_NAME, acceptAll, createVendorList, encodeChoice } from '@mesura/consent';
import { runBounded, startServer } from '@mesura/bench/server-process';
import { fillWithDemo, shootConsole } from './screenshots-console.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'docs/screenshots');
const WIDTHS_PX = [1280, 360];
const VIEWPORT_HEIGHT_PX = 900;
const JPEG_QUALITY = 65;
/** A page is shot down to at most two screens: what a visitor sees first, without megabytes of rails. */
const MAX_SHOT_HEIGHT_PX = 2 * VIEWPORT_HEIGHT_PX;
/** After the app has rendered: images decoded, players' first frames in place (players keep the network busy, so no idle wait). */
const SETTLE_MS = 1500;
const HARD_LIMIT_MS = 1_800_000;
const PAGES = JSON.parse(readFileSync(path.join(ROOT, 'e2e/page-types.json'), 'utf8')).pages;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

let child;
async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-screenshots-'));
  const server = await startServer(dataDir);
  child = server.child;
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({ executablePath: process.env.MESURA_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  mkdirSync(OUT_DIR, { recursive: true });
  const gvl = createVendorList();
  const consent = encodeChoice(acceptAll(gvl), { gvl, now: Date.now() });
  try {
    for (const width of WIDTHS_PX) {
      const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT_PX }, locale: 'ca-ES' });
      await context.addCookies([{ name: CONSENT_COOKIE_NAME, value: consent, url: base }]);
      const page = await context.newPage();
      for (const { name, path: pagePath } of PAGES) {
        await page.goto(base + pagePath, { waitUntil: 'load' });
        await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
        // Lazy images load as they come into view: the whole page passes through it first.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForTimeout(SETTLE_MS);
        const file = path.join(OUT_DIR, `${name}-${width}.jpg`);
        const height = Math.min(MAX_SHOT_HEIGHT_PX, await page.evaluate(() => document.documentElement.scrollHeight));
        await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height }, type: 'jpeg', quality: JPEG_QUALITY });
        console.log(`screenshots: ${path.relative(ROOT, file)}`);
      }
      await context.close();
    }
    await fillWithDemo(server.port, dataDir);
    await shootConsole(browser, base, OUT_DIR);
  } finally {
    await browser.close();
    // The server flushes to its data folder as it stops: the folder goes only once it has exited.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBounded('screenshots', main, HARD_LIMIT_MS, () => child);
