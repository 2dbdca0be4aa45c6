import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DuckDBConnection } from '@duckdb/node-api';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { CELL_CHUNK_DAYS_TABLE, mergeRecentCells } from '../../../src/store/duckdb/cell-compaction.js';
import { mergedPart, recentPart } from '../../../src/store/duckdb/cell-tables.js';
import { MEDIA_CELLS } from '../../../src/store/duckdb/media-cells.js';
import { HIT_CELL_TABLES, PAGE_CELLS } from '../../../src/store/duckdb/report-facts-schema.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { withDuckDbFile } from '../../helpers/data-folder-server.js';
import { hitRow } from '../../helpers/event-rows.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const FIRST_DAY_MS = Date.UTC(2026, 10, 23, 9);
const TABLES = [...HIT_CELL_TABLES, MEDIA_CELLS];

let dir: string;
let segment = 0;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-cell-compaction-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Two visitors' page views of one page at `atMs`, as one segment. */
async function loadPageViews(atMs: number): Promise<void> {
  const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
  const n = segment++;
  const rows = ['A', 'B'].map((visitor) =>
    hitRow(`e${n}-${visitor}`, { visitorId: visitor, receivedAtMs: atMs, clientTimeMs: atMs, day: new Date(atMs).toISOString().slice(0, 10), url: '/same', pageName: 'same' }),
  );
  await store.storeBatch(rowBatchOf(`segment-${n}`, rows), { skipStored: false });
  await store.close();
}

/** The store's file, opened while no store holds it. */
const withFile = <T>(run: (connection: DuckDBConnection) => Promise<T>) => withDuckDbFile(path.join(dir, 'mesura.duckdb'), run);

const rowsOf = async (connection: DuckDBConnection, sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();

/** What the reports read of every hit cell table: its rows' sums per day, through its view. */
function reportedSums(connection: DuckDBConnection) {
  return rowsOf(
    connection,
    `SELECT 'page' AS t, strftime(day, '%Y-%m-%d') AS day, sum(page_views) AS n, sum(entries) AS m FROM page_cells GROUP BY ALL
     UNION ALL SELECT 'page_day', strftime(day, '%Y-%m-%d'), sum(page_views), sum(entries) FROM page_day_cells GROUP BY ALL
     UNION ALL SELECT 'visit', strftime(day, '%Y-%m-%d'), sum(visits), sum(page_views) FROM visit_cells WHERE dimension = 'all' GROUP BY ALL
     UNION ALL SELECT 'visit_page', strftime(day, '%Y-%m-%d'), sum(visits), sum(bounces) FROM visit_page_cells GROUP BY ALL
     ORDER BY ALL`,
  );
}

/** The page cells of the one page, by day, in each part. */
const pageCellRows = (connection: DuckDBConnection) =>
  rowsOf(
    connection,
    `SELECT 'merged' AS part, strftime(day, '%Y-%m-%d') AS day, page_views, lowest_visitor_keys AS keys FROM ${mergedPart(PAGE_CELLS)}
     UNION ALL SELECT 'recent', strftime(day, '%Y-%m-%d'), page_views, lowest_visitor_keys FROM ${recentPart(PAGE_CELLS)} ORDER BY ALL`,
  );

describe('cell compaction (cell-compaction.ts)', () => {
  it('merges the rows loads appended into one chunk per key, empties the recent part, and the reports read the same', async () => {
    for (let s = 0; s < 3; s++) await loadPageViews(FIRST_DAY_MS + s * MINUTE_MS);
    await withFile(async (connection) => {
      const before = await reportedSums(connection);
      expect((await pageCellRows(connection)).map((row) => row.part)).toEqual(['recent', 'recent', 'recent']);
      await mergeRecentCells(connection, TABLES);
      expect(await reportedSums(connection)).toEqual(before);
      const [cell, ...others] = await pageCellRows(connection);
      expect(others).toEqual([]);
      expect(cell).toMatchObject({ part: 'merged', day: '2026-11-23', page_views: '6' });
      expect(cell!.keys).toHaveLength(2);
      for (const table of TABLES) expect(await rowsOf(connection, `SELECT count(*) AS n FROM ${recentPart(table)}`)).toEqual([{ n: '0' }]);
    });
  });

  it('leaves a day’s chunks in place while the day goes on, and merges it whole, once, when a later day has begun', async () => {
    await loadPageViews(FIRST_DAY_MS);
    await withFile((connection) => mergeRecentCells(connection, TABLES));
    await loadPageViews(FIRST_DAY_MS + MINUTE_MS);
    await withFile(async (connection) => {
      await mergeRecentCells(connection, TABLES);
      // The first chunk was not written again: the day has one row per merge.
      expect((await pageCellRows(connection)).map((row) => [row.part, row.day, row.page_views])).toEqual([
        ['merged', '2026-11-23', '2'],
        ['merged', '2026-11-23', '2'],
      ]);
      expect(await rowsOf(connection, `SELECT chunks FROM ${CELL_CHUNK_DAYS_TABLE}`)).toEqual([{ chunks: 2 }]);
    });
    await loadPageViews(FIRST_DAY_MS + DAY_MS);
    await withFile(async (connection) => {
      const before = await reportedSums(connection);
      await mergeRecentCells(connection, TABLES);
      expect(await reportedSums(connection)).toEqual(before);
      expect((await pageCellRows(connection)).map((row) => [row.part, row.day, row.page_views])).toEqual([
        ['merged', '2026-11-23', '4'],
        ['merged', '2026-11-24', '2'],
      ]);
      const chunks = await rowsOf(connection, `SELECT strftime(day, '%Y-%m-%d') AS day, chunks FROM ${CELL_CHUNK_DAYS_TABLE} ORDER BY day`);
      expect(chunks).toEqual([
        { day: '2026-11-23', chunks: 1 },
        { day: '2026-11-24', chunks: 1 },
      ]);
    });
  });

  it('keeps the cells of a data folder from before the split as the merged part, and reads them through the view', async () => {
    await loadPageViews(FIRST_DAY_MS);
    await withFile(async (connection) => {
      // The folder as an older release left it: the page cells one table.
      await connection.run(`DROP VIEW ${PAGE_CELLS.name}`);
      await connection.run(`ALTER TABLE ${recentPart(PAGE_CELLS)} RENAME TO ${PAGE_CELLS.name}`);
      await connection.run(`DROP TABLE ${mergedPart(PAGE_CELLS)}`);
    });
    await loadPageViews(FIRST_DAY_MS + MINUTE_MS);
    await withFile(async (connection) => {
      expect(await rowsOf(connection, `SELECT table_type FROM information_schema.tables WHERE table_name = '${PAGE_CELLS.name}'`)).toEqual([{ table_type: 'VIEW' }]);
      expect((await pageCellRows(connection)).map((row) => [row.part, row.page_views])).toEqual([
        ['merged', '2'],
        ['recent', '2'],
      ]);
    });
  });
});
