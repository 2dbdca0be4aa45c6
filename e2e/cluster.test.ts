/**
 * `npm run cluster` end to end: the real scripts/cluster/cluster.mjs on ports and a folder of its
 * own starts ClickHouse, PostgreSQL, an API node, two collectors and nginx; beacons sent through
 * the balancer are acknowledged, reach both collectors, and are counted by a report the API node
 * serves behind sign-in; a Ctrl-C then stops every process it started and frees every port.
 * Needs nginx, clickhouse-server and postgresql (.ci/run installs them): without one it is skipped
 * outside CI, and fails under CI=true.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBeacon, type AnalyticsHit } from '@mesura/protocol';
import { isRunning, pidFromFile, portIsFree, processTree, processesNaming, startCluster, type ClusterProcess, type ProcessEntry } from './helpers/cluster-process.js';
import { E2E_ADMIN_ENV, apiHeaders, freePort } from './helpers/server-process.js';
import { today } from './helpers/site-under-test.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** What cluster.mjs prints once every process answers. */
const READY_LINE = 'Mesura cluster on loopback (Ctrl-C stops it all):';
/** ClickHouse, PostgreSQL's first initdb and three servers one after another, on a loaded machine. */
const START_TIMEOUT_MS = 90_000;
/** A collector drains its log every 5 s (server/src/ingest/store-loader.ts LOAD_INTERVAL_MS). */
const REPORT_TIMEOUT_MS = 30_000;
const REPORT_POLL_MS = 500;
/** Ctrl-C to the last process gone: each server drains, PostgreSQL and ClickHouse stop. */
const STOP_TIMEOUT_MS = 45_000;
/** Even, so that round robin over two collectors gives each some. */
const BEACONS = 6;
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

const postgresInstalled = () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/postgres`));
const missing = [
  existsSync('/usr/sbin/nginx') ? undefined : 'nginx',
  existsSync('/usr/sbin/clickhouse-server') || existsSync('/usr/bin/clickhouse') ? undefined : 'clickhouse-server',
  postgresInstalled() ? undefined : 'postgresql',
].filter((name) => name !== undefined);
const IN_CI = process.env.CI === 'true';
const describeCluster = missing.length === 0 || IN_CI ? describe : describe.skip;
const title = missing.length === 0 || IN_CI ? 'npm run cluster' : `npm run cluster (skipped: ${missing.join(', ')} not installed; apt-get install them)`;

const runId = `cluster${Date.now().toString(36)}`;

function beacon(index: number): string {
  const hit: AnalyticsHit = {
    eventId: `${runId}-${index}`,
    // The reports cut days by the time of receipt: the browser's clock changes nothing here.
    clientTime: { day: 23, month0: 10, year: 2026, hour: 9, minute: 0, second: 0, weekday: 1, tzOffsetMin: -60 },
    visitor: { fid: `1F65FB944AFA1C05-${String(index).padStart(16, '0')}` },
    pageName: `cluster:page-${index}`,
    url: `http://localhost/cluster/${index}/`,
    events: [{ id: 1 }],
    props: { 1: 'cluster' },
    eVars: { 1: 'cluster', 8: 'cluster' },
    hierarchies: {},
    lists: {},
    contextData: {},
    browser: {},
  };
  return encodeBeacon({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: String(1e13 + index) }, hit, 'page_view');
}

/** Seven ports nothing listens on now, each different, and the environment that gives them to cluster.mjs. */
async function clusterPorts() {
  const taken = new Set<number>();
  const next = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) return (taken.add(port), port);
    }
  };
  const ports = { balancer: await next(), api: await next(), collectors: [await next(), await next()], clickHouseHttp: await next(), clickHouseTcp: await next(), postgres: await next() };
  const env = {
    MESURA_CLUSTER_PORT: String(ports.balancer),
    MESURA_CLUSTER_API_PORT: String(ports.api),
    MESURA_CLUSTER_COLLECTOR_PORTS: ports.collectors.join(','),
    MESURA_CLUSTER_CLICKHOUSE_HTTP_PORT: String(ports.clickHouseHttp),
    MESURA_CLUSTER_CLICKHOUSE_TCP_PORT: String(ports.clickHouseTcp),
    MESURA_CLUSTER_POSTGRES_PORT: String(ports.postgres),
  };
  return { ...ports, all: [...taken], env };
}

/** The ports of `ports` something still listens on. */
async function busyPorts(ports: readonly number[]): Promise<number[]> {
  const busy = [];
  for (const port of ports) if (!(await portIsFree(port))) busy.push(port);
  return busy;
}

/** Rows stored per collector, from the ClickHouse journal of drained batches (`<collector>/<segment>/<offset>/<digest>`). */
async function rowsByCollector(clickHouseHttpPort: number): Promise<Record<string, number>> {
  const sql = `SELECT splitByChar('/', batch_id)[1] AS collector, sum(row_count) AS rows FROM mesura.event_batches WHERE phase = 'stored' GROUP BY collector FORMAT JSONEachRow`;
  const answer = await fetch(`http://127.0.0.1:${clickHouseHttpPort}/`, { method: 'POST', body: sql });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`ClickHouse answered ${answer.status}: ${text}`);
  const rows =
    text.trim() === ''
      ? []
      : text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { collector: string; rows: string | number });
  return Object.fromEntries(rows.map((row) => [row.collector, Number(row.rows)]));
}

/** Rejects with `message` unless `promise` settles within `timeoutMs`. */
async function within<T>(promise: Promise<T>, timeoutMs: number, message: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message())), timeoutMs)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const describeProcess = (entry: ProcessEntry) => `${entry.name} (pid ${entry.pid})`;

describeCluster(title, () => {
  let root = '';
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'mesura-cluster-'));
    // PostgreSQL runs as the postgres user when the tests run as root: it must enter the folder.
    chmodSync(root, 0o755);
  });
  const started: ClusterProcess[] = [];
  /** cluster.mjs on ports of its own and the folder `name` under `root`. */
  const launch = async (name: string) => {
    const ports = await clusterPorts();
    const dir = path.join(root, name);
    const cluster = startCluster(dir, { ...ports.env, MESURA_LOG_LEVEL: 'warn', ...E2E_ADMIN_ENV });
    started.push(cluster);
    return { cluster, ports, dir };
  };

  afterAll(async () => {
    // A test that failed half way leaves nothing running: Ctrl-C, then SIGKILL to what remains
    // (the servers cluster.mjs started, in process groups of their own, and the daemons naming the folder).
    for (const cluster of started.filter((each) => each.child.exitCode === null && each.child.signalCode === null)) {
      const children = processTree([cluster.child.pid!]);
      cluster.interrupt();
      await within(cluster.exited, STOP_TIMEOUT_MS, () => 'cluster.mjs did not stop').catch(() => {
        for (const child of children) if (isRunning(child.pid)) process.kill(child.pid, 'SIGKILL');
      });
    }
    for (const leftover of processesNaming(root)) process.kill(leftover.pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS + 10_000);

  const expectInstalled = () => {
    expect(missing, `${missing.join(', ')} not installed: .ci/run installs them (apt-get install nginx clickhouse-server postgresql)`).toEqual([]);
    expect(existsSync(path.join(REPO_ROOT, 'server/dist/main.js')), 'server/dist/main.js is missing: npm run build first').toBe(true);
  };

  it(
    'starts ClickHouse, PostgreSQL, an API node, two collectors and nginx; counts beacons sent through nginx in a report behind sign-in; stops them all on Ctrl-C',
    async () => {
      expectInstalled();
      const { cluster, ports, dir } = await launch('running');
      await cluster.waitForLine(READY_LINE, START_TIMEOUT_MS);
      // The address MESURA_PUBLIC_URL names: sign-in answers only requests from that origin.
      const balancer = `http://localhost:${ports.balancer}`;

      // Both collectors answer, as collectors; the balancer sends the rest (here /healthz) to the API node.
      for (const port of ports.collectors) {
        expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toMatchObject({ status: 'ok', role: 'collector' });
      }
      // The API node's health: no log of its own, and the day roll-ups it keeps.
      expect(await (await fetch(`${balancer}/healthz`)).json()).toMatchObject({ status: 'ok', pendingEvents: 0, dayRollups: { visits: { failing: false } } });

      const from = today();
      for (let index = 0; index < BEACONS; index++) {
        const answer = await fetch(balancer + beacon(index), { headers: { 'user-agent': BROWSER_UA } });
        expect(answer.status, `beacon ${index} through the balancer`).toBe(200);
      }

      const report = (headers: Record<string, string>) => fetch(`${balancer}/api/reports/pageviews?from=${from}&to=${today()}&by=pageName`, { headers });
      expect((await report({})).status, 'a report without sign-in').toBe(401);
      const headers = await apiHeaders({ baseUrl: balancer });
      const counted = async () => {
        const answer = await report(headers);
        expect(answer.status).toBe(200);
        return (await answer.json()) as { total: number; visitors: number; rows: { key: string; pageViews: number }[] };
      };
      await expect.poll(async () => (await counted()).total, { timeout: REPORT_TIMEOUT_MS, interval: REPORT_POLL_MS }).toBe(BEACONS);
      const pages = (await counted()).rows.map((row) => row.key).sort();
      expect(pages).toEqual(Array.from({ length: BEACONS }, (_, index) => `cluster:page-${index}`).sort());

      // Round robin: each collector stored some of the beacons, and together all of them once.
      const stored = await rowsByCollector(ports.clickHouseHttp);
      expect(Object.keys(stored).sort()).toEqual(['collector-1', 'collector-2']);
      expect(
        Object.values(stored).every((rows) => rows > 0),
        JSON.stringify(stored),
      ).toBe(true);
      expect(Object.values(stored).reduce((sum, rows) => sum + rows, 0)).toBe(BEACONS);

      // Every process the cluster runs: its own tree (the servers, nginx and its worker) and the
      // daemons the service scripts started (ClickHouse, PostgreSQL and its backends).
      const clickHousePid = pidFromFile(path.join(dir, 'clickhouse/clickhouse-server.pid'));
      const postgresPid = pidFromFile(path.join(dir, 'postgres/data/postmaster.pid'));
      const running = processTree([cluster.child.pid!, clickHousePid ?? 0, postgresPid ?? 0]);
      const names = running.map((entry) => entry.name);
      expect(names.filter((name) => name === 'node').length, names.join(', ')).toBe(4);
      for (const name of ['nginx', 'clickhouse', 'postgres'])
        expect(
          names.some((each) => each.startsWith(name)),
          `${name} among ${names.join(', ')}`,
        ).toBe(true);

      cluster.interrupt();
      const code = await within(cluster.exited, STOP_TIMEOUT_MS, () => `cluster.mjs did not exit within ${STOP_TIMEOUT_MS} ms of Ctrl-C:\n${cluster.outputTail()}`);
      expect(code, cluster.outputTail()).toBe(0);
      expect(cluster.outputTail()).toContain('cluster: stopped');
      expect(running.filter((entry) => isRunning(entry.pid)).map(describeProcess), 'still running after the cluster stopped').toEqual([]);
      expect(processesNaming(dir).map(describeProcess), 'processes naming the cluster folder').toEqual([]);
      expect(await busyPorts(ports.all), 'ports still taken after the cluster stopped').toEqual([]);
    },
    START_TIMEOUT_MS + REPORT_TIMEOUT_MS + STOP_TIMEOUT_MS + 15_000,
  );

  it(
    'stops what it has started when Ctrl-C comes while it starts (ClickHouse first)',
    async () => {
      expectInstalled();
      const { cluster, ports, dir } = await launch('interrupted');
      await cluster.waitForLine('cluster: starting under', START_TIMEOUT_MS);
      cluster.interrupt();
      const code = await within(cluster.exited, STOP_TIMEOUT_MS, () => `cluster.mjs did not exit within ${STOP_TIMEOUT_MS} ms of Ctrl-C:\n${cluster.outputTail()}`);
      expect(code, cluster.outputTail()).toBe(0);
      expect(cluster.outputTail()).not.toContain(READY_LINE);
      expect(processesNaming(dir).map(describeProcess), 'processes naming the cluster folder').toEqual([]);
      expect(await busyPorts(ports.all), 'ports still taken after the cluster stopped').toEqual([]);
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});

describe('npm run cluster with a bad setting', () => {
  it('refuses it in one line naming the variable, before starting anything', async () => {
    const dir = path.join(tmpdir(), `mesura-cluster-refused-${runId}`);
    const run = (env: Record<string, string>) => promisify(execFile)(process.execPath, ['scripts/cluster/cluster.mjs', dir], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    await expect(run({ MESURA_CLUSTER_COLLECTOR_PORTS: '8082' })).rejects.toMatchObject({
      code: 2,
      stderr: "cluster: MESURA_CLUSTER_COLLECTOR_PORTS must be two ports from 1 to 65535 separated by a comma, got '8082'\n",
    });
    await expect(run({ MESURA_CLUSTER_API_PORT: '80a' })).rejects.toMatchObject({ code: 2, stderr: "cluster: MESURA_CLUSTER_API_PORT must be a port from 1 to 65535, got '80a'\n" });
    expect(existsSync(dir)).toBe(false);
  });
});
