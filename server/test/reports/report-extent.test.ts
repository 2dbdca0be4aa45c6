import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { authHeadersFor, BROWSER_UA, beaconUrl, testHit } from '../helpers/test-server.js';
import { deliver, heartbeatsOf, replay, REPLAY_DAY, REPLAY_EPOCH_MS } from '../helpers/media.js';
import { countOf, startOnFolder, withDuckDbFile } from '../helpers/data-folder-server.js';
import { DUCKDB_FILE_NAME } from '../../src/store/duckdb/duckdb-store.js';
import type { MesuraServer } from '../../src/app.js';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

let dataDir = '';
let clock = REPLAY_EPOCH_MS;

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const VISITORS = 5;
const PAGES_PER_VISITOR = 4;

async function pageViewsReported(server: MesuraServer): Promise<number> {
  const response = await server.app.inject({ url: `/api/reports/audience/by-day?from=${REPLAY_DAY}&to=${REPLAY_DAY}`, headers: await authHeadersFor(server, 'analyst') });
  expect(response.statusCode).toBe(200);
  return Number(response.json().totals.values.page_views);
}

/** Media sessions in the roll-up the console's media reports read, against those the raw heartbeats hold. */
const SESSIONS = 'SELECT (SELECT count(*) FROM media_sessions) * 1000 + (SELECT count(DISTINCT session_id) FROM heartbeats)';

it('report tables the raw rows outgrew (an older build went on collecting) are made again at start: reports equal the raw counts', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-extent-'));
  const first = await startOnFolder(dataDir, { now: () => clock, env: { MESURA_MIN_COHORT: '1' } });
  for (let v = 0; v < VISITORS; v += 1) {
    for (let p = 0; p < PAGES_PER_VISITOR; p += 1) {
      const hit = testHit({ visitor: { fid: `visitor-${v}` }, url: `http://localhost:8080/noticia/${1001 + p}/` });
      const response = await first.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
      expect(response.statusCode).toBe(200);
    }
  }
  const t = { server: first.server, dataDir, dispose: async () => undefined, authHeaders: () => authHeadersFor(first.server, 'analyst') };
  await deliver(t, heartbeatsOf(await replay('issue-example.json')), (ms) => (clock = ms));
  expect(await pageViewsReported(first.server)).toBe(VISITORS * PAGES_PER_VISITOR);
  await first.server.close();
  const sessions = await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), (c) => countOf(c, SESSIONS));
  expect(sessions).toBe(1001);

  // What a release from before the extent did after a rollback: raw rows stored, report tables left behind.
  await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), async (c) => {
    await c.run(`INSERT INTO hits SELECT * REPLACE (event_id || '-older-build' AS event_id, visitor_id || '-older' AS visitor_id) FROM hits`);
    await c.run(`INSERT INTO heartbeats SELECT * REPLACE (session_id || '-older' AS session_id, heartbeat_id || '-older' AS heartbeat_id) FROM heartbeats`);
  });

  const second = await startOnFolder(dataDir, { now: () => clock, env: { MESURA_MIN_COHORT: '1' } });
  expect(second.log.find((line) => line.includes('making the report tables again'))).toMatch(/they cover 20 hits and \d+ heartbeats, the raw tables hold 40 and \d+$/);
  expect(await pageViewsReported(second.server)).toBe(2 * VISITORS * PAGES_PER_VISITOR);
  await second.server.close();
  expect(await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), (c) => countOf(c, SESSIONS))).toBe(2002);

  // Made again once: the next start finds them covering the raw rows.
  const third = await startOnFolder(dataDir, { now: () => clock });
  await third.server.close();
  expect(third.log.filter((line) => line.includes('report tables'))).toEqual([]);
});

it('an erasure and a retention run keep the extent with the raw rows: the next start makes nothing again', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-extent-'));
  const first = await startOnFolder(dataDir, { now: () => clock });
  for (let v = 0; v < 3; v += 1) {
    const hit = testHit({ visitor: { fid: `visitor-${v}` } });
    expect((await first.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
  }
  const t = { server: first.server, dataDir, dispose: async () => undefined, authHeaders: () => authHeadersFor(first.server, 'analyst') };
  await deliver(t, heartbeatsOf(await replay('issue-example.json')), (ms) => (clock = ms));
  await first.server.close();

  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (line: string) => void warnings.push(line) };
  const variables = variableNames(SITE_VARIABLE_MAP);
  const store = await openDuckDbStore(dataDir, variables, undefined, undefined, log);
  expect((await store.eraseVisitor('visitor-0')).hits).toBe(1);
  const retained = await store.deleteBefore({ day: '2026-01-02', atMs: Date.UTC(2026, 0, 2) });
  expect(retained.hits + retained.heartbeats).toBeGreaterThan(0);
  await store.close();
  await (await openDuckDbStore(dataDir, variables, undefined, undefined, log)).close();
  expect(warnings).toEqual([]);
});

it('visits stored before a visit attribute was kept are made again at start, and its ranking counts them', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-extent-'));
  const first = await startOnFolder(dataDir, { now: () => clock, env: { MESURA_MIN_COHORT: '1' } });
  for (let v = 0; v < VISITORS; v += 1) {
    const hit = testHit({ visitor: { fid: `visitor-${v}` }, eVars: { 1: 'portada', 8: 'portada', 26: v < 2 ? 'mobile-s' : 'desktop-l' } });
    expect((await first.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
  }
  await first.server.close();
  // What a release from before `viewport` was a visit attribute (store/visit-attributes.ts) left behind.
  await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), async (c) => {
    await c.run('DROP VIEW visits');
    for (const table of ['visits_closed', 'visits_open']) await c.run(`ALTER TABLE ${table} DROP COLUMN viewport`);
    await c.run('CREATE VIEW visits AS SELECT * FROM visits_closed UNION ALL SELECT * FROM visits_open');
  });

  const second = await startOnFolder(dataDir, { now: () => clock, env: { MESURA_MIN_COHORT: '1' } });
  expect(second.log.find((line) => line.includes('making the report tables again'))).toMatch(/their visits lack viewport, which this release keeps/);
  const response = await second.server.app.inject({ url: `/api/reports/technology/screens?from=${REPLAY_DAY}&to=${REPLAY_DAY}`, headers: await authHeadersFor(second.server, 'analyst') });
  expect(response.statusCode).toBe(200);
  const rows = response.json().rows.map((row: { key: string; values: { visits: number } }) => [row.key, row.values.visits]);
  expect(rows).toEqual([
    ['desktop-l', VISITORS - 2],
    ['mobile-s', 2],
  ]);
  await second.server.close();
});

it('media sessions stored before a session counter was kept are made again from the heartbeats at start', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-extent-'));
  const first = await startOnFolder(dataDir, { now: () => clock });
  const t = { server: first.server, dataDir, dispose: async () => undefined, authHeaders: () => authHeadersFor(first.server, 'analyst') };
  await deliver(t, await replay('preroll-ads-chapter-seek.json'), (ms) => (clock = ms));
  const mediaTotal = async (server: MesuraServer) => {
    const response = await server.app.inject({ url: `/api/reports/media?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=mesuraprod`, headers: await authHeadersFor(server, 'analyst') });
    expect(response.statusCode).toBe(200);
    return response.json().total;
  };
  const before = await mediaTotal(first.server);
  expect(before.sessions).toBe(1);
  expect(before.adBreaks).toBeGreaterThan(0);
  await first.server.close();
  // What a release from before `ad_breaks` was a counter (store/media-session-counters.ts) left behind.
  await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), async (c) => {
    for (const table of ['media_sessions', 'media_cells_merged', 'media_cells_recent']) await c.run(`ALTER TABLE ${table} DROP COLUMN ad_breaks`);
  });

  const second = await startOnFolder(dataDir, { now: () => clock });
  expect(await mediaTotal(second.server)).toEqual(before);
  await second.server.close();
  expect(
    await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), (c) =>
      countOf(c, `SELECT count(*) FROM information_schema.columns WHERE table_name = 'media_cells_merged' AND column_name = 'ad_breaks'`),
    ),
  ).toBe(1);
});
