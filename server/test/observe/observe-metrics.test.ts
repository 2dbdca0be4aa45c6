/**
 * The Prometheus metrics after some traffic (GET /metrics for an admin, and the listener of
 * MESURA_METRICS_PORT), closed to anonymous callers on the main port; the access log's lines.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerMetrics } from '../../src/observe/metrics.js';
import { listenForMetrics } from '../../src/observe/metrics-endpoint.js';
import { ACCESS_LOG_PATH_MAX_CHARS, openAccessLog, pathOf } from '../../src/observe/access-log.js';
import { startRuntimeFigures } from '../../src/observe/runtime-figures.js';
import { OperatorError } from '../../src/operator-error.js';
import { loadConfig } from '../../src/config.js';
import { RECENT_EVENT_IDS } from '../../src/memory-budget.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

/** The sample of `series` (with its labels as written) in an exposition text. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on the main port', () => {
  it('exposes the named series after beacons, a refused beacon, a heartbeat and a report', async () => {
    t = await startTestServer();
    const { app } = t.server;
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    // A TC string that holds no choice: answered as stored, kept out (ingest/refusals.ts).
    expect((await app.inject({ url: beaconUrl(testHit({ consent: { gdprApplies: true, tcString: 'not-a-tc-string' } })), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/b/ss/mesuradev/1/MESURA-0.1.0/s1?pageName=x', headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(400);
    expect((await app.inject({ url: '/hb/?s:event:type=nonsense' })).statusCode).toBe(400);
    const admin = await t.authHeaders('admin');
    expect((await app.inject({ url: '/api/reports/pageviews?from=2026-11-23&to=2026-11-23', headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/reports/pageviews?from=nonsense', headers: admin })).statusCode).toBe(400);

    const answer = await app.inject({ url: '/metrics', headers: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(sample(text, 'mesura_events_acknowledged_total{kind="beacon"}')).toBe(4);
    expect(sample(text, 'mesura_events_not_stored_total{reason="consent-invalid"}')).toBe(1);
    expect(sample(text, 'mesura_events_refused_total{kind="beacon",reason="MESURA_ERR_BAD_BEACON"}')).toBe(1);
    expect(sample(text, 'mesura_events_refused_total{kind="heartbeat",reason="MESURA_ERR_BAD_HEARTBEAT"}')).toBe(1);
    expect(sample(text, 'mesura_http_errors_total{route="/b/ss/*",status="400"}')).toBe(1);
    expect(sample(text, 'mesura_http_errors_total{route="/api/reports/pageviews",status="400"}')).toBe(1);
    expect(sample(text, 'mesura_report_duration_seconds_count{route="/api/reports/pageviews"}')).toBe(2);
    // The report loaded the log first: one segment stored, timed.
    expect(sample(text, 'mesura_store_load_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mesura_ingest_undrained_bytes')).toBe(0);
    expect(sample(text, 'mesura_ingest_lag_seconds')).toBe(0);
    expect(sample(text, 'mesura_ingest_pending_events')).toBe(0);
    expect(sample(text, 'mesura_ready')).toBe(1);
    expect(sample(text, 'mesura_disk_free_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'mesura_duckdb_memory_bytes')).toBeGreaterThanOrEqual(0);
    // The three beacons stored (the refused one never reached the cache), and the cache's size.
    expect(sample(text, 'mesura_cache_entries{cache="recent_beacon_ids"}')).toBe(3);
    expect(sample(text, 'mesura_cache_capacity_entries{cache="recent_beacon_ids"}')).toBe(RECENT_EVENT_IDS);
    expect(sample(text, 'mesura_cache_entries{cache="recent_heartbeat_ids"}')).toBe(0);
    expect(sample(text, 'mesura_cache_entries{cache="visitor_rates"}')).toBeGreaterThanOrEqual(1);
    for (const series of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(sample(text, series), series).toBeGreaterThanOrEqual(0);
    }
    // Route patterns only: no raw URL (a visitor's beacon path, a query) becomes a label.
    expect(text).not.toContain('pageName');
    expect(text).not.toContain('nonsense');
  });

  it('is closed to an anonymous caller and to an analyst', async () => {
    t = await startTestServer();
    const anonymous = await t.server.app.inject({ url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('mesura_');
    expect((await t.server.app.inject({ url: '/metrics', headers: await t.authHeaders('analyst') })).statusCode).toBe(403);
  });
});

describe('the metrics listener (MESURA_METRICS_PORT)', () => {
  it('answers GET /metrics and nothing else', async () => {
    const metrics = createServerMetrics();
    metrics.acknowledged('heartbeat');
    const server = await listenForMetrics(metrics, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const scraped = await fetch(`${base}/metrics`);
      expect(scraped.status).toBe(200);
      expect(sample(await scraped.text(), 'mesura_events_acknowledged_total{kind="heartbeat"}')).toBe(1);
      expect((await fetch(`${base}/healthz`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a port in use with one line', async () => {
    const metrics = createServerMetrics();
    const first = await listenForMetrics(metrics, 0, '127.0.0.1');
    const { port } = first.address() as AddressInfo;
    try {
      const second = listenForMetrics(metrics, port, '127.0.0.1');
      await expect(second).rejects.toThrow(OperatorError);
      await expect(second).rejects.toThrow(`MESURA_METRICS_PORT ${port} on 127.0.0.1 is in use by another process: choose another port`);
    } finally {
      await new Promise((resolve) => first.close(resolve));
    }
  });

  it('reads the settings with one line for a bad value', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    expect(loadConfig({ MESURA_METRICS_PORT: '9464' }, root)).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1', minFreeBytes: 1024 ** 3, accessLog: undefined });
    expect(() => loadConfig({ MESURA_METRICS_PORT: 'abc' }, root)).toThrow("MESURA_METRICS_PORT must be a port from 1 to 65535, got 'abc'");
    expect(() => loadConfig({ MESURA_MIN_FREE_BYTES: '1G' }, root)).toThrow(/^MESURA_MIN_FREE_BYTES must be a whole number of bytes/);
    expect(loadConfig({ MESURA_ACCESS_LOG: 'stdout' }, root).accessLog).toBe('stdout');
  });
});

describe('the runtime figures the soak benchmark reads', () => {
  it('reads memory and the event-loop delay', () => {
    const figures = startRuntimeFigures();
    try {
      const read = figures.read(true);
      expect(read.rssBytes).toBeGreaterThan(read.heapUsedBytes);
      expect(read.eventLoopDelayP99Ms).toBeGreaterThanOrEqual(0);
    } finally {
      figures.stop();
    }
  });
});

describe('the access log (MESURA_ACCESS_LOG)', () => {
  it('writes one line per request: time, method, route or path without query, status, duration, bytes; no cookie, no address', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-access-log-'));
    const file = path.join(dir, 'access.log');
    t = await startTestServer({ MESURA_ACCESS_LOG: file });
    const origin = await t.server.app.listen({ host: '127.0.0.1', port: 0 });
    const beacon = beaconUrl(testHit({ visitor: { fid: '1F65FB944AFA1C05-25FBFAF16BF6E758' } }));
    expect((await fetch(`${origin}${beacon}`, { headers: { 'user-agent': BROWSER_UA, cookie: 's_ecid=secret-visitor' } })).status).toBe(200);
    expect((await fetch(`${origin}/api/reports/pageviews?from=2026-11-23&to=2026-11-23`)).status).toBe(401);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    await t.server.close();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['time', 'method', 'path', 'status', 'ms', 'bytes']);
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(line.ms).toBeGreaterThanOrEqual(0);
      expect(line.bytes).toBeGreaterThan(0);
    }
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ['GET', beacon.slice(0, beacon.indexOf('?')), 200],
      ['GET', '/api/reports/pageviews', 401],
      ['GET', '/healthz', 200],
    ]);
    const text = readFileSync(file, 'utf8');
    for (const secret of ['1F65FB944AFA1C05', 'secret-visitor', '127.0.0.1', '?']) expect(text).not.toContain(secret);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a file it cannot open with one line', () => {
    expect(() => openAccessLog({ file: '/nonexistent-folder/access.log' }, () => undefined)).toThrow(
      new OperatorError('MESURA_ACCESS_LOG /nonexistent-folder/access.log cannot be opened for appending (ENOENT): make its folder or give this user the right to write there'),
    );
  });

  it('cuts a long path', () => {
    expect(pathOf(`/${'a'.repeat(500)}?x=1`)).toHaveLength(ACCESS_LOG_PATH_MAX_CHARS);
    expect(pathOf('/noticia/1001/slug/?mid=abc#top')).toBe('/noticia/1001/slug/');
  });
});
