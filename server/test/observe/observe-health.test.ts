/**
 * /healthz and /readyz: readiness fails and the status says why within 5 s of a store that cannot
 * load or a disk under MESURA_MIN_FREE_BYTES (a fake store, a fake free-space reader, fake
 * intervals: no real full disk and no real wait); storage 503s carry Retry-After.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ERRORS, HttpError, STORE_RETRY_AFTER_S } from '../../src/http/errors.js';
import { openIntake, type Intake } from '../../src/ingest/intake.js';
import { LOAD_INTERVAL_MS } from '../../src/ingest/store-loader.js';
import { FREE_SPACE_CHECK_INTERVAL_MS, LOW_DISK_RETRY_AFTER_S, watchFreeSpace, type DiskSpace } from '../../src/observe/free-space.js';
import { healthBody, publicMessage } from '../../src/observe/health.js';
import type { RowBatchSink } from '../../src/store/row-batch.js';
import type { RefusalStore } from '../../src/store/refusal-store.js';
import { intakeOptions } from '../helpers/intake-options.js';
import { BROWSER_UA, TEST_ENV, beaconUrl, testHit } from '../helpers/test-server.js';

/** What the issue allows between the failure and the health saying so. */
const DETECTED_WITHIN_MS = 5000;
const GIB = 1024 ** 3;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.useRealTimers();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-health-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A disk whose free space the test sets, read when the test fires the watch's interval. */
function fakeDisk(freeBytes: number) {
  const disk = { space: { freeBytes, totalBytes: 100 * GIB } as DiskSpace, tick: (() => undefined) as () => void, intervalMs: 0 };
  return {
    disk,
    read: async () => ({ ...disk.space }),
    timers: {
      setInterval: (run: () => void, ms: number) => {
        disk.tick = run;
        disk.intervalMs = ms;
        return 1;
      },
      clearInterval: () => undefined,
    },
  };
}

describe('readiness of a store that cannot load', () => {
  it('turns not ready and degraded within 5 s of the first failed load, and ready again once a load succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let failing = true;
    const store: RowBatchSink & RefusalStore = {
      batchRows: Number.POSITIVE_INFINITY,
      storeBatch: async (batch) => {
        if (failing) throw new Error('IO Error: Could not write file "mesura.duckdb.wal": No space left on device');
        return batch.records().length;
      },
      addRefusedHits: async () => undefined,
      refusedHits: async () => [],
    };
    const intake: Intake = await openIntake({ ...intakeOptions(tempDir()), store });
    cleanups.push(async () => {
      failing = false;
      await intake.close();
    });
    const sources = { role: 'all' as const, intake, loadFailureBlocksReadiness: true, waitingFor: () => [], freeSpace: watchFreeSpace({ dir: '.', minFreeBytes: 0, ...fakeDisk(10 * GIB) }) };
    const url = beaconUrl(testHit());
    const q = url.indexOf('?');
    await intake.collect({ path: url.slice(0, q), params: url.slice(q + 1), ip: '203.0.113.9', userAgent: BROWSER_UA, receivedAtMs: Date.now() });
    expect(await healthBody(sources)).toMatchObject({ status: 'ok', ready: true, lastDrainError: null });

    expect(LOAD_INTERVAL_MS).toBeLessThanOrEqual(DETECTED_WITHIN_MS);
    await vi.advanceTimersByTimeAsync(LOAD_INTERVAL_MS);
    // The tick's load (its file I/O is real) fails; nothing else loads.
    await vi.waitFor(async () => expect((await healthBody(sources)).ready).toBe(false));
    const down = await healthBody(sources);
    expect(down).toMatchObject({ status: 'degraded', ready: false, refusing: false, lastDrainError: { message: 'IO Error: Could not write file "mesura.duckdb.wal": No space left on device' } });
    expect(down.undrainedLogBytes).toBeGreaterThan(0);

    failing = false;
    await intake.catchUp();
    expect(await healthBody(sources)).toMatchObject({ status: 'ok', ready: true, lastDrainError: null, undrainedLogBytes: 0 });
  });

  it('keeps a collector over ClickHouse ready while its drains fail: its log holds the events', async () => {
    const intake = {
      health: () => ({ undrainedLogBytes: 10, maxUndrainedLogBytes: 100, lagMs: 7000, refusing: false, lastDrainError: { message: 'ECONNREFUSED', atMs: 1, failures: 3 }, lastLogWriteError: null }),
      pending: async () => 0,
    } as unknown as Intake;
    const body = await healthBody({ role: 'collector', intake, loadFailureBlocksReadiness: false, waitingFor: () => [], freeSpace: watchFreeSpace({ dir: '.', minFreeBytes: 0, ...fakeDisk(GIB) }) });
    expect(body).toMatchObject({ status: 'degraded', ready: true, lagMs: 7000 });
  });

  it('shows no URL credentials in a failure', () => {
    expect(publicMessage('connect to http://default:s3cret@clickhouse:8123 failed')).toBe('connect to http://clickhouse:8123 failed');
  });
});

describe('the server under MESURA_MIN_FREE_BYTES', () => {
  async function serverOnDisk(freeBytes: number): Promise<{ server: MesuraServer; disk: ReturnType<typeof fakeDisk>['disk']; errorLines: string[] }> {
    const dataDir = tempDir();
    const config = loadConfig({ MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'info', ...TEST_ENV, MESURA_MIN_FREE_BYTES: String(GIB) }, path.resolve(import.meta.dirname, '../../..'));
    const { disk, read, timers } = fakeDisk(freeBytes);
    const errorLines: string[] = [];
    const logStream = { write: (line: string) => void ((JSON.parse(line) as { level: number }).level >= 50 && errorLines.push(line)) };
    const server = await createServer(config, { freeSpace: { read, timers }, logStream });
    cleanups.push(() => server.close());
    return { server, disk, errorLines };
  }

  it('refuses new events with 503 and Retry-After once a reading finds the disk under the minimum, and says why on both health routes', async () => {
    const { server, disk } = await serverOnDisk(10 * GIB);
    const beacon = () => server.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': BROWSER_UA } });
    expect((await beacon()).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    expect(disk.intervalMs).toBe(FREE_SPACE_CHECK_INTERVAL_MS);
    expect(FREE_SPACE_CHECK_INTERVAL_MS).toBeLessThanOrEqual(DETECTED_WITHIN_MS);
    disk.space = { freeBytes: 200 * 1024 ** 2, totalBytes: 100 * GIB };
    disk.tick();
    await vi.waitFor(async () => expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(503));

    const refused = await beacon();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(LOW_DISK_RETRY_AFTER_S));
    expect(refused.json()).toMatchObject({ code: 'MESURA_ERR_LOW_DISK' });
    const ready = await server.app.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({ ready: false, status: 'refusing', refusingBecause: 'low-disk', freeDiskBytes: 200 * 1024 ** 2, minFreeDiskBytes: GIB, code: 'MESURA_ERR_NOT_READY' });
    expect(ready.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_S));
    const health = await server.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'refusing', ready: false, role: 'all', refusing: true, refusingBecause: 'low-disk', pendingEvents: 0 });

    disk.space = { freeBytes: 2 * GIB, totalBytes: 100 * GIB };
    disk.tick();
    await vi.waitFor(async () => expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200));
    expect((await beacon()).statusCode).toBe(200);
  });

  it('logs the 503s it answers: the first as one line without a stack, the rest counted', async () => {
    const { server, disk, errorLines } = await serverOnDisk(100 * 1024 ** 2);
    await vi.waitFor(async () => expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(503));
    for (let i = 0; i < 20; i += 1) expect((await server.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(503);
    expect(errorLines).toHaveLength(1);
    const line = JSON.parse(errorLines[0]!) as Record<string, unknown>;
    expect(line.msg).toBe(`answering beacons with 503: the server's disk has less than ${GIB} bytes free; retry in ${LOW_DISK_RETRY_AFTER_S} s`);
    expect(line.code).toBe('MESURA_ERR_LOW_DISK');
    expect(JSON.stringify(line)).not.toContain('stack');
    disk.space = { freeBytes: 2 * GIB, totalBytes: 100 * GIB };
    disk.tick();
    await vi.waitFor(async () => expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200));
    expect((await server.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    // Back to work: the 19 repeats are counted in one more line.
    expect(errorLines.map((text) => (JSON.parse(text) as { msg: string }).msg)[1]).toMatch(/; 19 more since /);
  });

  it('answers every field an operator reads on /healthz, with nothing but figures and one-line failures', async () => {
    const { server } = await serverOnDisk(10 * GIB);
    await vi.waitFor(async () => expect((await server.app.inject({ url: '/healthz' })).json().freeDiskBytes).toBe(10 * GIB));
    const body = (await server.app.inject({ url: '/healthz' })).json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'status',
        'ready',
        'role',
        'pendingEvents',
        'undrainedLogBytes',
        'maxUndrainedLogBytes',
        'lagMs',
        'lastLogWriteError',
        'lastDrainError',
        'freeDiskBytes',
        'minFreeDiskBytes',
        'refusing',
        'refusingBecause',
        'waitingFor',
      ].sort(),
    );
    expect(body).toMatchObject({ status: 'ok', ready: true, lastLogWriteError: null, lastDrainError: null, waitingFor: [] });
  });
});

describe('Retry-After on storage 503s', () => {
  it('is on every 503 of the catalogue, STORE_RETRY_AFTER_S unless the error names its own wait', () => {
    expect(new HttpError(ERRORS.storeUnavailable, 'the event could not be stored; retry later').headers).toEqual({ 'Retry-After': String(STORE_RETRY_AFTER_S) });
    expect(new HttpError(ERRORS.ingestLogFull, 'full', { 'Retry-After': '10' }).headers).toEqual({ 'Retry-After': '10' });
    expect(new HttpError(ERRORS.badBeacon, 'bad').headers).toEqual({});
  });

  it('is sent by the routes behind Fastify as by the collectors', async () => {
    const { server } = await (async () => {
      const dataDir = tempDir();
      const config = loadConfig({ MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', ...TEST_ENV }, path.resolve(import.meta.dirname, '../../..'));
      const made = await createServer(config);
      cleanups.push(() => made.close());
      return { server: made };
    })();
    server.app.get('/test/store-down', { config: { access: 'public' } }, async () => {
      throw new HttpError(ERRORS.storeUnavailable, 'the choice could not be stored; send it again');
    });
    const answer = await server.app.inject({ url: '/test/store-down' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_S));
    expect(answer.json()).toEqual({ error: 'the choice could not be stored; send it again', code: 'MESURA_ERR_STORE_UNAVAILABLE' });
  });
});
