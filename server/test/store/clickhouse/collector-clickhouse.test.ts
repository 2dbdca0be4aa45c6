/**
 * MESURA_ROLE and MESURA_STORE=clickhouse://…: a collector drains its ingest log into ClickHouse,
 * each row once, keeps acknowledging while ClickHouse is down and serves nothing of the console;
 * an API node on ClickHouse serves the site, sign-in and the reports but no collector endpoint; one
 * process with MESURA_STORE alone (role all) does both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { openIntake } from '../../../src/ingest/intake.js';
import { clickHouseBatchSink } from '../../../src/store/clickhouse/clickhouse-batch-sink.js';
import type { ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import { clickHouseRefusals } from '../../../src/store/clickhouse/refused-hits-table.js';
import { openOnce } from '../../../src/store/open-once.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { intakeOptions } from '../../helpers/intake-options.js';
import { startTcpProxy } from '../../helpers/tcp-proxy.js';
import { BROWSER_UA, TEST_ENV, beaconUrl, testHit } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-collector-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('MESURA_ROLE', () => {
  const config = (env: Record<string, string>) => () => loadConfig({ MESURA_DATA_DIR: tempDir(), ...env }, repoRoot);

  it('refuses an unknown role in one line naming the roles', () => {
    expect(config({ MESURA_ROLE: 'reports' })).toThrow(/^MESURA_ROLE must be all, collector, api, got 'reports'$/);
  });

  it('takes role all by default on ClickHouse too, and every role named', () => {
    const store = 'clickhouse://default:secret@127.0.0.1:8123/mesura';
    expect(config({ MESURA_STORE: store })().role).toBe('all');
    for (const role of ['all', 'collector', 'api']) expect(config({ MESURA_STORE: store, MESURA_ROLE: role })().role).toBe(role);
  });

  it('refuses a bad MESURA_STORE without repeating its password', () => {
    const error = (() => {
      try {
        config({ MESURA_STORE: 'postgres://default:hunter2@127.0.0.1/mesura', MESURA_ROLE: 'collector' })();
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toMatch(/^MESURA_STORE: the scheme must be clickhouse: or clickhouses:/);
    expect(error?.message).not.toContain('hunter2');
  });

  it('reads MESURA_MAX_UNDRAINED_LOG_BYTES, 8 GiB by default', () => {
    expect(config({})().maxUndrainedLogBytes).toBe(8 * 1024 ** 3);
    expect(config({ MESURA_MAX_UNDRAINED_LOG_BYTES: '1048576' })().maxUndrainedLogBytes).toBe(1_048_576);
    expect(config({ MESURA_MAX_UNDRAINED_LOG_BYTES: '-1' })).toThrow(/^MESURA_MAX_UNDRAINED_LOG_BYTES must be a positive integer, got '-1'$/);
  });
});

describeWithClickHouse('collectors on ClickHouse (MESURA_STORE)', () => {
  const db = useTestDatabase();
  const storeUrl = () => {
    const { username, password, endpoint, database } = db().location;
    return `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
  };
  const count = async (table: string, where = '1') => Number((await db().transport.query<{ n: string }>(`SELECT count() AS n FROM ${db().location.database}.${table} WHERE ${where}`))[0]!.n);

  async function start(role: 'collector' | 'api' | 'all', dataDir = tempDir(), store = storeUrl()): Promise<MesuraServer> {
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role };
    const server = await createServer(loadConfig(env, repoRoot));
    cleanups.push(() => server.close());
    return server;
  }

  it('a collector acknowledges beacons, stores each once in ClickHouse on its drain, and serves nothing of the console', async () => {
    const server = await start('collector');
    const events = [testHit(), testHit(), testHit()];
    for (const event of events) {
      const answer = await server.app.inject({ url: beaconUrl(event), headers: { 'user-agent': BROWSER_UA } });
      expect(answer.statusCode).toBe(200);
    }
    const again = await server.app.inject({ url: beaconUrl(events[0]!), headers: { 'user-agent': BROWSER_UA } });
    expect(again.statusCode).toBe(200);
    const health = (await server.app.inject({ url: '/healthz' })).json();
    expect(health).toMatchObject({ status: 'ok', role: 'collector', refusing: false, lastDrainError: null, waitingFor: [] });
    expect(health.undrainedLogBytes).toBeGreaterThan(0);
    expect((await server.app.inject({ url: '/readyz' })).json()).toMatchObject({ ready: true, role: 'collector' });
    expect((await server.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    for (const url of ['/api/session', '/consola/', '/api/reports/page-views?from=2026-11-23&to=2026-11-23']) {
      expect((await server.app.inject({ url })).statusCode, url).toBe(404);
    }
    await server.close(); // drains what it acknowledged
    const ids = events.map((event) => sqlString(event.eventId!)).join(', ');
    expect(await count('hits', `event_id IN (${ids})`)).toBe(3);
  });

  it('an API node on ClickHouse signs in and serves the site and the reports behind sign-in, but no collector endpoint', async () => {
    const server = await start('api');
    expect((await server.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(404);
    // It collects nothing; it keeps the day roll-ups (day-rollup-job.ts), which its health shows.
    const health = (await server.app.inject({ url: '/healthz' })).json() as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', pendingEvents: 0, role: 'api', ready: true });
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(Object.keys(health.dayRollups as object)).toEqual(['visits', 'media sessions', 'live minutes']);
    const headers = { 'content-type': 'application/json', origin: 'http://localhost:8080' };
    const signIn = await server.app.inject({ method: 'POST', url: '/api/session', headers, payload: { email: 'nobody@example.cat', password: 'wrong-password' } });
    expect(signIn.statusCode).toBe(401);
    const report = await server.app.inject({ url: '/api/reports/audience/by-day?from=2026-11-23&to=2026-11-23' });
    expect(report.statusCode).toBe(401);
  });

  it("an API node's /healthz says degraded while a day roll-up's last run failed, and ok once one succeeds", async () => {
    const { hostname, port } = new URL(db().location.endpoint);
    const proxy = await startTcpProxy({ host: hostname, port: Number(port) });
    cleanups.push(() => proxy.down());
    const throughProxy = storeUrl().replace(db().location.endpoint.replace('http://', ''), `127.0.0.1:${proxy.port}`);
    const server = await start('api', tempDir(), throughProxy);
    await server.dayRollups!.runNow();
    expect((await server.app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
    await proxy.down();
    await server.dayRollups!.runNow();
    const down = (await server.app.inject({ url: '/healthz' })).json() as { status: string; dayRollups: Record<string, { failing: boolean }> };
    expect(down.status).toBe('degraded');
    // The reports still answer, cutting those days from the events: still ready.
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(Object.values(down.dayRollups).every((rollup) => rollup.failing)).toBe(true);
    await proxy.up();
    await server.dayRollups!.runNow();
    expect((await server.app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
  });

  it('one process with MESURA_STORE alone (role all) acknowledges beacons, drains them to ClickHouse and serves the reports behind sign-in', async () => {
    const server = await start('all');
    const events = [testHit(), testHit()];
    for (const event of events) {
      const answer = await server.app.inject({ url: beaconUrl(event), headers: { 'user-agent': BROWSER_UA } });
      expect(answer.statusCode).toBeLessThan(300);
    }
    expect((await server.app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok', pendingEvents: expect.any(Number) });
    expect((await server.app.inject({ url: '/api/reports/audience/by-day?from=2026-11-23&to=2026-11-23' })).statusCode).toBe(401);
    await server.close(); // drains what it acknowledged
    expect(await count('hits', `event_id IN (${events.map((event) => sqlString(event.eventId!)).join(', ')})`)).toBe(2);
  });

  it('a collector starts while ClickHouse cannot be reached, acknowledges, and stores each beacon once it answers, its tables made then', async () => {
    const { hostname, port } = new URL(db().location.endpoint);
    const proxy = await startTcpProxy({ host: hostname, port: Number(port) });
    cleanups.push(() => proxy.down());
    await proxy.down();
    const database = `${db().location.database}_late`;
    cleanups.push(() => db().transport.command(`DROP DATABASE IF EXISTS ${database}`));
    const throughProxy = storeUrl()
      .replace(db().location.endpoint.replace('http://', ''), `127.0.0.1:${proxy.port}`)
      .replace(/\/[^/]+$/, `/${database}`);
    // Only a collector waits: a process that serves the console needs ClickHouse to answer anything.
    await expect(start('api', tempDir(), throughProxy)).rejects.toThrow(/could not make the events tables/);
    const server = await start('collector', tempDir(), throughProxy);
    const events = [testHit(), testHit(), testHit()];
    for (const event of events) {
      expect((await server.app.inject({ url: beaconUrl(event), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    }
    // Acknowledging, but not draining until ClickHouse answers: what a monitor should hear.
    await expect(server.app.inject({ url: '/healthz' }).then((r) => r.json())).resolves.toMatchObject({ status: 'degraded', refusing: false, waitingFor: ['events store'] });
    await proxy.up();
    await server.close(); // drains what it acknowledged, making the tables first
    const ids = events.map((event) => sqlString(event.eventId!)).join(', ');
    const stored = await db().transport.query<{ n: string }>(`SELECT count() AS n FROM ${database}.hits WHERE event_id IN (${ids})`);
    expect(Number(stored[0]!.n)).toBe(3);
  });

  it('keeps acknowledging while ClickHouse fails, then drains every row once, even when an answer was lost', async () => {
    const tables = eventTables({ variables: variableNames(SITE_VARIABLE_MAP) });
    await ensureSchema(db().transport, db().location.database, tables);
    const transport = flakyTransport(db().transport);
    const writer = new EventBatchWriter({ transport, database: db().location.database, tables, now: Date.now });
    const sink = clickHouseBatchSink({ writer, collector: 'c-flaky', location: db().location, onLeftOut: () => undefined });
    const refusals = clickHouseRefusals(
      db().transport,
      db().location.database,
      openOnce(async () => undefined),
    ); // made above
    const intake = await openIntake({
      ...intakeOptions(tempDir()),
      store: { ...sink, ...refusals },
      drainRetry: { firstMs: 5000, maxMs: 30_000 },
    });
    cleanups.push(() => intake.close());
    const send = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const url = beaconUrl(testHit());
        const q = url.indexOf('?');
        await intake.collect({ path: url.slice(0, q), params: url.slice(q + 1), ip: '203.0.113.9', userAgent: BROWSER_UA, receivedAtMs: Date.now() });
      }
    };
    const before = await count('hits');
    transport.down = true;
    await send(5);
    await expect(intake.catchUp()).rejects.toThrow(/^draining the ingest log into ClickHouse at clickhouse:\/\/.* failed: connect ECONNREFUSED/);
    await send(5);
    expect(intake.health().lastDrainError?.failures).toBe(1);
    expect(await count('hits')).toBe(before);

    transport.down = false;
    transport.loseNextStoredAnswer = true; // the batch is stored, its journal's answer lost: a retry must add nothing
    await expect(intake.catchUp()).rejects.toThrow(/answer lost/);
    await send(2);
    await intake.catchUp();
    expect(await count('hits')).toBe(before + 12);
    expect(intake.health()).toMatchObject({ undrainedLogBytes: 0, lagMs: 0, lastDrainError: null });
  });
});

/** A transport that refuses every statement while `down`, and can lose the answer of a batch's `stored` journal row. */
function flakyTransport(inner: ClickHouseTransport): ClickHouseTransport & { down: boolean; loseNextStoredAnswer: boolean } {
  const refused = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:8123'));
  return {
    down: false,
    loseNextStoredAnswer: false,
    async command(sql, options) {
      if (this.down) return refused();
      await inner.command(sql, options);
      if (this.loseNextStoredAnswer && sql.includes("'stored'")) {
        this.loseNextStoredAnswer = false;
        throw new Error('answer lost after the statement ran');
      }
    },
    query(sql, options) {
      return this.down ? refused() : inner.query(sql, options);
    },
    close: () => inner.close(),
  };
}
