// The site's loading benchmark: cold loads of every page type of e2e/page-types.json in Debian's Chromium
// as a new visitor (no consent yet, empty caches) against the built server on 127.0.0.1. Prints, per
// page, p75 Largest Contentful Paint and Cumulative Layout Shift over the loads, and for the home
// page the JavaScript it downloads before consent (gzip bytes, inline head script included), against
// the goals: LCP ≤ 1.0 s and CLS < 0.05 at p75, home JS ≤ 100 KB gzip. Exits 1 when a goal is
// missed. Stops by itself.
// Usage: npm run bench:site [-- loads]; BENCH_SITE_PAGES=portada,noticia measures only those page types.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { runBounded, startServer } from './server-process.mjs';

const LOADS = Number(process.argv[2] ?? 20);
const LCP_P75_GOAL_MS = 1000;
const CLS_P75_GOAL = 0.05;
const HOME_JS_GOAL_BYTES = 100 * 1024;
/** After `load`, how long the page is watched for late shifts and a later LCP candidate. */
const SETTLE_MS = 1500;
/** A cold load takes about 2.5 s with its settling: the bound allows each twice that, and the server's start. */
const LOAD_BOUND_MS = 5_000;
const START_BOUND_MS = 60_000;
const ROOT = path.resolve(import.meta.dirname, '..');
const ALL_PAGES = JSON.parse(readFileSync(path.join(ROOT, 'e2e/page-types.json'), 'utf8')).pages;
const ONLY = process.env.BENCH_SITE_PAGES?.split(',').filter(Boolean);
/** The page types measured: every one of e2e/page-types.json, or those BENCH_SITE_PAGES names. */
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.name)) : ALL_PAGES;
const HARD_LIMIT_MS = START_BOUND_MS + PAGES.length * (LOADS + 1) * LOAD_BOUND_MS;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
/** The user agent of the same Chromium with a head: the collector flags HeadlessChrome as a bot. */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** In the page before its own scripts: the latest LCP candidate and the sum of unexpected shifts. */
function observeVitals() {
  window.vitals$ = { lcpMs: undefined, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.vitals$.lcpMs = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.vitals$.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** One cold load of `url` in a new context: its vitals, and the JS it fetched (gzip bytes). */
async function coldLoad(browser, url) {
  const context = await browser.newContext({ userAgent: USER_AGENT, locale: 'ca-ES', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(observeVitals);
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(
        response
          .body()
          .then((body) => gzipSync(body).length)
          .catch(() => 0),
      );
  });
  const document = await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  const vitals = await page.evaluate(() => window.vitals$);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript')
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  const jsBytes = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0) + gzipSync(inline).length;
  await context.close();
  if (!document?.ok() && document?.status() !== 404) throw new Error(`${url} answered ${document?.status()}`);
  return { lcpMs: vitals.lcpMs ?? Number.NaN, cls: vitals.cls, jsBytes };
}

let child;
async function main() {
  const unknown = ONLY?.filter((name) => !ALL_PAGES.some((page) => page.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`bench:site: no page type named ${unknown.join(', ')} in e2e/page-types.json`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-site-'));
  const server = await startServer(dataDir);
  child = server.child;
  const browser = await chromium.launch({ executablePath: process.env.MESURA_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  const base = `http://127.0.0.1:${server.port}`;
  let missed = false;
  try {
    console.log(`bench:site: ${LOADS} cold loads per page as a new visitor, Chromium on loopback`);
    console.log('page'.padEnd(14), 'LCP p75 ms'.padStart(11), 'CLS p75'.padStart(9), 'JS gzip KB'.padStart(11));
    for (const { name, path: pagePath } of PAGES) {
      await coldLoad(browser, base + pagePath); // warms the server's first-view renderer, not the browser
      const loads = [];
      for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, base + pagePath));
      const lcp = percentile(
        loads.map((l) => l.lcpMs),
        75,
      );
      const cls = percentile(
        loads.map((l) => l.cls),
        75,
      );
      const js = percentile(
        loads.map((l) => l.jsBytes),
        75,
      );
      const over = !(lcp <= LCP_P75_GOAL_MS) || !(cls < CLS_P75_GOAL) || (pagePath === '/' && js > HOME_JS_GOAL_BYTES);
      missed ||= over;
      console.log(name.padEnd(14), lcp.toFixed(0).padStart(11), cls.toFixed(3).padStart(9), (js / 1024).toFixed(1).padStart(11), over ? '  over a goal' : '');
    }
    console.log(`goals: LCP p75 ≤ ${LCP_P75_GOAL_MS} ms, CLS p75 < ${CLS_P75_GOAL}, home JS before consent ≤ ${HOME_JS_GOAL_BYTES / 1024} KB gzip`);
  } finally {
    await browser.close();
    // The server flushes to its data folder as it stops: the folder goes only once it has exited.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed) throw new Error('bench:site: a goal was missed');
}

runBounded('bench:site', main, HARD_LIMIT_MS, () => child);
