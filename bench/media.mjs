// Media benchmark: starts the built server on 127.0.0.1 and, for N = 100, 500,
// 1000, 2000…, simulates N concurrent viewers sending heartbeats on the §9 cadence, time-compressed,
// for a bounded time each. Prints heartbeats/s held, p50/p99 latency and events lost (acknowledged
// but not stored: checked through the media report, then row by row in DuckDB after shutdown),
// and the largest N held without loss and with p99 < 100 ms. Stops by itself.
// Usage: npm run bench:media [-- seconds-per-step [N,N,…]]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { COMPRESSION, percentile, runViewers } from './media-viewers.mjs';
import { apiHeaders, startServer } from './server-process.mjs';
import { SOURCE_ADDRESS_COUNT } from './source-addresses.mjs';

const STEP_S = Number(process.argv[2] ?? 10);
const VIEWER_COUNTS = process.argv[3]?.split(',').map(Number) ?? [100, 500, 1000, 2000, 4000, 8000];
const P99_GOAL_MS = 100;
/** The whole run's bound: whatever happens, the benchmark ends. */
const HARD_LIMIT_MS = 10 * 60 * 1000;
const DAY_MS = 86_400_000;
/** The server child, for the hard limit to stop. */
let server;

async function stopServer(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The media report of a suite over yesterday–tomorrow (a run near midnight stays in range). */
async function reportTotal(port, suite) {
  const day = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(ms));
  const now = Date.now();
  const url = `http://127.0.0.1:${port}/api/reports/media?from=${day(now - DAY_MS)}&to=${day(now + DAY_MS)}&by=day&suite=${suite}`;
  return (await (await fetch(url, { headers: await apiHeaders(port) })).json()).total;
}

/** Heartbeats stored per suite, read from the DuckDB file once the server has shut down. */
async function storedPerSuite(dataDir) {
  const instance = await DuckDBInstance.create(path.join(dataDir, 'mesura.duckdb'));
  const connection = await instance.connect();
  const result = await connection.runAndReadAll('SELECT report_suite, count(DISTINCT heartbeat_id) AS n FROM heartbeats GROUP BY 1');
  const counts = new Map(result.getRowObjectsJson().map((r) => [r.report_suite, Number(r.n)]));
  connection.closeSync();
  instance.closeSync();
  return counts;
}

/**
 * Each step writes to a suite of its own, which the collector accepts only when configured: one per
 * step that can run (each of VIEWER_COUNTS and the one halfway step), named by the step's number.
 */
const STEP_SUITES = Array.from({ length: VIEWER_COUNTS.length + 1 }, (_, step) => `benchmediastep${step + 1}`);

async function runStep(port, viewers, suite) {
  process.stderr.write(`${viewers} viewers for ${STEP_S} s…\n`);
  const stats = await runViewers({ port, viewers, suite, seconds: STEP_S });
  const total = await reportTotal(port, suite);
  // The report rounds minutes to 3 decimals: compare in that unit.
  const contentGap = Math.abs(total.contentMinutes - Math.round(stats.ackedContentMs / 60) / 1000);
  const reportLost = stats.sessions.size - total.sessions + (contentGap > 0.0011 ? 1 : 0);
  return { viewers, suite, stats, total, reportLost };
}

function printStep({ viewers, stats, total, reportLost }) {
  const rate = stats.acked / stats.elapsedS;
  const p50 = percentile(stats.latenciesMs, 50);
  const p99 = percentile(stats.latenciesMs, 99);
  const lateP99 = percentile(stats.lateMs, 99);
  console.log(
    `N=${String(viewers).padStart(5)}  ${rate.toFixed(0).padStart(6)} heartbeats/s  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ` +
      `(sent ${stats.sent}, 200 ${stats.acked}, failed ${stats.failed}, sessions ${stats.sessions.size}/${total.sessions} reported, ` +
      `content ${(stats.ackedContentMs / 60000).toFixed(3)}/${total.contentMinutes} min, send delay p99 ${lateP99.toFixed(0)} ms)` +
      (stats.failed > 0 ? `  failures by status (0: connection): ${JSON.stringify(Object.fromEntries(stats.failures))}` : '') +
      (reportLost !== 0 ? '  REPORT MISMATCH' : ''),
  );
  return { p99, rate };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-media-'));
  const env = { MESURA_REPORT_SUITES: ['benchmediawarmup', ...STEP_SUITES].join(',') };
  // The viewers come from many addresses: the per-address limits stay as a production server has them.
  server = await startServer(dataDir, env, { fromManyAddresses: true });
  const { port, child } = server;
  const steps = [];
  try {
    console.log(`media benchmark: ${STEP_S} s per step, cadence compressed ${COMPRESSION}×, GET /hb/ heartbeats to 127.0.0.1 from ${SOURCE_ADDRESS_COUNT} loopback addresses`);
    // A server that has run a while has its code compiled and its user agents parsed: warm it up.
    await runViewers({ port, viewers: 200, suite: 'benchmediawarmup', seconds: 3 });
    const queue = [...VIEWER_COUNTS];
    let lastHeld = 0;
    for (let viewers = queue.shift(); viewers !== undefined; viewers = queue.shift()) {
      const step = await runStep(port, viewers, STEP_SUITES[steps.length]);
      const { p99 } = printStep(step);
      steps.push({ ...step, p99 });
      const held = p99 < P99_GOAL_MS && step.stats.failed === 0 && step.reportLost === 0;
      if (held) lastHeld = Math.max(lastHeld, viewers);
      // A step that missed the goal says where the limit is: larger ones would only miss it more,
      // so the halfway point to the last N held is tried once, and the run ends.
      if (!held) {
        const halfway = Math.round((lastHeld + viewers) / 200) * 100;
        queue.length = 0;
        if (halfway > lastHeld && halfway < viewers && !steps.some((s) => s.viewers === halfway)) queue.push(halfway);
      }
    }
  } finally {
    await stopServer(child);
  }
  const stored = await storedPerSuite(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  let best;
  for (const step of steps) {
    const lost = step.stats.acked - (stored.get(step.suite) ?? 0);
    console.log(`N=${String(step.viewers).padStart(5)}  acknowledged ${step.stats.acked}, stored ${stored.get(step.suite) ?? 0}, lost ${lost}`);
    if (lost > 0) process.exitCode = 1;
    if (lost === 0 && step.reportLost === 0 && step.stats.failed === 0 && step.p99 < P99_GOAL_MS) best = step;
  }
  console.log(
    best
      ? `largest N held (no loss, p99 < ${P99_GOAL_MS} ms): ${best.viewers} viewers, ${(best.stats.acked / best.stats.elapsedS).toFixed(0)} heartbeats/s`
      : `no N held the goal (p99 < ${P99_GOAL_MS} ms, no loss)`,
  );
}

const guard = setTimeout(() => {
  console.error(`media benchmark: still running after ${HARD_LIMIT_MS / 60000} min; giving up`);
  server?.child.kill('SIGKILL');
  process.exit(2);
}, HARD_LIMIT_MS);
guard.unref();
await main();
