// Abuse benchmark: the built server on 127.0.0.1 (its own data folder), normal page-view beacons
// from distinct visitors at a modest rate, timed: alone, under a slow-header attack from one
// address (held: what the server closes stays closed; then reconnecting: what it closes is opened
// again a second later), under one spread over 20 addresses of 250 connections each (5,000, past
// the server's connection cap, each address under its own), and under a one-visitor flood; then the share of the flood stored, and the decision
// time for a very long path while an activity with a catastrophic audience pattern exists, with a
// beacon sent at the same moment. Loopback only; stops by itself within about three minutes.
// Usage: npm run bench:abuse [-- --server-open-files N]   (N: start the server under that open-file
// limit, e.g. 1024, the common default; without it the server inherits this shell's limit)
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_EDGE_LIMITS } from '@mesura/server/tooling';
import { freePort, runBounded } from './server-process.mjs';
import { FLOOD_PAGE_NAME, NORMAL_PAGE_NAME, beaconPath, timedGet, visitorId } from './abuse-beacon.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const NORMAL_BEACONS_PER_S = 200;
const NORMAL_TICK_MS = 10;
const NORMAL_BEACON_TIMEOUT_MS = 10_000;
const WARM_UP_S = 2;
const QUIET_S = 15;
const SLOW_CONNECTIONS = 2_000;
const SLOW_S = 30;
/** The spread attack: this many addresses, each under the per-address cap, together past the server's connection cap. */
const SPREAD_ADDRESSES = 20;
const SPREAD_CONNECTIONS_PER_ADDRESS = 250;
/** Its goal: normal beacons' p99 within this ratio of the quiet run's. */
const SPREAD_P99_RATIO_GOAL = 2;
const FLOOD_S = 20;
const DECISION_PATH_CHARS = 10_000;
/** Also timed: a path short enough that any length cap on pattern matching surely lets the pattern run on it. */
const SHORT_DECISION_PATH_CHARS = 1_000;
const DECISION_SAMPLES = 20;
const DECISION_TIMEOUT_MS = 10_000;
const CATASTROPHIC_PATTERN = '^/(a+)+$';
const BEACON_ACK_GOAL_MS = 50;
/** The slow-connection attack's goal: normal beacons still answered within this at p99. */
const SLOW_ATTACK_P99_GOAL_MS = 50;
/** The attackers' scheduling priority (the lowest): see attacker(). */
const ATTACKER_NICENESS = 19;
/** Sockets a process keeps for itself besides the attack's (stdio, IPC, the normal beacons). */
const OWN_OPEN_FILES_MARGIN = 256;
const SERVER_START_TIMEOUT_MS = 20_000;
const SERVER_STOP_TIMEOUT_MS = 15_000;
const HARD_LIMIT_MS = 300_000;
/** Each role speaks from a loopback address of its own, as different clients would. */
const NORMAL_ADDRESS = '127.0.0.1';
const SLOW_ADDRESS = '127.0.0.2';
const FLOOD_ADDRESS = '127.0.0.3';
/** The spread attack's addresses: 127.0.0.10, 127.0.0.11, … */
const SPREAD_ADDRESS_BASE = 10;
const ADMIN = { email: 'bench@example.com', password: `bench-${randomBytes(12).toString('hex')}` };

const serverOpenFiles = (() => {
  const at = process.argv.indexOf('--server-open-files');
  return at === -1 ? undefined : Number(process.argv[at + 1]);
})();
let server;
/** Normal visitors so far: each phase's are new ones. */
let normalVisitors = 0;

/** The soft "Max open files" of a process (Linux /proc); undefined elsewhere. */
function openFileLimit(pid = 'self') {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return Number(line.split(/\s{2,}/)[1]);
  } catch {
    return undefined;
  }
}

async function startServer(dataDir) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    MESURA_HOST: '127.0.0.1',
    MESURA_DATA_DIR: dataDir,
    MESURA_LOG_LEVEL: 'warn',
    MESURA_ADMIN_EMAIL: ADMIN.email,
    MESURA_ADMIN_PASSWORD: ADMIN.password,
  };
  const main = path.join(ROOT, 'server/dist/main.js');
  // The shell lowers its own limit, then becomes the server (exec keeps the pid).
  const child = serverOpenFiles
    ? spawn('/bin/sh', ['-c', `ulimit -n ${serverOpenFiles} && exec "${process.execPath}" "${main}"`], { env, stdio: 'inherit' })
    : spawn(process.execPath, [main], { env, stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  server = { port, child, exited, base: `http://127.0.0.1:${port}` };
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${server.base}/healthz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer /healthz');
}

async function stopServer() {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
  await server.exited;
  clearTimeout(timer);
}

/** A session cookie of the first admin; without the sign-in route (older builds), no cookie. */
async function signIn() {
  const answer = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (answer.status === 204) return { cookie: answer.headers.get('set-cookie').split(';')[0], how: 'signed in as the first admin' };
  return { cookie: undefined, how: `not signed in (POST /api/session answered ${answer.status})` };
}

/** Beacons of new visitors at NORMAL_BEACONS_PER_S on fresh connections for `seconds`; each one's answer and time. */
async function normalBeacons(seconds) {
  const results = [];
  const pending = [];
  let n = 0;
  const start = performance.now();
  const firstVisitor = normalVisitors;
  // Each tick catches up with the rate since the start, so late timers do not lower it.
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - start) / 1000) * NORMAL_BEACONS_PER_S);
    while (n < due) {
      n += 1;
      const path = beaconPath(visitorId('0BE4C4', firstVisitor + n), NORMAL_PAGE_NAME);
      pending.push(timedGet({ port: server.port, path, localAddress: NORMAL_ADDRESS, timeoutMs: NORMAL_BEACON_TIMEOUT_MS }).then((r) => results.push(r)));
    }
  }, NORMAL_TICK_MS);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(timer);
  normalVisitors += n;
  await Promise.all(pending);
  return results;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'no answer');

/** p50/p99 over every beacon sent: one not acknowledged counts as never answered. */
function latencySummary(results) {
  const times = results.map((r) => (r.status >= 200 && r.status < 300 ? r.ms : Infinity)).sort((a, b) => a - b);
  const failures = {};
  for (const r of results) if (!(r.status >= 200 && r.status < 300)) failures[r.error ?? r.status] = (failures[r.error ?? r.status] ?? 0) + 1;
  return { sent: results.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1), failures };
}

function printLatency(label, summary, { quiet, goalMs } = {}) {
  const ratio = quiet && Number.isFinite(summary.p99) ? `  ratio p99 to quiet ${(summary.p99 / quiet.p99).toFixed(2)}` : '';
  const failed =
    Object.entries(summary.failures)
      .map(([why, count]) => `${count} ${why}`)
      .join(', ') || 'none';
  console.log(`${label.padEnd(28)} p50 ${ms(summary.p50).padStart(9)}  p99 ${ms(summary.p99).padStart(9)}  max ${ms(summary.max).padStart(9)}${ratio}`);
  const goal = goalMs ? `; goal p99 < ${goalMs} ms: ${summary.p99 < goalMs ? 'met' : 'NOT met'}` : '';
  console.log(`${''.padEnd(28)} ${summary.sent} beacons, not acknowledged: ${failed}${goal}`);
}

/**
 * Forks an attacker at the lowest CPU priority; resolves `{ ready, done }` promises of its IPC
 * messages. A real attacker's work is done on its own machines: here it shares the server's two
 * cores, and at normal priority its twenty processes' reconnecting and dripping would be timed as
 * the server's slowness.
 */
function attacker(args) {
  const child = fork(path.join(import.meta.dirname, 'abuse-attackers.mjs'), args.map(String), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  setPriority(child.pid, ATTACKER_NICENESS);
  const message = (type) =>
    new Promise((resolve, reject) => {
      child.on('message', (m) => m.type === type && resolve(m.counts));
      child.once('exit', (code) => reject(new Error(`attacker ${args[0]} exited (${code}) before '${type}'`)));
    });
  return { child, ready: message('ready'), done: message('done') };
}

/**
 * `mode`: `hold` (connections the server closes stay closed) or `reconnect` (reopened after a
 * second). `addresses`: where the connections come from, `perAddress` from each; each address's
 * share is split over as many processes as this process's open-file limit needs.
 */
async function slowConnectionPhase(mode, addresses = [SLOW_ADDRESS], perAddress = SLOW_CONNECTIONS) {
  const ownLimit = openFileLimit() ?? 1024;
  const perProcess = Math.max(1, ownLimit - OWN_OPEN_FILES_MARGIN);
  const workers = Math.ceil(perAddress / perProcess);
  const shares = Array.from({ length: workers }, (_, i) => Math.floor(perAddress / workers) + (i < perAddress % workers ? 1 : 0));
  const from = addresses.length === 1 ? addresses[0] : `${addresses.length} addresses (${addresses[0]}…${addresses.at(-1)})`;
  process.stderr.write(`slow-header attack (${mode}): ${perAddress * addresses.length} connections from ${from} in ${workers * addresses.length} process(es) for ${SLOW_S} s…\n`);
  const attackers = addresses.flatMap((address) => shares.map((share) => attacker(['slow', server.port, address, share, SLOW_S, mode])));
  const ready = await Promise.all(attackers.map((a) => a.ready));
  const results = await normalBeacons(SLOW_S - 2);
  const done = await Promise.all(attackers.map((a) => a.done));
  const sum = (list, key) => list.reduce((total, counts) => total + counts[key], 0);
  return {
    mode,
    label: addresses.length === 1 ? `${perAddress} slow-header (${mode})` : `${addresses.length}×${perAddress} slow-header (${mode})`,
    results,
    openAtStart: sum(ready, 'open'),
    maxOpen: sum(done, 'maxOpen'),
    openAtEnd: sum(done, 'openAtEnd'),
    closedByServer: sum(done, 'closedByServer'),
    connectErrors: sum(done, 'connectErrors'),
  };
}

const spreadAddresses = () => Array.from({ length: SPREAD_ADDRESSES }, (_, i) => `127.0.0.${SPREAD_ADDRESS_BASE + i}`);

async function floodPhase() {
  process.stderr.write(`one-visitor flood from ${FLOOD_ADDRESS} for ${FLOOD_S} s…\n`);
  const flood = attacker(['flood', server.port, FLOOD_ADDRESS, FLOOD_S]);
  await flood.ready;
  const results = await normalBeacons(FLOOD_S - 1);
  return { results, counts: await flood.done };
}

const madridDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

async function apiGet(auth, url) {
  const answer = await fetch(`${server.base}${url}`, { headers: auth.cookie ? { cookie: auth.cookie } : {} });
  const body = await answer.text();
  if (!answer.ok) return { error: `${answer.status} ${body.slice(0, 200)}` };
  return JSON.parse(body);
}

/** Stored page views per page name (bots included: a flood flagged automated but stored still counts). */
async function storedByPageName(auth, from) {
  const report = await apiGet(auth, `/api/reports/pageviews?from=${from}&to=${madridDay()}&by=pageName&includeBots=true`);
  if (report.error) return { error: report.error };
  return Object.fromEntries(report.rows.map((row) => [row.key, row.pageViews]));
}

function decisionPath(port, pagePath, n) {
  const params = {
    mbox: 'bench-abuse',
    mboxSession: randomBytes(16).toString('hex'),
    mboxPC: `${randomBytes(16).toString('hex')}.1_0`,
    mboxPage: 'p',
    mboxRid: String(n),
    mboxVersion: '1.8.2',
    mboxCount: '1',
    mboxTime: String(Date.now()),
    mboxHost: `127.0.0.1:${port}`,
    mboxURL: `http://127.0.0.1:${port}${pagePath}`,
    mboxReferrer: '',
    browserHeight: '800',
    browserWidth: '1280',
  };
  return `/m2/mesura/mbox/json?${new URLSearchParams(params)}`;
}

/** `/aaa…a!`: `chars` long, almost matching the pattern, which is what makes a backtracking engine explode. */
const nearMiss = (chars) => `/${'a'.repeat(Math.max(0, chars - 2))}!`;

async function putCatastrophicActivity(auth) {
  const activity = {
    id: 'bench-abuse-regex',
    name: 'bench:abuse',
    type: 'xt',
    status: 'active',
    mboxes: ['bench-abuse'],
    audience: { path: { regex: CATASTROPHIC_PATTERN } },
    priority: 1,
    reshuffle: 0,
    experiences: [{ id: 'a', name: 'A', share: 100 }],
    goal: { type: 'pageView', path: '/fi/' },
  };
  const answer = await fetch(`${server.base}/api/activities/${activity.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.base, ...(auth.cookie && { cookie: auth.cookie }) },
    body: JSON.stringify(activity),
  });
  return { status: answer.status, body: (await answer.text()).slice(0, 300) };
}

/** The longest path below DECISION_PATH_CHARS the decision endpoint answers 200 for (binary search); undefined if none. */
async function longestAcceptedPath() {
  const accepted = async (chars) => (await timedGet({ port: server.port, path: decisionPath(server.port, nearMiss(chars), 0), timeoutMs: DECISION_TIMEOUT_MS })).status === 200;
  let [low, high] = [2, DECISION_PATH_CHARS];
  if (!(await accepted(low))) return undefined;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await accepted(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** Each sample: the decision for a `chars`-long path and a normal beacon sent at the same moment, each timed. */
async function timeDecisions(chars) {
  const decisions = [];
  const beacons = [];
  for (let n = 1; n <= DECISION_SAMPLES; n++) {
    const [decision, beacon] = await Promise.all([
      timedGet({ port: server.port, path: decisionPath(server.port, nearMiss(chars), n), timeoutMs: DECISION_TIMEOUT_MS }),
      timedGet({ port: server.port, path: beaconPath(visitorId('DEC1DE', chars * 100 + n), NORMAL_PAGE_NAME), localAddress: NORMAL_ADDRESS, timeoutMs: DECISION_TIMEOUT_MS }),
    ]);
    decisions.push(decision);
    beacons.push(beacon);
    // A server frozen by one decision would freeze on every other: one is proof enough.
    if (decision.status === 0) break;
  }
  return { chars, decisions: latencySummary(decisions), beacons: latencySummary(beacons), statuses: [...new Set(decisions.map((d) => d.status))] };
}

/**
 * The decision for a DECISION_PATH_CHARS path first. Refused: the longest accepted path is timed
 * instead. Answered: a shorter one too, which any length cap on pattern matching lets the pattern
 * run on. Not answered: the server is blocked, and nothing more is asked of it.
 */
async function decisionPhase(auth) {
  const put = await putCatastrophicActivity(auth);
  const full = await timeDecisions(DECISION_PATH_CHARS);
  const timings = [full];
  if (full.statuses.some((status) => status >= 400 && status < 500)) {
    const longest = await longestAcceptedPath();
    if (longest !== undefined) timings.push(await timeDecisions(longest));
  } else if (full.statuses.every((status) => status === 200)) {
    timings.push(await timeDecisions(SHORT_DECISION_PATH_CHARS));
  }
  return { put, timings };
}

function printDecision({ put, timings }) {
  const accepted = put.status >= 200 && put.status < 300;
  console.log(`activity with audience ${CATASTROPHIC_PATTERN}: PUT ${put.status}${accepted ? ' (accepted)' : ` (refused: ${put.body})`}`);
  for (const { chars, decisions, beacons, statuses } of timings) {
    const answers = statuses.map((status) => (status === 0 ? `no answer within ${DECISION_TIMEOUT_MS} ms` : status)).join(', ');
    console.log(`decision with a ${chars}-character path /aaa…a!: ${answers}`);
    console.log(`  decision time    p50 ${ms(decisions.p50)}  p99 ${ms(decisions.p99)}  (${decisions.sent} requests)`);
    console.log(
      `  beacon sent with it: ack p50 ${ms(beacons.p50)}  p99 ${ms(beacons.p99)}  max ${ms(beacons.max)}; goal ≤ ${BEACON_ACK_GOAL_MS} ms: ${beacons.max <= BEACON_ACK_GOAL_MS ? 'met' : 'NOT met'}`,
    );
  }
}

function printSlow(slow, quiet, goal = { goalMs: SLOW_ATTACK_P99_GOAL_MS }) {
  const summary = latencySummary(slow.results);
  printLatency(slow.label, summary, { quiet, ...goal });
  if (goal.ratioGoal) {
    const ratio = summary.p99 / quiet.p99;
    console.log(`${''.padEnd(28)} goal p99 ≤ ${goal.ratioGoal}× quiet: ${ratio <= goal.ratioGoal ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`);
  }
  const reopened = slow.mode === 'reconnect' ? ' (each reopened after 1 s)' : '';
  console.log(
    `${''.padEnd(28)} attacker: ${slow.openAtStart} open when measuring began, at most ${slow.maxOpen} at once, ${slow.openAtEnd} at the end; ` +
      `${slow.closedByServer} closed by the server${reopened}, ${slow.connectErrors} connections refused`,
  );
}

function printFlood(f, stored, refusals) {
  console.log(
    `\nflood: visitor ${f.visitor}, ${f.sent} beacons in ${f.seconds} s (${Math.round(f.sent / f.seconds)}/s): ${f.acknowledged} acknowledged, ${f.tooMany} answered 429, ${f.otherStatus} other status, ${f.failed} no answer`,
  );
  if (stored.error) console.log(`flood stored: could not read the report (${stored.error})`);
  else console.log(`flood stored: ${stored[FLOOD_PAGE_NAME] ?? 0} of ${f.sent} sent = ${(((stored[FLOOD_PAGE_NAME] ?? 0) / f.sent) * 100).toFixed(2)} %`);
  if (refusals.error) console.log(`refusals: could not read (${refusals.error})`);
  else console.log(`refusals recorded: ${refusals.rows.map((r) => `${r.reason} ${r.hits}`).join(', ') || 'none'}`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-abuse-'));
  try {
    await startServer(dataDir);
    const from = madridDay();
    const auth = await signIn();
    console.log(`bench:abuse on ${server.base}; normal beacons: ${NORMAL_BEACONS_PER_S}/s, new visitor and connection each, from ${NORMAL_ADDRESS}`);
    // The attackers run on the same cores as the server: a loaded machine shows in every figure.
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the start`,
    );
    console.log(`open-file limit: server ${openFileLimit(server.child.pid) ?? 'unknown'}, bench ${openFileLimit() ?? 'unknown'}; reports read ${auth.how}`);
    console.log(
      `server limits (defaults): ${Object.entries(DEFAULT_EDGE_LIMITS)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}`,
    );
    await normalBeacons(WARM_UP_S);
    process.stderr.write(`quiet run for ${QUIET_S} s…\n`);
    const quiet = latencySummary(await normalBeacons(QUIET_S));
    const held = await slowConnectionPhase('hold');
    const reconnecting = await slowConnectionPhase('reconnect');
    const spread = await slowConnectionPhase('reconnect', spreadAddresses(), SPREAD_CONNECTIONS_PER_ADDRESS);
    const flood = await floodPhase();
    const stored = await storedByPageName(auth, from);
    const refusals = await apiGet(auth, `/api/reports/refusals?from=${from}&to=${madridDay()}`);
    process.stderr.write(`decision with ${CATASTROPHIC_PATTERN}…\n`);
    const decision = await decisionPhase(auth);

    console.log('\nnormal-beacon latency (every beacon sent; one not acknowledged counts as no answer)');
    printLatency('quiet', quiet);
    for (const slow of [held, reconnecting]) printSlow(slow, quiet);
    printSlow(spread, quiet, { ratioGoal: SPREAD_P99_RATIO_GOAL });
    printLatency('one-visitor flood', latencySummary(flood.results), { quiet });
    printFlood(flood.counts, stored, refusals);
    console.log('');
    printDecision(decision);
  } finally {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBounded('bench:abuse', main, HARD_LIMIT_MS, () => server?.child);
