// Holds a steady load on one server for a long time and prints, minute by minute, what an operator
// watches: the server's RSS, its heap, its event-loop delay p99 (from its /metrics) and the answers'
// p99 as the senders saw them. The load: BEACONS_PER_S page-view beacons and HEARTBEATS_PER_S
// media heartbeats, from many loopback addresses under the server's default limits; the heartbeats
// belong to sessions that start, play an ad and the content, and complete, one after another, as
// the site's viewers do. The event loop's longest hold each minute is printed too: one stall of a
// second is a single sample of its delay, far below its p99, yet holds every answer meanwhile.
// Under each minute, where the server's memory is (printMemory): anonymous pages as the V8 heap,
// external buffers, DuckDB's own accounting and the native rest, then mapped files; the RSS the
// verdict compares is the minute's mean of several readings (meanRssMiB).
// The warm-up lasts at least WARM_UP_MINUTES and until the collector's
// bounded caches (recent event ids, visitor rates: server/src/ingest/cache-fill.ts) have stopped
// growing, the memory they take by design; then the goal: RSS within ±15 % and answer p99 within
// 2× of the first steady minute. Stops by itself.
// Usage: npm run bench:soak [-- --minutes N]  (default 30)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encodeHeartbeatQuery } from '@mesura/protocol';
import { createMix } from './cluster-mix.mjs';
import { ConnectionPool } from './connection-pool.mjs';
import { heartbeat, percentile, sessionPlan } from './media-viewers.mjs';
import { readProcessMemory } from './process-memory.mjs';
import { freePort, runBounded, startServer } from './server-process.mjs';
import { readServerFigures } from './server-figures.mjs';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '30' } } });
const MINUTES = Number(values.minutes);
if (!Number.isInteger(MINUTES) || MINUTES < 1) {
  console.error(`bench:soak: --minutes must be a whole number of minutes, got '${values.minutes}'`);
  process.exit(2);
}
const BEACONS_PER_S = 500;
const HEARTBEATS_PER_S = 500;
const WARM_UP_MINUTES = Math.min(3, MINUTES - 1);
/** The caches have stopped growing when, over a minute, they grew by less than this share of their capacity. */
const CACHE_SETTLED_SHARE = 0.01;
const RSS_BAND = 0.15;
const P99_FACTOR = 2;
const TICK_MS = 10;
/** Readings of the server's RSS a minute, averaged (meanRssMiB). */
const MEMORY_SAMPLES_PER_MINUTE = 6;
const MINUTE_MS = 60_000;
const CONNECTIONS = 64;
/**
 * Requests waiting for their answer at most: the senders keep their rate whatever the server does,
 * so a server that falls behind would make them open a socket a request until this process runs out
 * of file descriptors (it did, at 20,000, on a machine loaded by other work) and stops printing.
 * Past the server's own MESURA_MAX_CONNECTIONS (4,096) a request is counted failed unsent instead.
 */
const MAX_IN_FLIGHT = 4096;
/** Sessions playing at once: each advances one heartbeat in turn, so 500/s moves each about twice a second. */
const SESSIONS_AT_ONCE = 200;
const SUITE = 'mesuradev';
const PLAN = sessionPlan();

let child;

/** The next heartbeat's path: the sessions in turn, each through its plan, a new one when one completes. */
function createViewers() {
  const sessions = Array.from({ length: SESSIONS_AT_ONCE }, (_, i) => newSession(i, 0));
  let turn = 0;
  return () => {
    const index = turn++ % SESSIONS_AT_ONCE;
    let session = sessions[index];
    if (session.step === PLAN.length) session = sessions[index] = newSession(index, session.n + 1);
    const step = PLAN[session.step++];
    return `/hb/?${encodeHeartbeatQuery(heartbeat(session, step, session.startedAt + step.at))}`;
  };
}

function newSession(viewer, n) {
  return { id: `soak${process.pid}v${viewer}n${n}`, n, step: 0, suite: SUITE, visitorId: `SOAK${viewer}-V`, content: viewer % 50, startedAt: Date.now() };
}

/** The minute of `minutes` that the time now falls in, counted from `start`. */
const minuteAt = (minutes, start) => minutes[Math.min(minutes.length - 1, Math.floor((performance.now() - start) / MINUTE_MS))];

/** Sends both kinds at their rates for `ms`, recording each answer's time in the minute it ended. */
async function holdLoad(port, ms, minutes) {
  const pool = new ConnectionPool(port);
  await pool.prewarm(CONNECTIONS);
  const mix = createMix();
  const nextHeartbeat = createViewers();
  const start = performance.now();
  const inFlight = new Set();
  const sent = { beacon: 0, heartbeat: 0 };
  const send = (requestPath) => {
    if (inFlight.size >= MAX_IN_FLIGHT) {
      minuteAt(minutes, start).failed += 1;
      return;
    }
    const t0 = performance.now();
    const request = pool.get(requestPath).then((status) => {
      const minute = minuteAt(minutes, start);
      minute.latenciesMs.push(performance.now() - t0);
      if (status < 200 || status >= 300) minute.failed += 1;
      inFlight.delete(request);
    });
    inFlight.add(request);
  };
  const timer = setInterval(() => {
    const elapsedS = (performance.now() - start) / 1000;
    for (; sent.beacon < Math.floor(elapsedS * BEACONS_PER_S); sent.beacon++) send(mix.next('beacon').path);
    for (; sent.heartbeat < Math.floor(elapsedS * HEARTBEATS_PER_S); sent.heartbeat++) send(nextHeartbeat());
  }, TICK_MS);
  await new Promise((resolve) => setTimeout(resolve, ms));
  clearInterval(timer);
  await Promise.all(inFlight);
  pool.close();
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-soak-'));
  const metricsPort = await freePort();
  try {
    const server = await startServer(dataDir, { MESURA_METRICS_PORT: String(metricsPort) }, { fromManyAddresses: true });
    child = server.child;
    console.log(`soak: ${BEACONS_PER_S} beacons/s + ${HEARTBEATS_PER_S} heartbeats/s for ${MINUTES} min (warm-up at least ${WARM_UP_MINUTES} min, and until the caches stop growing)`);
    console.log('minute  rss MiB  heap MiB  duckdb MiB  caches %  loop p99 ms  loop max ms  load ms  answer p99 ms  answered  failed');
    const minutes = Array.from({ length: MINUTES }, () => ({ latenciesMs: [], failed: 0 }));
    const loading = holdLoad(server.port, MINUTES * MINUTE_MS, minutes);
    for (let m = 0; m < MINUTES; m++) {
      const rssMiB = await meanRssMiB(child.pid);
      const figures = await readServerFigures(metricsPort);
      Object.assign(minutes[m], readProcessMemory(child.pid), figures, { rssMiB });
      printMinute(m, minutes[m], minutes[m - 1]);
      printMemory(minutes[m]);
    }
    await loading;
    const steadyFrom = minutes.findIndex((minute, m) => m >= WARM_UP_MINUTES && cachesSettled(minute, minutes[m - 1]));
    if (steadyFrom < 0) console.log('goal NOT met: the caches were still growing at the end; run longer');
    else {
      console.log(`warm-up: ${steadyFrom} min`);
      printVerdict(minutes.slice(steadyFrom));
    }
  } finally {
    child?.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The server's mean RSS over the next minute, of MEMORY_SAMPLES_PER_MINUTE readings: one reading
 * taken in a load's or a checkpoint's peak would stand for the minute, and make the first steady
 * minute, which the verdict compares every other with, a matter of luck.
 */
async function meanRssMiB(pid) {
  const readings = [];
  for (let i = 0; i < MEMORY_SAMPLES_PER_MINUTE; i++) {
    await new Promise((resolve) => setTimeout(resolve, MINUTE_MS / MEMORY_SAMPLES_PER_MINUTE));
    const { rssMiB } = readProcessMemory(pid);
    if (rssMiB !== undefined) readings.push(rssMiB);
  }
  return readings.length > 0 ? readings.reduce((a, b) => a + b, 0) / readings.length : undefined;
}

/** Whether the caches grew by less than CACHE_SETTLED_SHARE of their capacity over the minute (unknown: yes). */
function cachesSettled(minute, before) {
  if (minute.cacheCapacity === undefined || before?.cacheEntries === undefined) return true;
  return minute.cacheEntries - before.cacheEntries < CACHE_SETTLED_SHARE * minute.cacheCapacity;
}

const fixed = (value, width, digits = 0) => (value === undefined ? 'n/a' : value.toFixed(digits)).padStart(width);

/** The mean time of the store's segment loads over the minute, from the running totals. */
function meanLoadMs(minute, before) {
  const loads = minute.storeLoads - (before?.storeLoads ?? 0);
  return loads > 0 ? ((minute.storeLoadSeconds - (before?.storeLoadSeconds ?? 0)) / loads) * 1000 : undefined;
}

const cachePercent = (minute) => (minute.cacheCapacity ? (100 * minute.cacheEntries) / minute.cacheCapacity : undefined);

function printMinute(index, minute, before) {
  const p99 = percentile(minute.latenciesMs, 99);
  console.log(
    `${String(index + 1).padStart(6)}  ${fixed(minute.rssMiB, 7)}  ${fixed(minute.heapMiB, 8)}  ${fixed(minute.duckdbMiB, 10)}  ${fixed(cachePercent(minute), 8)}  ${fixed(minute.loopP99Ms, 11, 1)}  ${fixed(minute.loopMaxMs, 11)}  ${fixed(meanLoadMs(minute, before), 7)}  ${fixed(p99, 13, 1)}  ${String(minute.latenciesMs.length).padStart(8)}  ${String(minute.failed).padStart(6)}`,
  );
}

/**
 * Where the server's resident memory is at the minute's end (read with its metrics, so that the
 * parts add up): anonymous pages, of which the V8 heap (taken from the
 * system), external buffers and DuckDB's own accounting (duckdb_memory() of the events store), the
 * rest being native memory none of them counts (allocators' free lists, DuckDB's allocations outside
 * its buffer manager, the small DuckDB files, code); each part is as its owner counts it, not in
 * resident pages (V8's heap taken has pages not yet touched), so the rest can fall below zero. Then
 * mapped files and shared memory.
 */
function printMemory(minute) {
  const known = [minute.heapTotalMiB, minute.externalMiB, minute.duckdbMiB];
  const rest = known.every((v) => v !== undefined) && minute.anonMiB !== undefined ? minute.anonMiB - known.reduce((a, b) => a + b, 0) : undefined;
  const mib = (value) => fixed(value, 0).trim();
  console.log(
    `        MiB at the minute's end: anon ${mib(minute.anonMiB)} = heap ${mib(minute.heapTotalMiB)} + external ${mib(minute.externalMiB)} + duckdb ${mib(minute.duckdbMiB)} + other native ${mib(rest)}; file ${mib(minute.fileMiB)}, shmem ${mib(minute.shmemMiB)}; ${fixed(minute.threads, 0).trim()} threads`,
  );
}

/** Each steady minute against the first: RSS within the band, answer p99 within the factor. */
function printVerdict(steady) {
  if (steady.length === 0) return;
  const [first] = steady;
  const firstP99 = percentile(first.latenciesMs, 99);
  // A minute whose RSS could not be read counts as out of the band: the goal is not met unseen.
  const rssSpread = steady.map((m) => (m.rssMiB === undefined || first.rssMiB === undefined ? Number.POSITIVE_INFINITY : m.rssMiB / first.rssMiB - 1));
  const p99Ratios = steady.map((m) => percentile(m.latenciesMs, 99) / firstP99);
  const worstRss = rssSpread.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
  const worstP99 = Math.max(...p99Ratios);
  const failed = steady.reduce((sum, m) => sum + m.failed, 0);
  console.log(
    `steady minutes: ${steady.length}; RSS at most ${(worstRss * 100).toFixed(1)} % from the first (goal ±${RSS_BAND * 100} %), answer p99 at most ${worstP99.toFixed(2)}× the first (goal ≤ ${P99_FACTOR}×), ${failed} failed`,
  );
  const met = Math.abs(worstRss) <= RSS_BAND && worstP99 <= P99_FACTOR && failed === 0;
  console.log(met ? 'goal met' : 'goal NOT met');
}

runBounded('bench:soak', main, (MINUTES + 5) * MINUTE_MS, () => child);
