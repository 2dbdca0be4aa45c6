// Cluster benchmark: mixed GET beacons, media heartbeats and personalisation decisions, at the
// highest rate CONNECTIONS kept-alive connections from as many loopback addresses hold (each
// sending its next request once the last is answered; the collectors keep their default
// per-address rate and trust nginx's X-Forwarded-For), against a bare node:http handler, one collector on
// ClickHouse, and two collectors behind nginx (scripts/cluster/), in one run. During the
// two-collector phase one collector is killed with SIGKILL and restarted, and ClickHouse is stopped
// for a while (the other collector killed and restarted meanwhile) and started again. Prints held
// events/s, p50/p99, events lost (acknowledged but not in ClickHouse once the collectors have
// drained: must be 0), the ratios one collector / bare and two collectors / one, and the CPU each
// process spent per event in the first two phases (what bounds the ratio on a machine whose cores
// the load generator shares). Stops by itself.
// Usage: npm run bench:cluster [-- seconds]  (default 180: 30 bare, 40 one collector, 110 two)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { Processes, clickHouseService, freePort, pause } from '../scripts/cluster/cluster-processes.mjs';
import { runClusterBench } from './cluster-bench-run.mjs';
import { CLUSTER_COLLECTOR_ENV, createMix, kindOf } from './cluster-mix.mjs';
import { closedLoop } from './connection-pool.mjs';
import { percentile } from './media-viewers.mjs';
import { describeLimits } from './source-addresses.mjs';
import { cpuMeter, microsPerEvent } from './process-cpu.mjs';

const TOTAL_S = Number(process.argv[2] ?? 180);
/** Shares of the run: the bare handler, one collector, two collectors (the faults happen there). */
const PHASE_SHARES = { bare: 1 / 6, one: 2 / 9, two: 11 / 18 };
/** The ClickHouse stop the cluster must ride out (60 s), shortened in a run too short to hold it. */
const CLICKHOUSE_STOP_S = Math.min(60, Math.floor(TOTAL_S * PHASE_SHARES.two * 0.55));
const CONNECTIONS = 50;
const COLLECTOR_GOAL_RATIO = 0.7;
/** How long the collectors may take to drain what they hold after a phase (a backlog of a ClickHouse stop). */
const DRAIN_TIMEOUT_MS = 10 * 60 * 1000;
const HARD_LIMIT_MS = TOTAL_S * 1000 + 20 * 60 * 1000;

const mix = createMix();

/**
 * The requests answered 2xx, marked by sequence number. Every phase marks its answers alike, the
 * bare one too, so that the load generator does the same work per request in each: its CPU is
 * part of what the ratio compares on a machine it shares.
 */
class Acknowledged {
  #marks = new Uint8Array(1 << 20);
  mark(seq) {
    if (seq >= this.#marks.length) {
      const grown = new Uint8Array(this.#marks.length * 2);
      grown.set(this.#marks);
      this.#marks = grown;
    }
    this.#marks[seq] = 1;
  }
  *sequences() {
    for (let seq = 0; seq < this.#marks.length; seq += 1) if (this.#marks[seq] === 1) yield seq;
  }
}

/** Loads `port` for `seconds`; the requests answered 2xx are marked in `acked`. */
function load(port, seconds, label, acked) {
  process.stderr.write(`${label}: ${seconds} s…\n`);
  const onAnswer = (status, request) => status >= 200 && status < 300 && acked.mark(request.seq);
  return closedLoop(port, { connections: CONNECTIONS, seconds, next: () => mix.next(), onAnswer });
}

function summarise(label, result, seconds) {
  const perSecond = result['2xx'] / seconds;
  console.log(
    `${label.padEnd(24)} ${perSecond.toFixed(0).padStart(7)} events/s  p50 ${percentile(result.latenciesMs, 50).toFixed(1)} ms  p99 ${percentile(result.latenciesMs, 99).toFixed(1)} ms  ` +
      `(2xx ${result['2xx']}, non-2xx ${result.non2xx}, connection errors ${result.errors})`,
  );
  return perSecond;
}

/** A load with the CPU seconds each of `targets` spent during it (process-cpu.mjs). */
async function measured(targets, loading) {
  const meter = cpuMeter(targets);
  const result = await loading();
  return { result, cpu: meter.stop() };
}

async function runBare(seconds) {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), { env: { ...process.env, PORT: String(port) } });
  await new Promise((resolve) => child.once('message', resolve));
  try {
    return await measured({ generator: 'self', server: { pid: child.pid } }, () => load(port, seconds, 'bare node:http', new Acknowledged()));
  } finally {
    child.kill('SIGTERM');
  }
}

/** Waits until every collector's log is drained (its /healthz), reporting the backlog meanwhile. */
async function drained(collectors) {
  for (const deadline = Date.now() + DRAIN_TIMEOUT_MS; ; await pause(1000)) {
    const health = await Promise.all(collectors.map((c) => fetch(`${c.base}/healthz`).then((r) => r.json())));
    if (health.every((h) => h.undrainedLogBytes === 0 && h.pendingEvents === 0)) return;
    if (Date.now() > deadline) throw new Error(`the collectors did not drain: ${JSON.stringify(health)}`);
  }
}

/** What ClickHouse holds of this run, by id, and how many ids it holds twice. */
async function storedIds(clickHouse, database) {
  const query = async (sql) => {
    const response = await fetch(`http://127.0.0.1:${clickHouse.httpPort}/?database=${database}`, { method: 'POST', body: `${sql} FORMAT TSV` });
    if (!response.ok) throw new Error(`ClickHouse: ${(await response.text()).split('\n')[0]}`);
    return (await response.text()).split('\n').filter(Boolean);
  };
  const like = `'${mix.runId}x%'`;
  const beacons = new Set(await query(`SELECT DISTINCT event_id FROM hits WHERE event_id LIKE ${like}`));
  const heartbeats = new Set(await query(`SELECT DISTINCT session_id FROM heartbeats WHERE session_id LIKE ${like}`));
  // A row the drain stored twice has its (batch_id, batch_row) twice: must be 0. An event id in two
  // batches is a request the balancer sent again to the other collector after the first died
  // having written it but not answered (proxy_next_upstream error): a copy as a browser's retry
  // makes, with the same event id, not a drain's duplicate.
  const twice = async (table, id) => (await query(`SELECT count() - uniqExact(batch_id, batch_row), count() - uniqExact(${id}) FROM ${table} WHERE ${id} LIKE ${like}`))[0].split('\t').map(Number);
  const [hitsDrainedTwice, hitsCopies] = await twice('hits', 'event_id');
  const [heartbeatsDrainedTwice, heartbeatCopies] = await twice('heartbeats', 'session_id');
  const [decisions] = await query('SELECT count() FROM decision_events');
  return { beacon: beacons, heartbeat: heartbeats, drainedTwice: hitsDrainedTwice + heartbeatsDrainedTwice, copies: hitsCopies + heartbeatCopies, decisions: Number(decisions) };
}

/** Acknowledged beacons and heartbeats (decisions' impressions are not waited for), and how many of them ClickHouse lacks. */
function lost(acked, stored) {
  let count = 0;
  let missing = 0;
  for (const seq of acked.sequences()) {
    const kind = kindOf(seq);
    if (kind === 'decision') continue;
    count += 1;
    if (!stored[kind].has(mix.idOf(seq))) missing += 1;
  }
  return { count, missing };
}

/** The two-collector phase's faults, on a schedule from its start. */
async function faults({ collectors, clickHouse, seconds, startCollector, log }) {
  const killAt = Math.floor(seconds * 0.15);
  const stopAt = Math.floor(seconds * 0.3);
  await pause(killAt * 1000);
  log(`kill -9 collector-1 at ${killAt} s`);
  await collectors[0].kill9();
  await pause(3000);
  collectors[0] = await startCollector('collector-1', collectors[0].port, collectors[0].dataDir);
  log('collector-1 restarted');
  await pause(Math.max(0, stopAt - killAt - 3) * 1000);
  log(`ClickHouse stopped at ~${stopAt} s for ${CLICKHOUSE_STOP_S} s`);
  await clickHouse.stop();
  // The other collector killed and restarted while ClickHouse is down: it starts, acknowledges
  // into its log, and makes the tables on its first drain once ClickHouse is back.
  const outageStartMs = performance.now();
  await pause(Math.floor(CLICKHOUSE_STOP_S / 3) * 1000);
  log('kill -9 collector-2 while ClickHouse is down');
  await collectors[1].kill9();
  await pause(3000);
  collectors[1] = await startCollector('collector-2', collectors[1].port, collectors[1].dataDir);
  log('collector-2 restarted while ClickHouse is down');
  await pause(Math.max(0, CLICKHOUSE_STOP_S * 1000 - (performance.now() - outageStartMs)));
  await clickHouse.start();
  log('ClickHouse started again');
}

async function main(started) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-cluster-'));
  const processes = (started.processes = new Processes());
  const clickHouse = (started.clickHouse = clickHouseService(path.join(dir, 'clickhouse'), { httpPort: await freePort(), tcpPort: await freePort(), database: 'bench' }));
  const events = [];
  const log = (message) => {
    events.push(message);
    process.stderr.write(`${message}\n`);
  };
  try {
    await clickHouse.start();
    const seconds = { bare: Math.round(TOTAL_S * PHASE_SHARES.bare), one: Math.round(TOTAL_S * PHASE_SHARES.one), two: Math.round(TOTAL_S * PHASE_SHARES.two) };
    const startCollector = (name, port, dataDir) =>
      processes.startMesura({ name, dataDir, port, quiet: true, env: { ...CLUSTER_COLLECTOR_ENV, MESURA_ROLE: 'collector', MESURA_STORE: clickHouse.url, MESURA_COLLECTOR_NAME: name } });
    const acked = new Acknowledged();

    const bare = await runBare(seconds.bare);

    const single = await startCollector('collector-0', await freePort(), path.join(dir, 'collector-0'));
    const { pid } = single.child;
    const oneTargets = { generator: 'self', collector: { pid }, requestThread: { pid, tid: pid }, clickHouse: { pid: clickHouse.pid() } };
    const one = await measured(oneTargets, () => load(single.port, seconds.one, 'one collector', acked));
    await drained([single]);
    await single.stop();

    const collectors = [];
    for (const name of ['collector-1', 'collector-2']) collectors.push(await startCollector(name, await freePort(), path.join(dir, name)));
    const balancer = await processes.startNginx({ dir: path.join(dir, 'nginx'), port: await freePort(), collectors: collectors.map((c) => c.port), api: undefined });
    const [two] = await Promise.all([load(balancer.port, seconds.two, 'two collectors behind nginx', acked), faults({ collectors, clickHouse, seconds: seconds.two, startCollector, log })]);
    await drained(collectors);
    const stored = await storedIds(clickHouse, 'bench');
    const { count: ackedCount, missing } = lost(acked, stored);

    console.log(
      `\ncluster benchmark: ${TOTAL_S} s (bare ${seconds.bare} s, one collector ${seconds.one} s, two ${seconds.two} s), ${CONNECTIONS} connections from as many loopback addresses, GET beacons, heartbeats and decisions in turn, 127.0.0.1, ${process.platform} ${cpus().length} cores`,
    );
    console.log(`collector limits: ${describeLimits(CLUSTER_COLLECTOR_ENV)}`);
    console.log(`during the two-collector phase: ${events.join('; ')}`);
    const bareRate = summarise('bare node:http', bare.result, seconds.bare);
    const oneRate = summarise('one collector', one.result, seconds.one);
    const twoRate = summarise('two collectors (nginx)', two, seconds.two);
    console.log(
      `acknowledged beacons and heartbeats: ${ackedCount}; distinct in ClickHouse: ${stored.beacon.size + stored.heartbeat.size} (the rest: written, then not answered by a killed collector); decision events stored: ${stored.decisions} (impressions are not waited for: decide/delivery-handler.ts)`,
    );
    console.log(`rows the drain stored twice (same batch and row): ${stored.drainedTwice}; copies of one event id sent again by nginx after the kill: ${stored.copies}`);
    console.log(`events lost (acknowledged, not in ClickHouse after the drain): ${missing}`);
    console.log(`ratio one collector / bare: ${(oneRate / bareRate).toFixed(2)} (goal ≥ ${COLLECTOR_GOAL_RATIO})`);
    console.log(`ratio two collectors / one: ${(twoRate / oneRate).toFixed(2)}`);
    printCpuPerEvent(bare, one, bareRate);
    if (missing > 0 || stored.drainedTwice > 0) process.exitCode = 1;
  } finally {
    await processes.stopAll();
    await clickHouse.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What each process spent per answered event, and what that leaves: on a machine whose cores the
 * load generator shares, the generator's and ClickHouse's CPU per event bound the collector's rate
 * as much as the collector's own does.
 */
function printCpuPerEvent(bare, one, bareRate) {
  const events = (r) => r['2xx'] + r.non2xx;
  const perEvent = ({ result, cpu }, name) => microsPerEvent(cpu[name], events(result));
  console.log(
    `CPU per event, µs (every thread): bare phase: load generator ${perEvent(bare, 'generator')}, bare server ${perEvent(bare, 'server')}; ` +
      `one collector phase: load generator ${perEvent(one, 'generator')}, collector ${perEvent(one, 'collector')} ` +
      `(its request thread ${perEvent(one, 'requestThread')}), ClickHouse ${perEvent(one, 'clickHouse')}`,
  );
  const us = (name) => Number(perEvent(one, name));
  const [generator, collector, store] = [us('generator'), us('collector'), us('clickHouse')];
  if (![generator, collector, store].every(Number.isFinite)) return;
  const cores = cpus().length;
  console.log(`one collector on a core of its own: ${(1e6 / collector).toFixed(0)} events/s (its request thread alone: ${(1e6 / us('requestThread')).toFixed(0)})`);
  console.log(
    `these ${cores} cores hold at most ${((cores * 1e6) / (generator + collector + store)).toFixed(0)} events/s of generator, collector and ClickHouse together; ` +
      `${COLLECTOR_GOAL_RATIO} of bare (${(COLLECTOR_GOAL_RATIO * bareRate).toFixed(0)}/s) would need collector and ClickHouse at ≤ ` +
      `${((cores * 1e6) / (COLLECTOR_GOAL_RATIO * bareRate) - generator).toFixed(0)} µs an event (now ${(collector + store).toFixed(0)})`,
  );
}

runClusterBench('bench:cluster', HARD_LIMIT_MS, main);
