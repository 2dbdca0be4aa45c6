import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MesuraServer } from '../../src/app.js';
import { DATA_FOLDER_VERSION, dataFolderVersion } from '../../src/store/data-folder-version.js';
import { DUCKDB_FILE_NAME } from '../../src/store/duckdb/duckdb-store.js';
import { countOf, startOnFolder, withDuckDbFile } from '../helpers/data-folder-server.js';

/**
 * The data folder of an earlier release (scripts/upgrade-fixture/make-fixture.mjs made it from
 * 62dafaf, 2026-11-24: no report tables, no schema version), with what was sent to it.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/data-folder-62dafaf');
const manifest = JSON.parse(readFileSync(`${FIXTURE}.json`, 'utf8')) as {
  createdAtMs: number;
  admin: { email: string; password: string };
  token: string;
  sent: { pageViews: number; links: number; heartbeats: number };
};
/** Local day in Madrid of the fixture's events (received a few minutes before createdAtMs). */
const DAY = new Date(manifest.createdAtMs + 3_600_000).toISOString().slice(0, 10);

let work = '';
let dataDir = '';
let server: MesuraServer;
let log: string[];

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'mesura-upgrade-'));
  execFileSync('tar', ['-xzf', `${FIXTURE}.tar.gz`, '-C', work]);
  dataDir = path.join(work, 'data');
  // The fixture's own clock: retention keeps its days whenever the test runs.
  ({ server, log } = await startOnFolder(dataDir, { now: () => manifest.createdAtMs, env: { MESURA_MIN_COHORT: '1' } }));
});

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const bearer = { authorization: `Bearer ${manifest.token}` };

async function get(url: string) {
  const response = await server.app.inject({ url, headers: bearer });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

describe('a data folder of an earlier release (62dafaf)', () => {
  it('is migrated step by step, each step one log line, and then records its version', () => {
    expect(log).toContain('mesura.duckdb: schema migration 1 applied (baseline: the tables of 2026-11-26, made or completed)');
    expect(log).toContain('mesura.duckdb: schema migration 2 applied (report_extent: the report tables record the raw rows they were built from)');
    expect(log).toContain('mesura.duckdb: schema migration 5 applied (visit duration: visit cells sum visit durations and roll visits up by duration band)');
    expect(log).toContain(`data folder ${dataDir}: version ${DATA_FOLDER_VERSION} recorded`);
    expect(dataFolderVersion(dataDir)).toBe(DATA_FOLDER_VERSION);
  });

  it('keeps its API token working, and exports every hit it stored', async () => {
    const response = await get(`/api/export/events?from=${DAY}&to=${DAY}&format=json`);
    const hits = JSON.parse(response.body) as { hit_type: string }[];
    expect(hits.filter((hit) => hit.hit_type === 'page_view')).toHaveLength(manifest.sent.pageViews);
    expect(hits).toHaveLength(manifest.sent.pageViews + manifest.sent.links);
  });

  it("answers the console's reports with every page view, from report tables it did not have", async () => {
    const response = await get(`/api/reports/audience/by-day?from=${DAY}&to=${DAY}`);
    expect(response.json().totals.values.page_views).toBe(manifest.sent.pageViews);
    // Its visits have durations, and each falls in one duration band.
    expect(response.json().totals.values.avg_duration).toEqual(expect.any(Number));
    const bands = await get(`/api/reports/audience/visit-duration?from=${DAY}&to=${DAY}`);
    expect(bands.json().totals.values.visits).toBe(response.json().totals.values.visits);
  });

  it('keeps its admin, who signs in with the same password', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/session', payload: manifest.admin });
    expect(response.statusCode).toBe(204);
  });

  it('has every heartbeat, a media session for each session sent, and every link in the report tables', async () => {
    await server.close();
    const counts = await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), async (c) => ({
      heartbeats: await countOf(c, 'SELECT count(*) FROM heartbeats'),
      sessions: await countOf(c, 'SELECT count(*) FROM media_sessions'),
      distinct: await countOf(c, 'SELECT count(DISTINCT session_id) FROM heartbeats'),
      links: await countOf(c, 'SELECT count(*) FROM link_hits'),
    }));
    expect(counts.links).toBe(manifest.sent.links);
    expect(counts.heartbeats).toBe(manifest.sent.heartbeats);
    expect(counts.sessions).toBe(counts.distinct);
    expect(counts.sessions).toBe(12);
  });
});
