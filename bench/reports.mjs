// The reports benchmark: fills a fresh store with realistic synthetic traffic over the last 30 days
// (bench/reports-traffic.mjs: site hits; bench/reports-media-traffic.mjs: media heartbeats and
// their start hits) through the store's own load path (ingest-log segments of HitRow and
// HeartbeatRow lines, stored by storeSegment as the collector's loader does), then starts the built server
// on that data and, while beacons keep arriving (bench/reports-ingest.mjs), asks every report of
// the console's catalogue REPORT_RUNS times over HTTP, as the console does, with filters and
// comparisons among them. Prints each report's p50 and p95 and, last, the worst p95:
// `reports: worst p95 N ms on M events`. The goal is p95 ≤ 200 ms on 10 M events. Stops by itself.
// Usage: npm run bench:reports [-- events]   (default 10 000 000; fewer for a quick look)
// BENCH_REPORTS_DATA_DIR=/some/dir keeps the filled store there and, when it already holds one,
// asks the reports of that store without filling again (for trying a query change quickly); a
// store filled by an older version of this fill (FILL_VERSION) is refused. The traffic ends at the
// start of the current hour: nothing is received in the future, as nothing real is.
// BENCH_REPORTS_ONLY=content/page asks only the reports whose name starts with it (trying one
// report's change quickly), or with one of several such prefixes separated by commas; a prefix may
// go on past the name into the ask's parameters after a space (`content/pages s=`); the worst p95
// printed is then theirs alone.
//
// The mix: MEDIA_SHARE of the events are media rows (heartbeats, and one start hit per play), the
// rest site hits. A broadcaster's collector mostly receives heartbeats (a 10-minute play sends
// about 60 at the tracker's 10 s cadence, an ad one a second); 60 % is what a news site with video
// and radio sees with about one play for every twenty visits, and keeps the page and visit reports
// on 4 M hits. Every media report then reads millions of heartbeats, as on the real collector.
// Since fill version 5 the site hits hold an engagement hit after 95 % of page views (/mesura.js
// sends one per page view), within the same 4 M: of 10 M events, about 1.9 M page views, 1.8 M
// engagement hits and 0.3 M link hits, where version 4 had 3.45 M page views and 0.55 M link hits
// (links per page view and everything else unchanged).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDuckDbStore, storeSegment } from '@mesura/server/tooling';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { mediaTrafficByHour } from './reports-media-traffic.mjs';
import { hitTrafficByHour } from './reports-traffic.mjs';
import { apiHeaders, runBounded, startServer } from './server-process.mjs';

const EVENTS = Number(process.argv[2] ?? 10_000_000);
const REPORT_RUNS = 20;
const P95_GOAL_MS = 200;
const DAYS = 30;
const SEGMENT_ROWS = 250_000;
const SUITE = 'mesuradev';
const HARD_LIMIT_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Share of the events that are media rows (see the mix above). */
const MEDIA_SHARE = 0.6;
/**
 * Written beside a kept store: what filled it and when its traffic ends. Version 5 adds the
 * engagement hits (the mix above), which version 4 lacked. Version 3 ends the traffic at the hour
 * the fill began; version 2 ran on to the end of that day (traffic received in the future, which
 * made every load read it again); version 1 (no file) had no heartbeats.
 */
const FILL_FILE = 'bench-reports-fill.json';
const FILL_VERSION = 5;
const HOUR_MS = 3_600_000;
/** Beacons per second arriving while the reports are asked (a national broadcaster's busy hour is a few hundred). */
const INGEST_RATE_PER_S = 300;
const INGEST_MAX_S = 900;
/** Parameters of the reports that need one, and the filtered or compared asks the console makes too. */
const REPORT_PARAMS = {
  'content/subsections': 'section=noticies',
  'acquisition/referrers': 'group=cercadors',
  'engagement/event-links': 'event=3',
  'geography/regions': 'country=ES',
  'geography/provinces': 'region=Catalonia',
  'geography/cities': 'region=Catalonia',
  // The fill's most viewed page (reports-traffic.mjs page(0)): the paths' dearest ask.
  'content/page-previous': `page=${encodeURIComponent('https://mesura.cat/noticies/politica/pagina-0/')}`,
  'content/page-next': `page=${encodeURIComponent('https://mesura.cat/noticies/politica/pagina-0/')}`,
  'content/entry-paths': `entry=${encodeURIComponent('https://mesura.cat/noticies/politica/pagina-0/')}`,
};
const EXTRA_ASKS = [
  ['audience/by-day', 'f=device:mobile'],
  ['audience/by-day', 'compare=previous&f=section:noticies&f=login:no%20logat'],
  ['content/pages', 'compare=previous'],
  ['content/pages', 'f=section:esports&f=device:desktop'],
  ['media/live-viewers-per-minute', 'channel=mesura-tv'],
  ['media/plays-by-day', 'f=device:mobile'],
  ['media/plays-by-content', 'compare=previous'],
  ['geography/countries', 'compare=previous&f=device:mobile'],
  ['audience/visit-duration', 'compare=previous&f=device:mobile'],
  ['content/engaged-pages', 'f=device:mobile'],
  // The 4-step funnels defined below (FUNNELS), over the month, and where the lost went.
  ['funnels/steps', 'funnel=bench-visit'],
  ['funnels/steps', 'funnel=bench-week&compare=previous'],
  ['funnels/lost', 'funnel=bench-visit&step=2'],
  // The goals defined below (GOALS): conversions per day, and by source with the previous period.
  ['goals/by-day', 'goal=bench-sports'],
  ['goals/by-source', 'goal=bench-share&compare=previous'],
  ['goals/by-entry-page', 'goal=bench-sports'],
  // The segments defined below (SEGMENTS) over the month: a visit attribute and a page seen.
  ['audience/by-day', 's=bench-mobile'],
  ['content/pages', 's=bench-sports-readers'],
  ['acquisition/referrer-groups', 's=bench-sports-readers&compare=previous'],
  ['funnels/steps', 'funnel=bench-visit&s=bench-mobile'],
];

/**
 * Four steps every visit of the fill may take (reports-traffic.mjs): a news page, the most viewed
 * page, a sports page, then a share (event 3): within a visit, and across a week.
 */
const FUNNEL_STEPS = [
  { type: 'page', name: 'Notícies', url: '*/noticies/*', match: 'pattern' },
  { type: 'page', name: 'Pàgina 0', url: 'https://mesura.cat/noticies/politica/pagina-0/', match: 'exact' },
  { type: 'page', name: 'Esports', url: '*/esports/*', match: 'pattern' },
  { type: 'call', name: 'Compartir', call: '3' },
];
const FUNNELS = [
  { id: 'bench-visit', name: 'Quatre passos en una visita', scope: 'visit', steps: FUNNEL_STEPS },
  { id: 'bench-week', name: 'Quatre passos en una setmana', scope: 'days', days: 7, steps: FUNNEL_STEPS },
];

/** Two goals every visit of the fill may reach (reports-traffic.mjs): a sports page seen, a share (event 3). */
const GOALS = [
  { id: 'bench-sports', name: 'Esports', type: 'page', url: '*/esports/*', match: 'pattern' },
  { id: 'bench-share', name: 'Compartir', type: 'call', call: '3' },
];

/** Two shared segments of the fill's visitors (reports-traffic.mjs): on a phone, and who read a sports page. */
const SEGMENTS = [
  { id: 'bench-mobile', name: 'Mòbil', shared: true, match: 'all', groups: [{ match: 'all', conditions: [{ type: 'visit', attribute: 'device', value: 'mobile' }] }] },
  { id: 'bench-sports-readers', name: 'Lectors d’esports', shared: true, match: 'all', groups: [{ match: 'all', conditions: [{ type: 'page', url: '*/esports/*', match: 'pattern' }] }] },
];

/** Defines SEGMENTS on the server (PUT replaces). */
async function defineSegments(base, headers) {
  for (const segment of SEGMENTS) {
    const answer = await fetch(`${base}/api/segments/${segment.id}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(segment) });
    if (!answer.ok) throw new Error(`defining the segment ${segment.id} answered ${answer.status}: ${await answer.text()}`);
  }
}

/** Defines GOALS on the server (a kept store may hold them already: PUT replaces). */
async function defineGoals(base, headers) {
  for (const goal of GOALS) {
    const answer = await fetch(`${base}/api/goals/${goal.id}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(goal) });
    if (!answer.ok) throw new Error(`defining the goal ${goal.id} answered ${answer.status}: ${await answer.text()}`);
  }
}

/** Defines FUNNELS on the server (a kept store may hold them already: PUT replaces). */
async function defineFunnels(base, headers) {
  for (const funnel of FUNNELS) {
    const answer = await fetch(`${base}/api/funnels/${funnel.id}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(funnel) });
    if (!answer.ok) throw new Error(`defining the funnel ${funnel.id} answered ${answer.status}: ${await answer.text()}`);
  }
}

const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Site hits and media rows hour by hour, in receive order, as segments of about SEGMENT_ROWS lines. */
async function* segments(firstDayMs) {
  const mediaEvents = Math.round(EVENTS * MEDIA_SHARE);
  const media = mediaTrafficByHour({ events: mediaEvents, days: DAYS, firstDayMs });
  let batch = [];
  for (const hourHits of hitTrafficByHour({ events: EVENTS - mediaEvents, days: DAYS, firstDayMs })) {
    const { value: hourMedia = [] } = await media.next();
    batch.push(...[...hourHits, ...hourMedia].sort((a, b) => a.receivedAtMs - b.receivedAtMs));
    if (batch.length >= SEGMENT_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Writes the traffic as segments and loads each one; returns rows stored, heartbeats among them and seconds taken. */
async function fill(dataDir, firstMs) {
  const store = await openDuckDbStore(dataDir, variableNames(SITE_VARIABLE_MAP));
  const started = performance.now();
  let stored = 0;
  let heartbeats = 0;
  try {
    let n = 0;
    for await (const rows of segments(firstMs)) {
      const file = path.join(dataDir, `bench-segment-${n++}.ndjson`);
      writeFileSync(file, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
      stored += await storeSegment(store, { file, kinds: { hits: true, heartbeats: true, decisions: false } }, { skipStored: false });
      heartbeats += rows.filter((row) => row.kind === 'heartbeat').length;
      rmSync(file);
    }
  } finally {
    await store.close();
  }
  writeFileSync(path.join(dataDir, FILL_FILE), `${JSON.stringify({ version: FILL_VERSION, events: stored, heartbeats, endMs: firstMs + DAYS * DAY_MS })}\n`);
  return { stored, heartbeats, seconds: (performance.now() - started) / 1000 };
}

/** The kept store's fill, or a one-line refusal when an older version of the fill made it. */
function keptFill(dir) {
  const file = path.join(dir, FILL_FILE);
  const fill = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { version: 1 };
  if (fill.version !== FILL_VERSION) {
    throw new Error(`${dir} holds a store of fill version ${fill.version}, not ${FILL_VERSION}: delete it (or name another BENCH_REPORTS_DATA_DIR) to fill it again`);
  }
  return fill;
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

/** Every report of the server's catalogue, with its parameters, then the filtered and compared asks. */
async function asksOf(base, headers) {
  const answer = await fetch(`${base}/api/reports/catalogue`, { headers });
  if (!answer.ok) throw new Error(`the catalogue answered ${answer.status}`);
  const catalogue = await answer.json();
  const asks = catalogue.map(({ report }) => [report, REPORT_PARAMS[report] ?? '']);
  return [...asks, ...EXTRA_ASKS];
}

/** Starts the beacons that keep arriving while reports are asked; resolves to a stop function. */
function startIngest(port) {
  const ingest = spawn(process.execPath, [path.join(import.meta.dirname, 'reports-ingest.mjs'), String(port), String(INGEST_RATE_PER_S), String(INGEST_MAX_S)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return () => {
    ingest.kill('SIGTERM');
    return new Promise((resolve) => ingest.once('exit', resolve));
  };
}

let child;
async function main() {
  const kept = process.env.BENCH_REPORTS_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'mesura-bench-reports-'));
  try {
    let endMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    let stored = EVENTS;
    if (kept && existsSync(path.join(kept, 'mesura.duckdb'))) {
      const filled = keptFill(kept);
      stored = filled.events;
      endMs = filled.endMs;
      console.log(`bench:reports: asking the store kept in ${kept} (${stored} events, ${filled.heartbeats} of them heartbeats)`);
    } else {
      if (kept) mkdirSync(kept, { recursive: true });
      const filled = await fill(dataDir, endMs - DAYS * DAY_MS);
      stored = filled.stored;
      console.log(`bench:reports: ${stored} events (${filled.heartbeats} heartbeats) over ${DAYS} days loaded in ${filled.seconds.toFixed(1)} s (${Math.round(stored / filled.seconds)} rows/s)`);
    }
    const server = await startServer(dataDir);
    child = server.child;
    const base = `http://127.0.0.1:${server.port}`;
    const headers = await apiHeaders(server.port);
    const range = `from=${isoDay(endMs - DAYS * DAY_MS)}&to=${isoDay(endMs - 1)}&suite=${SUITE}`;
    await defineFunnels(base, headers);
    await defineGoals(base, headers);
    await defineSegments(base, headers);
    const only = process.env.BENCH_REPORTS_ONLY;
    const prefixes = only?.split(',');
    const asks = (await asksOf(base, headers)).filter(([report, params]) => prefixes === undefined || prefixes.some((p) => `${report} ${params}`.startsWith(p)));
    const stopIngest = startIngest(server.port);
    console.log(`while ${INGEST_RATE_PER_S} beacons/s arrive:`);
    console.log('report'.padEnd(70), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8));
    let worst = 0;
    try {
      for (const [report, params] of asks) {
        const { p50, p95 } = await timeReport(base, headers, `${report}?${range}${params ? `&${params}` : ''}`);
        worst = Math.max(worst, p95);
        console.log(`${report}${params ? ` ${decodeURIComponent(params)}` : ''}`.padEnd(70), p50.toFixed(0).padStart(8), p95.toFixed(0).padStart(8));
      }
    } finally {
      await stopIngest();
    }
    console.log(`goal: p95 ≤ ${P95_GOAL_MS} ms for every report`);
    console.log(`reports: worst p95 ${worst.toFixed(0)} ms on ${stored} events`);
  } finally {
    child?.kill('SIGTERM');
    await new Promise((resolve) => (child ? child.once('exit', resolve) : resolve()));
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

runBounded('bench:reports', main, HARD_LIMIT_MS, () => child);
