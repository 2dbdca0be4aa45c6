/**
 * Visitors' rights on ClickHouse (store/clickhouse/clickhouse-visitor-data.ts): one fixture stored
 * through the ingest path in both engines (helpers/both-engines.ts); the access export answers what
 * DuckDB answers, the erasure removes every row (every copy) of the visitor and no one else's, and
 * the routes of an API node over ClickHouse serve both to admins only, recording each request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { LogRecord } from '../../../src/ingest/ingest-log.js';
import type { ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ClickHouseVisitorData, duckDbTimestampText } from '../../../src/store/clickhouse/clickhouse-visitor-data.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { readEventRows } from '../../../src/store/clickhouse/event-rows-reader.js';
import { VISITOR_DATA_SECTIONS, type VisitorDataStore } from '../../../src/store/visitor-data-store.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, testHit } from '../../helpers/test-server.js';
import { FIXTURE_TIME_ZONE, FIXTURE_VARIABLES, OTHER, VISITOR, isVisitorsRow, pageView, visitorRightsSegments } from '../../helpers/visitor-rights-fixture.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const NOON = Date.UTC(2026, 2, 12, 12);
let clock = NOON;

async function sections(store: VisitorDataStore, visitorId: string) {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const section of VISITOR_DATA_SECTIONS) {
    out[section] = [];
    for await (const rows of store.visitorRows(visitorId, section)) out[section].push(...rows);
  }
  return out;
}

describe('duckDbTimestampText', () => {
  it('writes an epoch ms as DuckDB writes a TIMESTAMP_MS', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      for (const ms of [NOON, NOON + 5, NOON + 50, NOON + 120, NOON + 123, NOON + 999, Date.UTC(1999, 11, 31, 23, 59, 59, 100)]) {
        const result = await connection.runAndReadAll(`SELECT CAST(epoch_ms(CAST($ms AS BIGINT)) AS TIMESTAMP_MS) AS t`, { ms: String(ms) });
        expect(duckDbTimestampText(ms), String(ms)).toBe(result.getRowObjectsJson()[0]!.t);
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});

describeWithClickHouse('visitors’ rights on ClickHouse', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let clickhouse: ClickHouseVisitorData;
  let api: MesuraServer | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  const allRows = async (transport: ClickHouseTransport = db().transport) => {
    const tables = eventTables({ variables: FIXTURE_VARIABLES });
    const rows: LogRecord[] = [];
    for (const table of [tables.hits, tables.heartbeats, tables.decisions]) rows.push(...(await readEventRows(transport, db().location.database, table)));
    return rows;
  };

  beforeAll(async () => {
    engines = await loadBothEngines({ segments: visitorRightsSegments(), clickhouse: db(), variables: FIXTURE_VARIABLES, timeZone: FIXTURE_TIME_ZONE });
    // Chunks of two rows: every section of the visitor takes more than one statement.
    clickhouse = new ClickHouseVisitorData({ transport: db().transport, database: db().location.database, tables: eventTables({ variables: FIXTURE_VARIABLES }), chunkRows: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await engines?.close();
  });

  it('answers the access export as DuckDB does: counts and every section, row for row, in time order', async () => {
    const copies = await db().transport.query(`SELECT count() AS n FROM ${db().location.database}.hits WHERE event_id = 'e1'`);
    expect(copies, 'ClickHouse holds the resent hit twice').toEqual([{ n: '2' }]);
    for (const visitorId of [VISITOR, OTHER, '0000000000000000-0000000000000000']) {
      expect(await clickhouse.visitorRowCounts(visitorId)).toEqual(await engines.duckdb.visitorRowCounts(visitorId));
      expect(await sections(clickhouse, visitorId)).toEqual(await sections(engines.duckdb, visitorId));
    }
    expect(await clickhouse.visitorRowCounts(VISITOR)).toEqual({ hits: 4, heartbeats: 3, mediaSessions: 1, decisionEvents: 2 });
    const exported = await sections(clickhouse, VISITOR);
    expect(exported.hits!.map((hit) => hit.event_id)).toEqual(['e1', 'e2', 'e4', 'e3']);
    expect(exported.decisionEvents!.map((row) => row.decision_id)).toEqual(['d-1', 'd-2']);
  });

  it('records requests and lists the latest first', async () => {
    const rows = { hits: 1, heartbeats: 2, mediaSessions: 3, decisionEvents: 4 };
    const by = { userId: 'u-1', email: "o'brien@test.local" };
    await clickhouse.recordRightsRequest({ at: new Date(NOON).toISOString(), kind: 'access', visitorId: VISITOR, requestedBy: by, rows });
    await clickhouse.recordRightsRequest({ at: new Date(NOON + 1).toISOString(), kind: 'erasure', visitorId: OTHER, requestedBy: null, rows });
    expect(await clickhouse.rightsRequests(10)).toEqual([
      { at: new Date(NOON + 1).toISOString(), kind: 'erasure', visitorId: OTHER, requestedBy: null, rows },
      { at: new Date(NOON).toISOString(), kind: 'access', visitorId: VISITOR, requestedBy: by, rows },
    ]);
    expect(await clickhouse.rightsRequests(1)).toHaveLength(1);
    await db().transport.command(`TRUNCATE TABLE ${db().location.database}.rights_requests`);
  });

  it('serves the routes on an API node to admins only, erasing every row of the visitor and no one else’s, recorded', async () => {
    api = await apiServer();
    const call = async (method: 'GET' | 'DELETE', url: string, role: 'admin' | 'analyst' | null = 'admin') => api!.app.inject({ method, url, headers: role ? await authHeadersFor(api!, role) : {} });
    expect((await call('GET', `/api/visitors/${VISITOR}/data`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/visitors/${VISITOR}/data`, 'analyst')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/visitors/${VISITOR}`, 'analyst')).statusCode).toBe(403);
    expect((await call('GET', '/api/visitors/requests', 'analyst')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/visitors/${VISITOR.toLowerCase()}`)).statusCode).toBe(400);

    const before = await allRows();
    clock = NOON + 60_000;
    const access = await call('GET', `/api/visitors/${VISITOR}/data`);
    expect(access.statusCode).toBe(200);
    const exported = access.json();
    expect(exported.counts).toEqual(await engines.duckdb.visitorRowCounts(VISITOR));
    expect({ ...exported, visitorId: undefined, counts: undefined }).toEqual({ ...(await sections(engines.duckdb, VISITOR)), visitorId: undefined, counts: undefined });

    clock = NOON + 120_000;
    const erased = await call('DELETE', `/api/visitors/${VISITOR}`);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ visitorId: VISITOR, deleted: exported.counts });
    const after = await allRows();
    // Every copy of every row of the visitor went, and nothing else.
    expect(before.filter(isVisitorsRow)).toHaveLength(10);
    expect(after).toEqual(before.filter((row) => !isVisitorsRow(row)));
    expect(await clickhouse.visitorRowCounts(VISITOR)).toEqual({ hits: 0, heartbeats: 0, mediaSessions: 0, decisionEvents: 0 });
    expect(await clickhouse.visitorRowCounts(OTHER)).toEqual(await engines.duckdb.visitorRowCounts(OTHER));

    const { requests } = (await call('GET', '/api/visitors/requests')).json();
    const admin = { userId: expect.any(String), email: 'admin@test.local' };
    expect(requests).toEqual([
      { at: new Date(NOON + 120_000).toISOString(), kind: 'erasure', visitorId: VISITOR, requestedBy: admin, rows: exported.counts },
      { at: new Date(NOON + 60_000).toISOString(), kind: 'access', visitorId: VISITOR, requestedBy: admin, rows: exported.counts },
    ]);
  }, 120_000);

  it('applies the erasure again at the next retention run to rows received before it and drained late, not to later ones', async () => {
    expect(api, 'the erasure test ran first').toBeDefined();
    const erasedAt = NOON + 120_000;
    const late = (eventId: string, visitorId: string, receivedAtMs: number) => pageView(eventId, visitorId, '2026-03-12', 'mesura:portada', { receivedAtMs, clientTimeMs: receivedAtMs });
    const writer = new EventBatchWriter({ transport: db().transport, database: db().location.database, tables: eventTables({ variables: FIXTURE_VARIABLES }), now: () => clock });
    // A collector that was behind drains, after the erasure, what it acknowledged before and after it.
    await writer.write({ id: 'late-collector/segment/0', rows: [late('l1', VISITOR, erasedAt - 1), late('l2', VISITOR, erasedAt), late('l3', OTHER, erasedAt - 1)] });
    clock = erasedAt + 86_400_000;
    await api!.retention!.runNow();
    const hits = (await allRows()).filter((row) => !('kind' in row)).map((row) => (row as { eventId: string }).eventId);
    expect(hits.filter((id) => id.startsWith('l')).sort()).toEqual(['l2', 'l3']);
  });

  it('on role all, drains what it acknowledged just before an erasure and erases it too', async () => {
    const all = await server('all');
    const newcomer = '00000000000000AB-00000000000000CD';
    clock = NOON + 300_000;
    const hit = testHit({ pageName: 'mesura:portada', visitor: { fid: newcomer } });
    expect((await all.app.inject({ url: beaconUrl(hit, 'page_view', ['mesuraprod']), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    const erased = await all.app.inject({ method: 'DELETE', url: `/api/visitors/${newcomer}`, headers: await authHeadersFor(all, 'admin') });
    expect(erased.json()).toEqual({ visitorId: newcomer, deleted: { hits: 1, heartbeats: 0, mediaSessions: 0, decisionEvents: 0 } });
    const left = await db().transport.query(`SELECT count() AS n FROM ${db().location.database}.hits WHERE visitor_id = '${newcomer}'`);
    expect(left).toEqual([{ n: '0' }]);
    expect(all.retention).toBeDefined();
  });

  it('has no rights routes on a collector', async () => {
    const collector = await server('collector');
    const answer = await collector.app.inject({ url: `/api/visitors/${VISITOR}/data` });
    expect(answer.statusCode).toBe(404);
    expect(collector.retention).toBeUndefined();
  });

  async function server(role: 'api' | 'collector' | 'all'): Promise<MesuraServer> {
    const { username, password, endpoint, database } = db().location;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-ch-rights-'));
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_TIMEZONE: FIXTURE_TIME_ZONE };
    // Retention (which starts with an API node) keeps every fixture row: the clock is on the fixture's days.
    const created = await createServer(loadConfig(env, repoRoot), { now: () => clock });
    cleanups.push(async () => {
      await created.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return created;
  }

  async function apiServer() {
    const api = await server('api');
    await api.retention!.runNow();
    return api;
  }
});
