/**
 * Schema steps 5 and 6 (events-file-migrations.ts): on a folder of step 4, whose visit cells had
 * no durations and no duration bands, step 5 gives them both, for every stored day, and the tables
 * end as a new folder's; on a folder of step 5, step 6 rolls its closed visits up by band.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { countOf, withDuckDbFile } from '../../helpers/data-folder-server.js';
import { hitRow } from '../../helpers/event-rows.js';

const MINUTE_MS = 60_000;
/** 10:00 in Madrid on two days. */
const DAYS = [Date.UTC(2026, 10, 23, 9, 0), Date.UTC(2026, 10, 24, 9, 0)];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-duration-step-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A plain page view of `visitor` at `atMs` (event-rows.ts hitRow with the fields this test reads). */
function pageView(eventId: string, visitor: string, atMs: number): HitRow {
  const day = new Date(atMs).toISOString().slice(0, 10);
  return hitRow(eventId, { receivedAtMs: atMs, day, clientTimeMs: atMs, visitorId: visitor, pageName: 'portada', url: 'http://localhost:8080/', variables: { section: 'portada' } });
}

const file = () => path.join(dir, 'mesura.duckdb');
const columnsOf = (part: string) => `SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = '${part}'`;

/** Turns a folder this build made back into one of step 4: visit cells without durations or bands, the step not recorded. */
async function backToStep4(): Promise<void> {
  await withDuckDbFile(file(), async (c) => {
    await c.run(`CREATE TABLE old_cells AS SELECT * EXCLUDE (duration_ms) FROM visit_cells WHERE dimension NOT IN ('duration_band', 'closed_duration_band')`);
    for (const sql of ['DROP VIEW visit_cells', 'DROP TABLE visit_cells_merged', 'DROP TABLE visit_cells_recent']) await c.run(sql);
    await c.run('ALTER TABLE old_cells RENAME TO visit_cells_merged');
    await c.run('CREATE TABLE visit_cells_recent AS SELECT * FROM visit_cells_merged LIMIT 0');
    await c.run('CREATE VIEW visit_cells AS SELECT * FROM visit_cells_merged UNION ALL SELECT * FROM visit_cells_recent');
    await c.run('DELETE FROM schema_version WHERE version >= 5');
  });
}

/** Stores two days of visits: day 1, A stays 2 min (two page views), B one page; day 2, A stays 40 min (three). */
async function storeTwoDays(): Promise<void> {
  const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
  const [day1, day2] = DAYS as [number, number];
  const rows = [pageView('a1', 'A', day1), pageView('a2', 'A', day1 + 2 * MINUTE_MS), pageView('b1', 'B', day1), pageView('a3', 'A', day2)];
  rows.push(pageView('a4', 'A', day2 + 20 * MINUTE_MS), pageView('a5', 'A', day2 + 40 * MINUTE_MS));
  await store.storeBatch(rowBatchOf('segment-0', rows), { skipStored: false });
  await store.close();
}

async function reopenLogged(): Promise<string[]> {
  const log: string[] = [];
  const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP), undefined, undefined, { info: (line) => log.push(line), warn: (line) => log.push(line) });
  await reopened.close();
  return log;
}

it('gives a folder of step 4 the visit durations and duration bands of every stored day, its tables as a new folder has them', async () => {
  await storeTwoDays();
  const newColumns = await withDuckDbFile(file(), (c) => Promise.all(['visit_cells_merged', 'visit_cells_recent'].map(async (t) => (await c.runAndReadAll(columnsOf(t))).getRows()[0]?.[0])));
  await backToStep4();

  const log = await reopenLogged();

  expect(log).toContain('mesura.duckdb: schema migration 5 applied (visit duration: visit cells sum visit durations and roll visits up by duration band)');
  await withDuckDbFile(file(), async (c) => {
    const bands = await c.runAndReadAll(`SELECT strftime(day, '%Y-%m-%d') AS day, value, sum(visits) AS visits, sum(duration_ms) AS duration_ms
      FROM visit_cells WHERE dimension = 'duration_band' GROUP BY ALL ORDER BY day, value`);
    expect(bands.getRowObjectsJson()).toEqual([
      { day: '2026-11-23', value: '0-10s', visits: '1', duration_ms: '0' },
      { day: '2026-11-23', value: '1-3min', visits: '1', duration_ms: String(2 * MINUTE_MS) },
      { day: '2026-11-24', value: '30min+', visits: '1', duration_ms: String(40 * MINUTE_MS) },
    ]);
    expect(await countOf(c, `SELECT sum(duration_ms) FROM visit_cells WHERE dimension = 'all'`)).toBe(42 * MINUTE_MS);
    const columns = await Promise.all(['visit_cells_merged', 'visit_cells_recent'].map(async (t) => (await c.runAndReadAll(columnsOf(t))).getRows()[0]?.[0]));
    expect(columns).toEqual(newColumns);
  });
});

it('gives a folder of step 5 the closed visits per duration band, for their visitors', async () => {
  await storeTwoDays();
  await withDuckDbFile(file(), async (c) => {
    await c.run(`DELETE FROM visit_cells_merged WHERE dimension = 'closed_duration_band'`);
    await c.run(`DELETE FROM visit_cells_recent WHERE dimension = 'closed_duration_band'`);
    await c.run('DELETE FROM schema_version WHERE version >= 6');
  });

  expect(await reopenLogged()).toContain('mesura.duckdb: schema migration 6 applied (visit duration: the closed visits are rolled up by duration band for their visitors)');
  await withDuckDbFile(file(), async (c) => {
    // Day 1's visits closed (the load saw day 2); day 2's visit is open, a row of duration_band_sketches of its own.
    const closed = await c.runAndReadAll(`SELECT strftime(day, '%Y-%m-%d') AS day, value, sum(visits) AS visits
      FROM visit_cells WHERE dimension = 'closed_duration_band' GROUP BY ALL ORDER BY day, value`);
    expect(closed.getRowObjectsJson()).toEqual([
      { day: '2026-11-23', value: '0-10s', visits: '1' },
      { day: '2026-11-23', value: '1-3min', visits: '1' },
    ]);
    expect(await countOf(c, `SELECT count(*) FROM duration_band_sketches WHERE value = '30min+'`)).toBe(1);
  });
});
