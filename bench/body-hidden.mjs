// Browser half of the personalisation benchmark (issue 7 item 14): how long the body stays hidden
// on a personalised page, from the moment the head snippet hides it to the first frame it is
// visible again with the offer in place. Starts the built server on 127.0.0.1, loads an article with
// a headline test N times in Debian's Chromium (a returning visitor who accepted everything), and
// prints p50/p95 against the goal (p95 ≤ 150 ms on loopback). Stops by itself.
// Usage: npm run bench:hidden [-- loads]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CONSENT_COOKIE_NAME, acceptAll, createVendorList, encodeChoice } from '@mesura/consent';
import { startServer } from './server-process.mjs';

const LOADS = Number(process.argv[2] ?? 20);
const P95_GOAL_MS = 150;
const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const HARD_LIMIT_MS = 120_000;

/** In the page, from its first script: ms between the hiding style appearing and the first visible frame. */
function measureHidden() {
  let hiddenAt;
  // The style may come and go between two frames: the observer sees it anyway.
  new MutationObserver((records) => {
    const added = records.some((r) => [...r.addedNodes].some((n) => n.id === 'mesura-personalize-hiding'));
    if (added && hiddenAt === undefined) hiddenAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
  const sample = () => {
    const hidden = document.getElementById('mesura-personalize-hiding') !== null;
    if (hidden && hiddenAt === undefined) hiddenAt = performance.now();
    if (!hidden && hiddenAt !== undefined && document.body) {
      window.hiddenMs$ = performance.now() - hiddenAt;
      return;
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-hidden-'));
  const server = await startServer(dataDir);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: process.env.MESURA_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const gvl = createVendorList();
    const consent = encodeChoice(acceptAll(gvl), { gvl, now: Date.now() });
    const hidden = [];
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext();
      await context.addCookies([{ name: CONSENT_COOKIE_NAME, value: consent, url: baseUrl }]);
      const page = await context.newPage();
      await page.addInitScript(measureHidden);
      await page.goto(`${baseUrl}${ARTICLE}`);
      await page.waitForFunction(() => window.hiddenMs$ !== undefined, undefined, { timeout: 10_000 });
      hidden.push(await page.evaluate(() => window.hiddenMs$));
      await context.close();
    }
    hidden.sort((a, b) => a - b);
    const p50 = percentile(hidden, 50);
    const p95 = percentile(hidden, 95);
    console.log(`body hidden over ${LOADS} loads: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${hidden.at(-1).toFixed(1)} ms (goal p95 ≤ ${P95_GOAL_MS} ms)`);
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const limit = setTimeout(() => {
  console.error(`bench did not finish within ${HARD_LIMIT_MS} ms`);
  process.exit(1);
}, HARD_LIMIT_MS);
limit.unref();
await main();
