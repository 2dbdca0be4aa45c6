// The reports benchmark: fills a fresh store with synthetic page views and link hits over the last
// 30 days through the store's own load path (ingest-log segments of HitRow lines, loaded by
// Store.loadSegment as the collector's loader does), then starts the built server on that data and
// asks every report of the console REPORT_RUNS times over HTTP, as the console does. Prints each
// report's p50 and p95 and, last, the worst p95: `reports: worst p95 N ms on M events`. The goal
// is p95 ≤ 200 ms on 10 M events. Stops by itself.
// Usage: npm run bench:reports [-- events]   (default 10 000 000; fewer for a quick look)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '../packages/media/dist/replay/seeded-random.js';
import { SITE_VARIABLE_MAP, variableNames } from '../packages/protocol/dist/index.js';
import { openDuckDbStore } from '../server/dist/store/duckdb-store.js';
import { apiHeaders, runBounded, startServer } from './server-process.mjs';

const EVENTS = Number(process.argv[2] ?? 10_000_000);
const REPORT_RUNS = 20;
const P95_GOAL_MS = 200;
const DAYS = 30;
const SEGMENT_ROWS = 250_000;
const PAGES = 5_000;
const VISITORS = 400_000;
const SUITE = 'mesuradev';
const HARD_LIMIT_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SECTIONS = ['noticies', 'programes', 'directes', 'radio', 'el-temps', 'cercador'];
const DEVICES = ['desktop', 'mobile', 'mobile', 'tablet'];
/** What the console asks for, over the whole 30 days. */
const REPORTS = [
  ['page views by day', 'pageviews?by=day'],
  ['page views by section', 'pageviews?by=section'],
  ['page views by page name', 'pageviews?by=pageName'],
  ['media by day', 'media?by=day'],
  ['media by content', 'media?by=content'],
  ['refusals', 'refusals?'],
];

/** Popular pages are much more popular: page n is drawn with weight about 1/n. */
const skewed = (next, size) => Math.min(size - 1, Math.floor(Math.exp(next() * Math.log(size + 1))) - 1);

const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

function hitRow(index, next, firstDayMs) {
  const page = skewed(next, PAGES);
  const section = SECTIONS[page % SECTIONS.length];
  const receivedAtMs = firstDayMs + Math.floor(next() * DAYS * DAY_MS);
  const pageView = next() < 0.85;
  const pageName = `${section}:pagina-${page}`;
  return {
    eventId: `bench-${index}`,
    reportSuite: SUITE,
    environment: 'development',
    receivedAtMs,
    day: isoDay(receivedAtMs),
    clientTimeMs: receivedAtMs,
    hitType: pageView ? 'page_view' : 'link_o',
    visitorId: `bench-visitor-${skewed(next, VISITORS)}`,
    visitorIdSource: 'mid',
    pageName,
    url: `https://mesura.cat/${section}/pagina-${page}/`,
    referrer: null,
    channel: section,
    linkUrl: pageView ? null : `https://mesura.cat/${section}/`,
    linkName: pageView ? null : 'enllaç',
    mediaType: null,
    events: pageView ? '[{"id":1,"name":"pageView"}]' : '[]',
    contextData: '{}',
    otherVariables: '{}',
    variables: { section, pageType: 'noticia', portal: 'mesura', web: 'mesura.cat', language: 'ca' },
    deviceClass: DEVICES[page % DEVICES.length],
    isBot: false,
    ipAnonymised: '192.0.2.0',
    browserName: 'Chrome',
    browserMajorVersion: '156',
    osName: 'Linux',
    userAgent: null,
    libraryVersion: 'JS-2.22.0',
    consent: 'granted',
  };
}

/** Writes the events as segments of SEGMENT_ROWS lines and loads each one; returns rows stored and seconds taken. */
async function fill(dataDir, firstDayMs) {
  const store = await openDuckDbStore(dataDir, variableNames(SITE_VARIABLE_MAP));
  // Seeded, so that two runs store the same data.
  const next = seededRandom(20261124);
  const started = performance.now();
  let stored = 0;
  try {
    for (let first = 0; first < EVENTS; first += SEGMENT_ROWS) {
      const count = Math.min(SEGMENT_ROWS, EVENTS - first);
      const lines = Array.from({ length: count }, (_, i) => JSON.stringify(hitRow(first + i, next, firstDayMs)));
      const file = path.join(dataDir, `bench-segment-${first}.ndjson`);
      writeFileSync(file, lines.join('\n') + '\n');
      stored += await store.loadSegment(file, { skipStored: false, kinds: { hits: true, heartbeats: false, decisions: false } });
      rmSync(file);
    }
  } finally {
    await store.close();
  }
  return { stored, seconds: (performance.now() - started) / 1000 };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function timeReport(base, headers, query) {
  const timings = [];
  for (let run = 0; run < REPORT_RUNS; run++) {
    const started = performance.now();
    const answer = await fetch(`${base}/api/reports/${query}`, { headers });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${query} answered ${answer.status}`);
    timings.push(performance.now() - started);
  }
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

let child;
async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-reports-'));
  try {
    const today = Date.parse(isoDay(Date.now()));
    const firstDayMs = today - DAYS * DAY_MS;
    const { stored, seconds } = await fill(dataDir, firstDayMs);
    console.log(`bench:reports: ${stored} events over ${DAYS} days loaded in ${seconds.toFixed(1)} s (${Math.round(stored / seconds)} rows/s)`);
    const server = await startServer(dataDir);
    child = server.child;
    const base = `http://127.0.0.1:${server.port}`;
    const headers = await apiHeaders(server.port);
    const range = `from=${isoDay(firstDayMs)}&to=${isoDay(today)}&suite=${SUITE}`;
    console.log('report'.padEnd(26), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8));
    let worst = 0;
    for (const [name, query] of REPORTS) {
      const { p50, p95 } = await timeReport(base, headers, `${query}&${range}`);
      worst = Math.max(worst, p95);
      console.log(name.padEnd(26), p50.toFixed(0).padStart(8), p95.toFixed(0).padStart(8));
    }
    console.log(`goal: p95 ≤ ${P95_GOAL_MS} ms for every report`);
    console.log(`reports: worst p95 ${worst.toFixed(0)} ms on ${stored} events`);
  } finally {
    child?.kill('SIGTERM');
    await new Promise((resolve) => (child ? child.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBounded('bench:reports', main, HARD_LIMIT_MS, () => child);
