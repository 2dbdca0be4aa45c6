// Browser half of the personalisation benchmark: how long the body stays hidden
// on a personalised page, from the moment the head snippet hides it to the first frame it is
// visible again with the offer in place. Starts the built server on 127.0.0.1, loads an article with
// a headline test N times in Debian's Chromium as a visitor who accepted everything, with and
// without the site in the browser's caches (see `sample`), and prints p50/p95 against the goal
// (p95 ≤ 150 ms on loopback). For scale it also prints when the article's title is first in the
// page without personalisation. Then, with the personalisation server slower than the hiding may
// wait, when the page shows against BODY_HIDDEN_TIMEOUT_MS (goal: within ±TIMEOUT_TOLERANCE_MS).
// Stops by itself.
// Usage: npm run bench:hidden [-- loads]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CONSENT_COOKIE_NAME, acceptAll, createVendorList, encodeChoice } from '@mesura/consent';
import { BODY_HIDDEN_TIMEOUT_MS } from '@mesura/personalize';
import { startServer } from './server-process.mjs';

const LOADS = Number(process.argv[2] ?? 20);
const P95_GOAL_MS = 150;
const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const HARD_LIMIT_MS = 400_000;
const WARM_UP_LOADS = 2;
/** How far from BODY_HIDDEN_TIMEOUT_MS a page held by a slow server may show (§9's timeout). */
const TIMEOUT_TOLERANCE_MS = 100;
/** The personalisation server's delay in the slow case: longer than the hiding may wait. */
const SLOW_SERVER_MS = 5000;
/** Loads of the slow case: each waits the whole timeout. */
const SLOW_LOADS = 10;

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

/** In the page, from its first script: when the article's title first exists (the site's own first render). */
function measureTitle() {
  new MutationObserver((_records, observer) => {
    if (document.querySelector('.article__title') === null) return;
    window.titleMs$ = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/**
 * `visitor`:
 * - 'returning, same tab': each load a new navigation of one tab (a reload, a link from another
 *   page) in a browser profile that has the site from earlier visits;
 * - 'returning, new tab': each load in a new tab of that profile: the HTTP cache and V8's code
 *   cache hold the site's and Mesura's scripts, but the tab's renderer starts cold;
 * - 'private window, new tab': the same in a private (off-the-record) window, which keeps the HTTP
 *   cache while it is open but compiles every script anew;
 * - 'first visit': each load in a new private window, nothing cached.
 * Profiles that have the site "from earlier visits" have loaded the page WARM_UP_LOADS times: V8
 * keeps a script's compiled code from its second load on.
 * `personalised` false: no stored choice, so neither hiding nor personalisation; what is measured
 * then is when the article's title first exists, from navigation start.
 */
async function sample(launch, baseUrl, { visitor, personalised }) {
  const gvl = createVendorList();
  const consent = encodeChoice(acceptAll(gvl), { gvl, now: Date.now() });
  const prepare = async (context) => {
    if (personalised) await context.addCookies([{ name: CONSENT_COOKIE_NAME, value: consent, url: baseUrl }]);
    return context;
  };
  const load = async (page) => {
    await page.goto(`${baseUrl}${ARTICLE}`);
    const figure = personalised ? 'hiddenMs$' : 'titleMs$';
    await page.waitForFunction((name) => window[name] !== undefined, figure, { timeout: 10_000 });
    return page.evaluate((name) => window[name], figure);
  };
  const newPage = async (context) => {
    const page = await context.newPage();
    await page.addInitScript(personalised ? measureHidden : measureTitle);
    return page;
  };
  const figures = [];
  const privateWindow = async () => prepare(await launch.browser.newContext());
  const shared = visitor === 'first visit' ? undefined : visitor.startsWith('private') ? await privateWindow() : await prepare(await launch.profile());
  const sameTab = visitor === 'returning, same tab' ? await newPage(shared) : undefined;
  for (let i = 0; shared && i < WARM_UP_LOADS; i++) {
    const warmUp = sameTab ?? (await newPage(shared));
    await load(warmUp);
    if (!sameTab) await warmUp.close();
  }
  for (let i = 0; i < LOADS; i++) {
    const context = shared ?? (await privateWindow());
    const page = sameTab ?? (await newPage(context));
    figures.push(await load(page));
    if (!sameTab) await page.close();
    if (!shared) await context.close();
  }
  await shared?.close();
  return figures.sort((a, b) => a - b);
}

/**
 * A returning visitor's tab whose personalisation requests (/m2/) the server answers only after
 * SLOW_SERVER_MS: how long the body stays hidden, against BODY_HIDDEN_TIMEOUT_MS.
 */
async function sampleSlowServer(launch, baseUrl) {
  const gvl = createVendorList();
  const context = await launch.browser.newContext();
  await context.addCookies([{ name: CONSENT_COOKIE_NAME, value: encodeChoice(acceptAll(gvl), { gvl, now: Date.now() }), url: baseUrl }]);
  await context.route('**/m2/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_SERVER_MS));
    await route.continue().catch(() => undefined);
  });
  const figures = [];
  for (let i = 0; i < SLOW_LOADS; i++) {
    const page = await context.newPage();
    await page.addInitScript(measureHidden);
    await page.goto(`${baseUrl}${ARTICLE}`);
    await page.waitForFunction(() => window.hiddenMs$ !== undefined, undefined, { timeout: SLOW_SERVER_MS + 5_000 });
    figures.push(await page.evaluate(() => window.hiddenMs$));
    await page.close();
  }
  await context.close();
  return figures.sort((a, b) => a - b);
}

const summary = (sorted) => `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-hidden-'));
  const server = await startServer(dataDir);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const options = {
    executablePath: process.env.MESURA_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  };
  const browser = await chromium.launch(options);
  // A browser profile of its own (a user data folder) for each returning visitor, as a visitor's browser has.
  const profile = () => chromium.launchPersistentContext(mkdtempSync(path.join(dataDir, 'profile-')), options);
  const launch = { browser, profile };
  try {
    for (const visitor of ['returning, same tab', 'returning, new tab', 'private window, new tab', 'first visit']) {
      const hidden = await sample(launch, baseUrl, { visitor, personalised: true });
      const title = await sample(launch, baseUrl, { visitor, personalised: false });
      const verdict = percentile(hidden, 95) <= P95_GOAL_MS ? 'goal met' : 'goal NOT met';
      console.log(`${visitor}, ${LOADS} loads: body hidden ${summary(hidden)} (goal p95 ≤ ${P95_GOAL_MS} ms: ${verdict})`);
      console.log(`${visitor}, ${LOADS} loads, without personalisation: article title first in the page ${summary(title)} after navigation start`);
    }
    const slow = await sampleSlowServer(launch, baseUrl);
    const worstMs = Math.max(...slow.map((ms) => Math.abs(ms - BODY_HIDDEN_TIMEOUT_MS)));
    const verdict = worstMs <= TIMEOUT_TOLERANCE_MS ? 'goal met' : 'goal NOT met';
    console.log(
      `server slower than the timeout (${SLOW_SERVER_MS} ms), ${SLOW_LOADS} loads: body hidden ${summary(slow)}; ` +
        `farthest from ${BODY_HIDDEN_TIMEOUT_MS} ms by ${worstMs.toFixed(1)} ms (goal ≤ ${TIMEOUT_TOLERANCE_MS} ms: ${verdict})`,
    );
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
