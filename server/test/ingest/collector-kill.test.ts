/**
 * Kill -9 safety of a collector on ClickHouse, with the built server as a real process
 * (helpers/built-server.ts): beacons acknowledged before a SIGKILL, at any point of its drain, are in
 * ClickHouse once the restarted collector has drained its log, each exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { sqlString } from '../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase } from '../helpers/clickhouse.js';
import { BROWSER_UA, TEST_ENV, beaconUrl, testHit } from '../helpers/test-server.js';
import { BUILD_TIMEOUT_MS, BUILT_MAIN as MAIN, buildServer } from '../helpers/built-server.js';
import { freePort } from '../helpers/free-port.js';
const BEACONS = 400;
const CONCURRENT_REQUESTS = 20;
/** How long a start or a drain may take on a loaded machine before the test gives up. */
const START_TIMEOUT_MS = 30_000;
const DRAIN_TIMEOUT_MS = 60_000;
const POLL_MS = 200;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startCollector(dataDir: string, storeUrl: string): Promise<{ base: string; child: ChildProcess }> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  const port = await freePort();
  const env = {
    ...process.env,
    ...TEST_ENV,
    PORT: String(port),
    MESURA_DATA_DIR: dataDir,
    MESURA_ROLE: 'collector',
    MESURA_STORE: storeUrl,
    MESURA_LOG_LEVEL: 'error',
    MESURA_ADDRESS_MAX_REQUESTS_PER_S: '1000000',
  };
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; await pause(POLL_MS)) {
    if (child.exitCode !== null) throw new Error(`the collector exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
  }
  throw new Error('the collector did not start');
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describeWithClickHouse('a collector killed with SIGKILL (kill -9) and restarted', () => {
  const db = useTestDatabase();
  beforeAll(buildServer, BUILD_TIMEOUT_MS);

  it('drains every beacon it had acknowledged into ClickHouse exactly once', { timeout: 240_000 }, async () => {
    const { username, password, endpoint, database } = db().location;
    const storeUrl = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-kill-'));
    try {
      let collector = await startCollector(dataDir, storeUrl);
      const acknowledged: string[] = [];
      const send = async (base: string, count: number) => {
        for (let sent = 0; sent < count; sent += CONCURRENT_REQUESTS) {
          await Promise.all(
            Array.from({ length: Math.min(CONCURRENT_REQUESTS, count - sent) }, async () => {
              const hit = testHit();
              const answer = await fetch(`${base}${beaconUrl(hit)}`, { headers: { 'user-agent': BROWSER_UA } });
              if (answer.status === 200) acknowledged.push(hit.eventId!);
            }),
          );
        }
      };
      // 1. Killed before any drain: everything is still in the log.
      await send(collector.base, BEACONS / 2);
      await killHard(collector.child);
      // 2. Restarted, sent more, killed again about when its first drain round runs (every 5 s).
      collector = await startCollector(dataDir, storeUrl);
      await send(collector.base, BEACONS / 2);
      await pause(5200);
      await killHard(collector.child);
      // 3. Restarted: leftovers drain first, then nothing is left.
      collector = await startCollector(dataDir, storeUrl);
      for (const deadline = Date.now() + DRAIN_TIMEOUT_MS; ; await pause(POLL_MS)) {
        const health = (await (await fetch(`${collector.base}/healthz`)).json()) as { undrainedLogBytes: number; lastDrainError: unknown };
        if (health.undrainedLogBytes === 0) break;
        if (Date.now() > deadline) throw new Error(`the log did not drain: ${JSON.stringify(health)}`);
      }
      expect(acknowledged).toHaveLength(BEACONS);
      const rows = await db().transport.query<{ event_id: string; n: string }>(
        `SELECT event_id, count() AS n FROM ${database}.hits WHERE event_id IN (${acknowledged.map(sqlString).join(', ')}) GROUP BY event_id`,
      );
      expect(rows).toHaveLength(BEACONS);
      expect(rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
