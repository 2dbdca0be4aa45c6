// What one segment load of the embedded store costs, statement by statement (docs/capacity.md):
// stores a history into a fresh DuckDB store, then LOADS more segments of the same traffic, each
// timed statement by statement through the store's load timing (load-statement-times.ts), and
// prints each statement's median wall time and process CPU over those loads, and the loads' total.
// In process, so a statement's CPU is the store's (DuckDB's threads) and no server's.
//
// Traffic:
// - `ingest` (default): what `npm run bench:ingest` sends: page views of 5,000 visitors on 300
//   pages at INGEST_RATE_PER_S (3,000/s unless given: about what it holds), one segment per
//   LOAD_INTERVAL_S (the store loader's interval); a low rate shows what a load costs whatever its rows.
// - `mix`: the storage mix (bench/storage.mjs: page views, link hits, engagement hits, media
//   heartbeats and start hits, decisions) over one day, one segment per MIX_SEGMENT_ROWS rows.
// BENCH_LOAD_KEPT_MATCHES=1 keeps, before the loads, what bench/reports.mjs's saved goals and
// funnels keep (server/src/store/duckdb/kept-hit-matches.ts): page and call matches, so that each
// load appends their rows as a store with saved goals and funnels does.
// Usage: node bench/load-statements.mjs [ingest|mix] [loads] [ingest beacons/s]   (after npm run build)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore, storeSegment } from '@mesura/server/tooling';
import { createDecisionTraffic } from './decision-traffic.mjs';
import { mediaTrafficByHour } from './reports-media-traffic.mjs';
import { hitTrafficByHour } from './reports-traffic.mjs';

const SCENARIO = process.argv[2] ?? 'ingest';
const LOADS = Number(process.argv[3] ?? 10);
const INGEST_RATE_PER_S = Number(process.argv[4] ?? 3_000);
const LOAD_INTERVAL_S = 5;
const INGEST_HISTORY_LOADS = 4;
const MIX_EVENTS = 400_000;
const MIX_SEGMENT_ROWS = 5_000;
const MIX_HISTORY_ROWS = 250_000;
const DAY_MS = 86_400_000;

/**
 * Matches as saved goals and funnel steps name them (an address, a pattern, a call), on the
 * ingest traffic's addresses: their conditions are constants of this file.
 */
const KEPT_MATCHES = [
  { table: 'page', condition: `url = 'http://localhost/noticia/1/'` },
  { table: 'page', condition: `url LIKE 'http://localhost/noticia/1%' ESCAPE '\\'` },
  { table: 'page', condition: `url LIKE '%/esports/%' ESCAPE '\\'` },
  { table: 'page', condition: `url = 'http://localhost/'` },
  { table: 'link', condition: `hit_type IN ('link_o', 'link_d', 'link_e') AND call = '3'` },
  { table: 'link', condition: `hit_type = 'media_start'` },
].map((match) => ({ ...match, key: `${match.table}: ${match.condition}` }));

const kindOf = (row) => (!('kind' in row) ? 'hits' : row.kind === 'decision' ? 'decisions' : 'heartbeats');

/** bench:ingest's beacons as the collector logs them: a page view of visitor n % 5000 on page n % 300, received at `atMs`. */
function ingestSegments(count) {
  const template = [...hitTrafficByHour({ events: 10, days: 1, firstDayMs: Date.now() - DAY_MS })].flat().find((row) => row.hitType === 'page_view');
  const perLoad = INGEST_RATE_PER_S * LOAD_INTERVAL_S;
  const startMs = Date.now() - count * LOAD_INTERVAL_S * 1000;
  const segments = [];
  for (let load = 0; load < count; load++) {
    const rows = [];
    for (let i = 0; i < perLoad; i++) {
      const n = load * perLoad + i;
      const atMs = startMs + Math.floor((n * 1000) / INGEST_RATE_PER_S);
      rows.push({
        ...template,
        eventId: `load-bench-${n}`,
        hitType: 'page_view',
        receivedAtMs: atMs,
        clientTimeMs: atMs,
        day: new Date(atMs + 3_600_000).toISOString().slice(0, 10),
        visitorId: `load-bench-visitor-${n % 5000}`,
        pageName: `noticies:article-${n % 300}`,
        url: `http://localhost/noticia/${n % 300}/`,
        referrer: 'https://www.google.com/',
      });
    }
    segments.push(rows);
  }
  return segments;
}

/** The storage mix over one day ending now, in receive order, cut into segments of MIX_SEGMENT_ROWS. */
async function mixSegments() {
  const firstDayMs = Math.floor((Date.now() - DAY_MS) / 3_600_000) * 3_600_000;
  const media = mediaTrafficByHour({ events: Math.round(MIX_EVENTS * 0.55), days: 1, firstDayMs });
  const decisionsOf = createDecisionTraffic();
  const all = [];
  const time = (row) => row.receivedAtMs ?? row.atMs;
  for (const hourHits of hitTrafficByHour({ events: Math.round(MIX_EVENTS * 0.35), days: 1, firstDayMs })) {
    const { value: hourMedia = [] } = await media.next();
    all.push(...[...hourHits, ...hourMedia, ...decisionsOf(hourHits)].sort((a, b) => time(a) - time(b)));
  }
  const segments = [all.slice(0, MIX_HISTORY_ROWS)];
  for (let i = MIX_HISTORY_ROWS; i < all.length && segments.length <= LOADS; i += MIX_SEGMENT_ROWS) segments.push(all.slice(i, i + MIX_SEGMENT_ROWS));
  return segments;
}

function writeSegment(dir, index, rows) {
  const file = path.join(dir, `${String(index).padStart(12, '0')}.ndjson`);
  const kinds = { hits: false, heartbeats: false, decisions: false };
  for (const row of rows) kinds[kindOf(row)] = true;
  writeFileSync(file, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
  return { file, kinds };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Per statement (its label and its turn among the load's statements of that label), the median over the loads that ran it. */
function summarise(loads) {
  const rows = new Map();
  for (const { statements } of loads) {
    const seen = new Map();
    for (const s of statements) {
      const turn = (seen.get(s.label) ?? 0) + 1;
      seen.set(s.label, turn);
      const key = turn === 1 ? s.label.slice(0, 56) : `${s.label.slice(0, 50)} (${turn})`;
      if (!rows.has(key)) rows.set(key, { wall: [], cpu: [] });
      rows.get(key).wall.push(s.wallMs);
      rows.get(key).cpu.push(s.cpuMs);
    }
  }
  return rows;
}

const dir = mkdtempSync(path.join(tmpdir(), 'mesura-load-statements-'));
try {
  const segments = SCENARIO === 'mix' ? await mixSegments() : ingestSegments(INGEST_HISTORY_LOADS + LOADS);
  const history = SCENARIO === 'mix' ? 1 : INGEST_HISTORY_LOADS;
  const store = await openDuckDbStore(path.join(dir, 'data'), variableNames(SITE_VARIABLE_MAP));
  const loads = [];
  const keeps = process.env.BENCH_LOAD_KEPT_MATCHES === '1';
  if (keeps) await store.keepHitMatches(KEPT_MATCHES);
  try {
    for (let i = 0; i < segments.length; i++) {
      const segment = writeSegment(dir, i, segments[i]);
      store.timeLoadStatements(i >= history ? (load) => loads.push({ ...load, rows: segments[i].length }) : undefined);
      await storeSegment(store, segment, { skipStored: false });
    }
  } finally {
    await store.close();
  }
  const rowsPerLoad = median(loads.map((l) => l.rows));
  console.log(
    `load statements: ${SCENARIO}, ${loads.length} timed loads of ${rowsPerLoad} rows after ${history} untimed${keeps ? `, ${KEPT_MATCHES.length} matches kept` : ''}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${'statement'.padEnd(56)} ${'runs'.padStart(4)} ${'wall ms'.padStart(8)} ${'cpu ms'.padStart(8)}`);
  for (const [label, { wall, cpu }] of summarise(loads)) {
    console.log(`${label.slice(0, 56).padEnd(56)} ${String(wall.length).padStart(4)} ${median(wall).toFixed(1).padStart(8)} ${median(cpu).toFixed(1).padStart(8)}`);
  }
  const totals = loads.map((l) => ({ wall: l.statements.reduce((a, s) => a + s.wallMs, 0), cpu: l.statements.reduce((a, s) => a + s.cpuMs, 0), count: l.statements.length }));
  console.log(
    `per load (median): ${median(totals.map((t) => t.count))} statements, wall ${median(totals.map((t) => t.wall)).toFixed(0)} ms, CPU ${median(totals.map((t) => t.cpu)).toFixed(0)} ms ` +
      `(${((median(totals.map((t) => t.cpu)) * 1000) / rowsPerLoad).toFixed(1)} µs a row)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
