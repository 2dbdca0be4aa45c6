import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { remakeReportCells } from '../../../src/store/duckdb/report-cells.js';
import { CELL_SKETCH_KEYS } from '../../../src/store/duckdb/report-facts-schema.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { sketchVisitorsSql } from '../../../src/store/queries/visitor-sketch.js';
import { plainPageView } from '../../helpers/event-rows.js';

const MINUTE_MS = 60_000;
const START = Date.UTC(2026, 10, 23, 9, 0);
const NEXT_DAY = START + 24 * 60 * MINUTE_MS;

let dir: string;
let segment = 0;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-cells-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function hit(eventId: string, visitor: string, atMs: number, url: string, extra: Partial<HitRow> = {}): HitRow {
  return plainPageView(eventId, visitor, atMs, url, { referrer: 'https://www.google.com/', ...extra });
}

const share = (eventId: string, visitor: string, atMs: number) => hit(eventId, visitor, atMs, '/1', { hitType: 'link_o', linkName: 'Comparteix', events: '[{"id":3,"name":"share"}]' });

type Store = Awaited<ReturnType<typeof openDuckDbStore>>;

async function load(store: Store, rows: HitRow[]) {
  return store.storeBatch(rowBatchOf(`segment-${segment++}`, rows), { skipStored: false });
}

async function withConnection<T>(run: (connection: Awaited<ReturnType<DuckDBInstance['connect']>>) => Promise<T>, file = path.join(dir, 'mesura.duckdb')) {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    return await run(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const query = (sql: string) => withConnection(async (c) => (await c.runAndReadAll(sql)).getRowObjectsJson());

/** Each visit cell's sums per dimension and value (cells of one key summed), and its sketch's keys merged. */
const VISIT_CELL_SUMS = `SELECT dimension, value, sum(visits) AS visits, sum(page_views) AS page_views, sum(bounces) AS bounces,
    sum(duration_ms) AS duration_ms, list_sort(list_distinct(flatten(list(lowest_visitor_keys)))) AS keys
  FROM visit_cells GROUP BY ALL HAVING sum(visits) <> 0 ORDER BY dimension, value NULLS FIRST`;
const PAGE_DAY_CELL_SUMS = `SELECT day, url, sum(page_views) AS views, sum(entries) AS entries,
    list_sort(list_distinct(flatten(list(lowest_visitor_keys)))) AS keys FROM page_day_cells GROUP BY ALL ORDER BY day, url`;
const VISIT_PAGE_CELL_SUMS = `SELECT day, side, url, sum(visits) AS visits, sum(bounces) AS bounces FROM visit_page_cells
  GROUP BY ALL HAVING sum(visits) <> 0 OR sum(bounces) <> 0 ORDER BY day, side, url`;
const LINK_CELL_SUMS = `SELECT call, sum(calls) AS calls, list_sort(list_distinct(flatten(list(lowest_visitor_keys)))) AS keys
  FROM link_cells GROUP BY ALL ORDER BY call`;

async function remade(): Promise<void> {
  await withConnection((c) => remakeReportCells(c, ['2026-11-23', '2026-11-24']));
}

describe('visit and link cells', () => {
  it('counts a visit continued in a later segment once, as the cells made again from visits do', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [hit('a1', 'A', START, '/1'), hit('b1', 'B', START, '/1'), share('s1', 'A', START + MINUTE_MS)]);
    await load(store, [hit('a2', 'A', START + 10 * MINUTE_MS, '/2'), hit('a3', 'A', START + 20 * MINUTE_MS, '/3'), share('s2', 'B', START + 21 * MINUTE_MS)]);
    await store.close();
    const appended = await query(VISIT_CELL_SUMS);
    const visitPages = await query(VISIT_PAGE_CELL_SUMS);
    const all = appended.find((cell) => cell.dimension === 'all');
    expect(all).toMatchObject({ visits: '2', page_views: '4', bounces: '1' });
    expect((all!.keys as unknown[]).length).toBe(2);
    expect(await query(LINK_CELL_SUMS)).toMatchObject([{ call: '3', calls: '2' }]);
    const links = await query(LINK_CELL_SUMS);
    await remade();
    // A visit that left its duration band leaves its visitor in that band's sketch until the day is
    // made again (report-cells.ts): those sketches alone may differ.
    const withoutBandKeys = (cells: Record<string, unknown>[]) => cells.map((cell) => (cell.dimension === 'duration_band' ? { ...cell, keys: undefined } : cell));
    expect(withoutBandKeys(await query(VISIT_CELL_SUMS))).toEqual(withoutBandKeys(appended));
    expect(await query(VISIT_PAGE_CELL_SUMS)).toEqual(visitPages);
    expect(await query(LINK_CELL_SUMS)).toEqual(links);
  });

  it('counts a visit continued in a later segment once, in the duration band it ends in', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    // A's visit lasts 0 s after the first load, 20 min after the second; B's one page lasts 0 s.
    await load(store, [hit('a1', 'A', START, '/1'), hit('b1', 'B', START, '/1')]);
    await load(store, [hit('a2', 'A', START + 10 * MINUTE_MS, '/2'), hit('a3', 'A', START + 20 * MINUTE_MS, '/3')]);
    await store.close();
    const bands = `SELECT value, sum(visits) AS visits, sum(duration_ms) AS duration_ms FROM visit_cells
      WHERE dimension = 'duration_band' GROUP BY value HAVING sum(visits) <> 0 OR sum(duration_ms) <> 0 ORDER BY value`;
    const expected = [
      { value: '0-10s', visits: '1', duration_ms: '0' },
      { value: '10-30min', visits: '1', duration_ms: String(20 * MINUTE_MS) },
    ];
    expect(await query(bands)).toEqual(expected);
    expect(await query(`SELECT sum(visits) AS visits, sum(duration_ms) AS duration_ms FROM visit_cells WHERE dimension = 'all'`)).toEqual([{ visits: '2', duration_ms: String(20 * MINUTE_MS) }]);
    await remade();
    expect(await query(bands)).toEqual(expected);
  });

  it('stores a segment loaded twice once in the cells', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    const rows = [hit('a1', 'A', START, '/1'), hit('a2', 'A', START + MINUTE_MS, '/2'), share('s1', 'A', START + 2 * MINUTE_MS)];
    await load(store, rows);
    await load(store, rows);
    await store.close();
    expect((await query(VISIT_CELL_SUMS)).find((cell) => cell.dimension === 'all')).toMatchObject({ visits: '1', page_views: '2', bounces: '0' });
    expect(await query(LINK_CELL_SUMS)).toMatchObject([{ call: '3', calls: '1' }]);
  });

  it('compacts a day into one row per key, as many visits and visitors as before', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [hit('a1', 'A', START, '/1')]);
    await load(store, [hit('a2', 'A', START + 10 * MINUTE_MS, '/2')]);
    await load(store, [hit('a3', 'A', START + 20 * MINUTE_MS, '/3')]);
    await store.close();
    expect(Number((await query(`SELECT count(*) AS n FROM visit_cells WHERE dimension = 'all'`))[0]!.n)).toBe(3);
    await remade();
    expect(await query(`SELECT visits, page_views, bounces, len(lowest_visitor_keys) AS keys FROM visit_cells WHERE dimension = 'all'`)).toEqual([
      { visits: '1', page_views: '3', bounces: '0', keys: '1' },
    ]);
  });

  it('erases the visitor from the cells and keeps the others', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [hit('a1', 'A', START, '/1'), hit('b1', 'B', START, '/1'), share('s1', 'A', START), share('s2', 'B', NEXT_DAY)]);
    await store.eraseVisitor('A');
    await store.close();
    const [b] = await query(`SELECT hash('B') AS b`);
    expect(await query(`SELECT visits, lowest_visitor_keys AS keys FROM visit_cells WHERE dimension = 'all'`)).toEqual([{ visits: '1', keys: [b!.b] }]);
    expect(await query(LINK_CELL_SUMS)).toEqual([{ call: '3', calls: '1', keys: [b!.b] }]);
  });

  it('erases the visitor from the page cells: their key and their page views, on every day they had one', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [hit('a1', 'A', START, '/1'), hit('b1', 'B', START, '/1')]);
    await load(store, [hit('a2', 'A', START + MINUTE_MS, '/1'), hit('a3', 'A', NEXT_DAY, '/2')]);
    await store.eraseVisitor('A');
    await store.close();
    const [b] = await query(`SELECT hash('B') AS b`);
    expect(await query(`SELECT url, sum(page_views) AS views, sum(entries) AS entries, flatten(list(lowest_visitor_keys)) AS keys FROM page_cells GROUP BY url`)).toEqual([
      { url: '/1', views: '1', entries: '1', keys: [b!.b] },
    ]);
    expect(await query(PAGE_DAY_CELL_SUMS)).toEqual([{ day: '2026-11-23', url: '/1', views: '1', entries: '1', keys: [b!.b] }]);
    expect(await query(VISIT_PAGE_CELL_SUMS)).toEqual([
      { day: '2026-11-23', side: 'entry', url: '/1', visits: '1', bounces: '1' },
      { day: '2026-11-23', side: 'exit', url: '/1', visits: '1', bounces: '1' },
    ]);
  });

  it('deletes the cells of days past the retention period', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [hit('a1', 'A', START, '/1'), share('s1', 'A', START), hit('b1', 'B', NEXT_DAY, '/1'), share('s2', 'B', NEXT_DAY)]);
    await store.deleteBefore({ day: '2026-11-24', atMs: NEXT_DAY });
    await store.close();
    expect(
      await query(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM (SELECT day FROM visit_cells UNION ALL SELECT day FROM link_cells
        UNION ALL SELECT day FROM page_day_cells UNION ALL SELECT day FROM visit_page_cells)`),
    ).toEqual([{ day: '2026-11-24' }]);
  });

  it('fills the cells of a data folder stored before they existed', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await load(store, [hit('a1', 'A', START, '/1'), hit('a2', 'A', START + MINUTE_MS, '/2'), share('s1', 'A', START), hit('b1', 'B', NEXT_DAY, '/1')]);
    await store.close();
    const visitCells = await query(VISIT_CELL_SUMS);
    const linkCells = await query(LINK_CELL_SUMS);
    const pageDayCells = await query(PAGE_DAY_CELL_SUMS);
    const visitPageCells = await query(VISIT_PAGE_CELL_SUMS);
    expect(pageDayCells).toHaveLength(3);
    expect(visitPageCells).toHaveLength(4);
    await query(['visit_cells', 'link_cells', 'page_day_cells', 'visit_page_cells'].map((t) => `DELETE FROM ${t}_merged; DELETE FROM ${t}_recent;`).join(' '));
    const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await reopened.close();
    expect(await query(VISIT_CELL_SUMS)).toEqual(visitCells);
    expect(await query(LINK_CELL_SUMS)).toEqual(linkCells);
    expect(await query(PAGE_DAY_CELL_SUMS)).toEqual(pageDayCells);
    expect(await query(VISIT_PAGE_CELL_SUMS)).toEqual(visitPageCells);
  });
});

describe('visitors from cell sketches', () => {
  /** `cells` cells of `perCell` visitors each, the first `overlap` of every cell the same. */
  async function sketchVisitors(cells: number, perCell: number, overlap: number): Promise<number> {
    return withConnection(async (c) => {
      await c.run(`CREATE TABLE cells AS SELECT cell, list_slice(list_sort(list_distinct(list(hash(CASE WHEN i < ${overlap} THEN 'shared-' || i
          ELSE 'v-' || cell || '-' || i END)))), 1, ${CELL_SKETCH_KEYS}) AS lowest_visitor_keys
        FROM range(${cells}) t(cell), range(${perCell}) u(i) GROUP BY cell`);
      const rows = (await c.runAndReadAll(sketchVisitorsSql('cells', 'true'))).getRowObjectsJson();
      return Number(rows[0]!.visitors);
    }, ':memory:');
  }

  it('counts visitors exactly while the merged cells hold fewer than the sketch keeps', async () => {
    expect(await sketchVisitors(3, 40, 10)).toBe(10 + 3 * 30);
  });

  it('estimates many visitors within 10 %', async () => {
    const visitors = await sketchVisitors(30, 2_000, 500);
    const exact = 500 + 30 * 1_500;
    expect(Math.abs(visitors - exact) / exact).toBeLessThan(0.1);
  });
});
