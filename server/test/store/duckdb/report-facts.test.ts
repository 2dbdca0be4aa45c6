import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { mergeRecentCells } from '../../../src/store/duckdb/cell-compaction.js';
import { HIT_CELL_TABLES } from '../../../src/store/duckdb/report-facts-schema.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { plainPageView } from '../../helpers/event-rows.js';

const MINUTE_MS = 60_000;
const START = Date.UTC(2026, 10, 23, 9, 0);
const DAY_MS = 86_400_000;

let dir: string;
let segment = 0;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-facts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function row(eventId: string, visitor: string, atMs: number, url: string): HitRow {
  return plainPageView(eventId, visitor, atMs, url, { day: '2026-11-23' });
}

async function load(store: Awaited<ReturnType<typeof openDuckDbStore>>, rows: HitRow[]) {
  return store.storeBatch(rowBatchOf(`segment-${segment++}`, rows), { skipStored: false });
}

async function query(sql: string) {
  const instance = await DuckDBInstance.create(path.join(dir, 'mesura.duckdb'));
  const connection = await instance.connect();
  const rows = (await connection.runAndReadAll(sql)).getRowObjectsJson();
  connection.closeSync();
  instance.closeSync();
  return rows;
}

describe('report tables at load', () => {
  it('cuts visits across segments: a page view within 30 minutes continues the open visit, a later one starts a new one', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [row('a1', 'A', START, '/1'), row('a2', 'A', START + 10 * MINUTE_MS, '/2')]);
    await load(store, [row('a3', 'A', START + 39 * MINUTE_MS, '/3'), row('a4', 'A', START + 70 * MINUTE_MS, '/4')]);
    await store.close();
    const visits = await query(`SELECT page_views, entry_url, exit_url FROM visits ORDER BY started_at`);
    expect(visits).toEqual([
      { page_views: 3, entry_url: '/1', exit_url: '/3' },
      { page_views: 1, entry_url: '/4', exit_url: '/4' },
    ]);
    const pages = await query(`SELECT visit_page FROM page_views ORDER BY received_at`);
    expect(pages.map((p) => p.visit_page)).toEqual([1, 2, 3, 1]);
  });

  it('stores a hit loaded twice once, in hits and in every report table', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    expect(await load(store, [row('x', 'A', START, '/1'), row('x', 'A', START, '/1')])).toBe(1);
    expect(await load(store, [row('x', 'A', START, '/1')])).toBe(0);
    await store.close();
    expect(await query(`SELECT (SELECT count(*) FROM hits) h, (SELECT count(*) FROM page_views) p, (SELECT sum(page_views) FROM visits) v, (SELECT sum(page_views) FROM page_cells) c`)).toEqual([
      { h: '1', p: '1', v: '1', c: '1' },
    ]);
  });

  it('merges the page cells loads appended into one row per key, keeping the counts and the five smallest visitor keys', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    for (let s = 0; s < 4; s++) {
      await load(
        store,
        [0, 1].map((v) => row(`e${s}-${v}`, `V${s}-${v}`, START + s * MINUTE_MS, '/same')),
      );
    }
    await store.close();
    const before = await query(`SELECT count(*) n, sum(page_views) pv, list_sort(list_distinct(flatten(list(lowest_visitor_keys))))[1:5] k FROM page_cells`);
    const instance = await DuckDBInstance.create(path.join(dir, 'mesura.duckdb'));
    const connection = await instance.connect();
    await mergeRecentCells(connection, HIT_CELL_TABLES);
    connection.closeSync();
    instance.closeSync();
    const after = await query(`SELECT count(*) n, sum(page_views) pv, any_value(lowest_visitor_keys) k FROM page_cells`);
    expect(before[0]!.n).toBe('4');
    expect(after[0]).toEqual({ n: '1', pv: before[0]!.pv, k: before[0]!.k });
    expect((after[0]!.k as unknown[]).length).toBe(5);
  });

  it('fills the report tables of a data folder stored before they existed', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [row('b1', 'B', START, '/1'), row('b2', 'B', START + MINUTE_MS, '/2')]);
    await store.close();
    await query(`DELETE FROM page_views; DELETE FROM visits_open; DELETE FROM visits_closed; DELETE FROM link_hits; DELETE FROM page_cells_merged; DELETE FROM page_cells_recent;`);
    const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await reopened.close();
    expect(await query(`SELECT count(*) n, sum(page_views) pv FROM visits`)).toEqual([{ n: '1', pv: '2' }]);
  });

  it('makes them a receive day at a time as the loads made them, a visit across midnight one visit', async () => {
    const midnight = Date.UTC(2026, 10, 24);
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [row('c1', 'C', midnight - 10 * MINUTE_MS, '/1'), row('d1', 'D', midnight - DAY_MS, '/1')]);
    await load(store, [row('c2', 'C', midnight + 10 * MINUTE_MS, '/2'), row('c3', 'C', midnight + DAY_MS, '/3'), row('d2', 'D', midnight + DAY_MS + MINUTE_MS, '/2')]);
    await store.close();
    const summary = () =>
      query(`SELECT (SELECT list(page_views ORDER BY started_at, visitor_key) FROM visits) AS visits,
        (SELECT list((url, page_views, entries) ORDER BY day, url) FROM (SELECT day, url, sum(page_views) AS page_views, sum(entries) AS entries FROM page_cells GROUP BY ALL)) AS pages,
        (SELECT list((value, visits) ORDER BY day, value) FROM (SELECT day, value, sum(visits) AS visits FROM visit_cells WHERE dimension = 'duration_band' GROUP BY ALL)) AS bands`);
    const loaded = await summary();
    expect(loaded[0]?.visits).toEqual([1, 2, 1, 1]);
    await query(`DELETE FROM report_extent`);
    const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await reopened.close();
    expect(await summary()).toEqual(loaded);
  });
});

describe('open and closed visits (visits-tables.ts)', () => {
  const visitsIn = (table: string) => query(`SELECT page_views FROM ${table} ORDER BY started_at`);

  it('keeps a visit open while a later page view may continue it, and closes it once none can', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [row('a1', 'A', START, '/1'), row('b1', 'B', START + 10 * MINUTE_MS, '/1')]);
    await load(store, [row('b2', 'B', START + 35 * MINUTE_MS, '/2')]);
    await store.close();
    // A's visit ended more than 30 minutes before the last page view seen; B's continued.
    expect(await visitsIn('visits_closed')).toEqual([{ page_views: 1 }]);
    expect(await visitsIn('visits_open')).toEqual([{ page_views: 2 }]);
    expect(await query(`SELECT count(*)::INTEGER AS n, sum(page_views)::INTEGER AS pv FROM visits`)).toEqual([{ n: 2, pv: 3 }]);
  });

  it('continues a closed visit with a page view loaded late, once', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [row('a1', 'A', START, '/1')]);
    await load(store, [row('b1', 'B', START + 60 * MINUTE_MS, '/1')]);
    await load(store, [row('a2', 'A', START + 5 * MINUTE_MS, '/2')]);
    await store.close();
    expect(await query(`SELECT page_views, exit_url FROM visits WHERE started_at = make_timestamp(${START * 1000}) ORDER BY 1`)).toEqual([{ page_views: 2, exit_url: '/2' }]);
  });

  it('makes the visits table of an older data folder its closed visits', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [row('a1', 'A', START, '/1'), row('a2', 'A', START + MINUTE_MS, '/2')]);
    await store.close();
    await query(`CREATE TABLE old_visits AS SELECT * FROM visits; DROP VIEW visits; DROP TABLE visits_open; DROP TABLE visits_closed;
      ALTER TABLE old_visits RENAME TO visits;`);
    await (await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP))).close();
    expect(await query(`SELECT table_name, table_type FROM information_schema.tables WHERE table_name LIKE 'visits%' ORDER BY 1`)).toEqual([
      { table_name: 'visits', table_type: 'VIEW' },
      { table_name: 'visits_closed', table_type: 'BASE TABLE' },
      { table_name: 'visits_open', table_type: 'BASE TABLE' },
    ]);
    expect(await visitsIn('visits_closed')).toEqual([{ page_views: 2 }]);
  });
});

describe('closed visits per duration band (report-cells.ts, duration_band_sketches)', () => {
  const bandVisitors = () => query(`SELECT value, len(list_distinct(flatten(list(lowest_visitor_keys))))::INTEGER AS visitors FROM duration_band_sketches GROUP BY value ORDER BY value`);

  it('counts a visitor in the band its visit ends in, also when a load continues a closed visit', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [row('a1', 'A', START, '/1')]);
    await load(store, [row('b1', 'B', START + 60 * MINUTE_MS, '/1')]);
    await store.close();
    // A's visit closed (a cell of its band), B's is open (a row of its own).
    expect(await bandVisitors()).toEqual([{ value: '0-10s', visitors: 2 }]);
    const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    // Loaded late: A's closed visit is continued to 5 minutes, so A leaves the 0–10 s cells' sketch.
    await load(reopened, [row('a2', 'A', START + 5 * MINUTE_MS, '/2')]);
    await reopened.close();
    expect(await bandVisitors()).toEqual([
      { value: '0-10s', visitors: 1 },
      { value: '3-10min', visitors: 1 },
    ]);
    const later = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(later, [row('c1', 'C', START + 120 * MINUTE_MS, '/1')]);
    await later.close();
    expect(await bandVisitors()).toEqual([
      { value: '0-10s', visitors: 2 },
      { value: '3-10min', visitors: 1 },
    ]);
    // Each closed visit added once: A's and B's.
    expect(await query(`SELECT sum(visits)::INTEGER AS visits FROM visit_cells WHERE dimension = 'closed_duration_band'`)).toEqual([{ visits: 2 }]);
  });
});
