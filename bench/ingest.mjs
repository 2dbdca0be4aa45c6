// Ingest benchmark: loads the collector on 127.0.0.1 with valid page-view beacons for a bounded
// time, then a bare node:http handler with the same load, and prints both and their ratio. The
// beacons come on CONNECTIONS kept-alive connections from as many loopback addresses, each sending
// its next beacon once the last is answered, and the collector keeps its default per-address
// limits. Every acknowledged beacon is checked to be stored. Beside each rate it prints the CPU
// the server spent per accepted beacon over its load (its request thread, and every thread: the
// collector's others load the store), read from /proc: a figure other processes on the machine
// sway far less than the rates. Usage: npm run bench:ingest [-- seconds]
// BENCH_COLLECTOR_NODE_ARGS passes options to the collector's node alone (NODE_OPTIONS refuses
// some), e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' for where its request path spends its CPU.
// BENCH_COLLECTOR_MAIN runs another build's server/dist/main.js (a worktree of an earlier commit),
// so that two builds can be measured alternately in the same conditions.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN_ENV, apiHeaders } from './server-process.mjs';
import { ingestBeacons } from './ingest-beacons.mjs';
import { closedLoop } from './connection-pool.mjs';
import { describeLimits } from './source-addresses.mjs';
import { percentile } from './media-viewers.mjs';
import { cpuMeter, microsPerEvent } from './process-cpu.mjs';

const DURATION_S = Number(process.argv[2] ?? 10);
const CONNECTIONS = 50;
const GOAL_RATIO = 0.5;
const ROOT = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const beaconPath = ingestBeacons();

/**
 * CONNECTIONS closed-loop senders for DURATION_S against the server `pid`; their answers' statuses
 * and times, and the CPU seconds the server's request thread (its main thread: tid = pid) and all
 * its threads spent meanwhile.
 */
async function load(port, label, pid) {
  process.stderr.write(`loading ${label} for ${DURATION_S} s…\n`);
  const meter = cpuMeter({ requestThread: { pid, tid: pid }, process: { pid } });
  const result = await closedLoop(port, { connections: CONNECTIONS, seconds: DURATION_S, next: () => ({ path: beaconPath() }) });
  return { ...result, cpu: meter.stop() };
}

function summary(label, result) {
  const ok = result['2xx'];
  const perSecond = ok / DURATION_S;
  console.log(
    `${label.padEnd(10)} ${perSecond.toFixed(0).padStart(7)} accepted/s  p50 ${percentile(result.latenciesMs, 50).toFixed(1)} ms  p99 ${percentile(result.latenciesMs, 99).toFixed(1)} ms  ` +
      `(2xx ${ok}, non-2xx ${result.non2xx}, connection errors ${result.errors}); CPU per beacon: request thread ${microsPerEvent(result.cpu.requestThread, ok)} µs, ` +
      `all threads ${microsPerEvent(result.cpu.process, ok)} µs`,
  );
  return perSecond;
}

async function runBare() {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), { env: { ...process.env, PORT: String(port) } });
  await new Promise((resolve) => child.once('message', resolve));
  try {
    return await load(port, 'bare node:http', child.pid);
  } finally {
    child.kill('SIGTERM');
  }
}

async function runCollector(dataDir) {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_COLLECTOR_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const main = process.env.BENCH_COLLECTOR_MAIN ?? path.join(ROOT, 'server/dist/main.js');
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: { ...process.env, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'warn', ...BENCH_ADMIN_ENV },
    stdio: 'inherit',
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    const result = await load(port, 'collector', child.pid);
    const stored = await countStored(port);
    return { result, stored };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function countStored(port) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const response = await fetch(`http://127.0.0.1:${port}/api/reports/pageviews?from=${day}&to=${day}&by=day`, { headers: await apiHeaders(port) });
  return (await response.json()).total;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-'));
try {
  const bare = await runBare();
  const { result: collector, stored } = await runCollector(dataDir);
  if (process.env.BENCH_COLLECTOR_MAIN) console.log(`collector: ${process.env.BENCH_COLLECTOR_MAIN}`);
  console.log(`ingest benchmark: ${DURATION_S} s per target, ${CONNECTIONS} kept-alive connections from ${CONNECTIONS} loopback addresses, GET page-view beacons to 127.0.0.1`);
  console.log(`collector limits: ${describeLimits()}`);
  const bareRate = summary('bare', bare);
  const collectorRate = summary('collector', collector);
  const ratio = collectorRate / bareRate;
  console.log(`stored ${stored} of ${collector['2xx']} acknowledged beacons`);
  console.log(`ratio collector/bare: ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO})`);
  if (stored < collector['2xx']) {
    console.error('acknowledged beacons are missing from the store');
    process.exitCode = 1;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
