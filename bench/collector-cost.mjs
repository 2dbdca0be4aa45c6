// What one collector on ClickHouse spends per event, by kind: each of the mix (bench/cluster-mix.mjs),
// beacons alone, heartbeats alone and decisions alone is sent at a fixed rate the machine holds
// with room to spare, and the CPU the collector (every thread, and its request thread alone) and
// ClickHouse spent over the middle of the load is divided by the events answered meanwhile. Below
// saturation nobody waits for a core, so these are the costs a capacity plan multiplies
// (docs/capacity.md §4), where bench:cluster's saturated throughput also holds the load
// generator's share of the machine. The requests come on kept-alive connections from many loopback
// addresses (bench/connection-pool.mjs), and the collector keeps its default limits. Stops by itself.
// Usage: npm run bench:collector-cost [-- events-per-second [seconds-per-kind]]  (default 5000, 20)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Processes, clickHouseService, freePort, pause } from '../scripts/cluster/cluster-processes.mjs';
import { runClusterBench } from './cluster-bench-run.mjs';
import { CLUSTER_COLLECTOR_ENV, createMix } from './cluster-mix.mjs';
import { ConnectionPool } from './connection-pool.mjs';
import { describeLimits } from './source-addresses.mjs';
import { cpuMeter, microsPerEvent } from './process-cpu.mjs';

const RATE_PER_S = Number(process.argv[2] ?? 5000);
const SECONDS_PER_KIND = Number(process.argv[3] ?? 20);
/** The start and the end of each load are left out of the measure (connections, JIT, the last answers). */
const SETTLE_S = Math.min(4, SECONDS_PER_KIND / 5);
const CONNECTIONS = 50;
const HARD_LIMIT_MS = 4 * SECONDS_PER_KIND * 1000 + 5 * 60 * 1000;

const mix = createMix();

/** How often the sender catches up with the rate: each tick sends what is due since the start. */
const TICK_MS = 10;

/** Requests of `kind` at RATE_PER_S for SECONDS_PER_KIND, whatever the answers' pace; counts the answered and the refused. */
async function sendAtRate(port, kind, answered) {
  const pool = new ConnectionPool(port);
  await pool.prewarm(CONNECTIONS);
  const inFlight = new Set();
  const start = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE_PER_S);
    for (; sent < due; sent++) {
      const request = pool.get(mix.next(kind).path).then((status) => {
        answered.count += 1;
        if (status < 200 || status >= 300) answered.refused += 1;
        inFlight.delete(request);
      });
      inFlight.add(request);
    }
  }, TICK_MS);
  await pause(SECONDS_PER_KIND * 1000);
  clearInterval(timer);
  await Promise.all(inFlight);
  pool.close();
}

/** Sends `kind` (undefined: the mix) at RATE_PER_S for SECONDS_PER_KIND; measures the middle of it. */
async function measureKind(port, kind, targets) {
  const answered = { count: 0, refused: 0 };
  const loading = sendAtRate(port, kind, answered);
  await pause(SETTLE_S * 1000);
  const meter = cpuMeter(targets);
  const before = answered.count;
  await pause((SECONDS_PER_KIND - 2 * SETTLE_S) * 1000);
  const cpu = meter.stop();
  const events = answered.count - before;
  await loading;
  return { cpu, events, perSecond: events / (SECONDS_PER_KIND - 2 * SETTLE_S), refused: answered.refused };
}

async function main(started) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-collector-cost-'));
  const processes = (started.processes = new Processes());
  const clickHouse = (started.clickHouse = clickHouseService(path.join(dir, 'clickhouse'), { httpPort: await freePort(), tcpPort: await freePort(), database: 'bench' }));
  try {
    await clickHouse.start();
    const collector = await processes.startMesura({
      name: 'collector',
      dataDir: path.join(dir, 'collector'),
      port: await freePort(),
      quiet: true,
      env: { ...CLUSTER_COLLECTOR_ENV, MESURA_ROLE: 'collector', MESURA_STORE: clickHouse.url, MESURA_COLLECTOR_NAME: 'collector-cost' },
    });
    const { pid } = collector.child;
    const targets = { collector: { pid }, requestThread: { pid, tid: pid }, clickHouse: { pid: clickHouse.pid() } };
    const rows = [];
    for (const kind of [undefined, 'beacon', 'heartbeat', 'decision']) {
      process.stderr.write(`${kind ?? 'the mix'}: ${SECONDS_PER_KIND} s at ${RATE_PER_S}/s…\n`);
      rows.push({ kind: kind ?? 'mix (in turn)', ...(await measureKind(collector.port, kind, targets)) });
    }
    console.log(
      `\ncollector cost: ${RATE_PER_S} events/s offered, ${SECONDS_PER_KIND} s per kind (the middle ${SECONDS_PER_KIND - 2 * SETTLE_S} s measured), kept-alive connections from loopback addresses (${CONNECTIONS} opened first), one collector on ClickHouse, 127.0.0.1`,
    );
    console.log(`collector limits: ${describeLimits(CLUSTER_COLLECTOR_ENV)}`);
    console.log('kind             answered/s  refused  µs per event: collector (request thread)  ClickHouse   events/s per core: collector  request thread');
    for (const row of rows) {
      const us = (name) => microsPerEvent(row.cpu[name], row.events);
      const perCore = (name) => (Number.isFinite(Number(us(name))) ? (1e6 / Number(us(name))).toFixed(0) : 'n/a');
      console.log(
        `${row.kind.padEnd(16)} ${row.perSecond.toFixed(0).padStart(10)} ${String(row.refused).padStart(8)}  ` +
          `${us('collector').padStart(22)} (${us('requestThread')})  ${us('clickHouse').padStart(10)}   ${perCore('collector').padStart(26)}  ${perCore('requestThread').padStart(14)}`,
      );
    }
  } finally {
    await processes.stopAll();
    await clickHouse.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

runClusterBench('bench:collector-cost', HARD_LIMIT_MS, main);
