// Activity results over time: the store's per-day query (server/src/store/queries/activity-results.ts)
// on an activity with many decision events. Fills a temporary DuckDB store through the ingest
// log's loader with EVENTS decision events of one A/B activity (two impressions per visitor, one
// visitor in five clicking) spread over the last 60 days, plus as many events of another activity,
// then times the 30-day and the 366-day query and, beside them, the activity report's query.
// Prints the median and the slowest of RUNS runs each. Usage: npm run build && node
// bench/activity-over-time.mjs [events [runs]]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDuckDbStore, storeSegment } from '@mesura/server/tooling';

const EVENTS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 7);
const DAY_MS = 86_400_000;
const SPREAD_DAYS = 60;
const NOW = Date.now();

const activity = {
  id: 'prova',
  name: 'Prova',
  type: 'ab',
  status: 'active',
  mboxes: ['prova'],
  priority: 0,
  reshuffle: 0,
  experiences: [
    { id: 'a', name: 'A', share: 1 },
    { id: 'b', name: 'B', share: 1 },
  ],
  goal: { type: 'click', selector: '.cta' },
};

/** NDJSON decision records as the delivery handler writes them to the ingest log. */
function segment(activityId, events, seed) {
  const lines = [];
  let decisions = 0;
  for (let n = 0; lines.length < events; n++) {
    const visitorKey = `${seed}${n.toString(16).padStart(31, '0')}`;
    const experienceId = n % 2 === 0 ? 'a' : 'b';
    const firstMs = NOW - Math.floor((((n * 7919) % (SPREAD_DAYS * 1000)) / 1000) * DAY_MS);
    const record = (type, atMs) =>
      JSON.stringify({ kind: 'decision', decisionId: `${seed}-${decisions++}`, type, activityId, experienceId, visitorKey, analyticsVisitorId: null, mbox: activityId, atMs });
    lines.push(record('impression', firstMs), record('impression', firstMs + 3_600_000));
    if (n % 5 === 0) lines.push(record('conversion', firstMs + 7_200_000));
  }
  return `${lines.slice(0, events).join('\n')}\n`;
}

async function time(label, run) {
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(28)} median ${ms[Math.floor(RUNS / 2)].toFixed(1)} ms, slowest ${ms.at(-1).toFixed(1)} ms`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-over-time-'));
const store = await openDuckDbStore(dataDir, [], 'Europe/Madrid');
try {
  const file = path.join(dataDir, 'decisions.ndjson');
  writeFileSync(file, segment('prova', EVENTS, '1') + segment('altra', EVENTS, '2'));
  const loaded = await storeSegment(store, { file, kinds: { hits: false, heartbeats: false, decisions: true } }, { skipStored: false });
  console.log(`${loaded} decision events stored (${EVENTS} of the measured activity)`);
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const last30 = { from: day(NOW - 29 * DAY_MS), to: day(NOW) };
  const year = { from: day(NOW - 365 * DAY_MS), to: day(NOW) };
  const rows = await store.experienceDayCounts(activity, last30);
  console.log(`30 days: ${rows.length} day rows, ${rows.reduce((s, r) => s + r.visitors, 0)} visitors`);
  await time('over time, 30 days', () => store.experienceDayCounts(activity, last30));
  await time('over time, 366 days', () => store.experienceDayCounts(activity, year));
  await time('report (all time)', () => store.experienceCounts(activity));
} finally {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
