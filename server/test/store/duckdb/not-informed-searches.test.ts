/**
 * A data folder loaded while the not-informed keywords ('No Informat', spec §5) still counted as
 * searches is repaired on its next start (store/duckdb/not-informed-searches.ts): its report tables
 * end as the current loader makes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { remakeReportCells } from '../../../src/store/duckdb/report-cells.js';
import { VISIT_TABLES } from '../../../src/store/duckdb/visits-tables.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { plainPageView } from '../../helpers/event-rows.js';

const MINUTE_MS = 60_000;
const START = Date.UTC(2026, 10, 23, 9, 0);
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-not-informed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function pageView(eventId: string, visitor: string, minute: number, url: string, keywords: string): HitRow {
  return plainPageView(eventId, visitor, START + minute * MINUTE_MS, url, {
    day: '2026-11-23',
    variables: { section: 'noticies', searchKeywords: keywords, searchResults: keywords === 'No Informat' ? keywords : '3' },
  });
}

async function withConnection<T>(run: (connection: Awaited<ReturnType<DuckDBInstance['connect']>>) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(path.join(dir, 'mesura.duckdb'));
  const connection = await instance.connect();
  try {
    return await run(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Every report table a search touches, as rows that compare. */
const SNAPSHOT = {
  pageViews: 'SELECT url, search_keywords FROM page_views ORDER BY url',
  searches: 'SELECT url, search_keywords FROM searches ORDER BY url',
  visits: 'SELECT entry_url, page_views, searches FROM visits ORDER BY entry_url',
  cells: 'SELECT dimension, value, visits, page_views, searches FROM visit_cells ORDER BY ALL',
};
const snapshot = () =>
  withConnection(async (connection) => {
    const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
    return { pageViews: await read(SNAPSHOT.pageViews), searches: await read(SNAPSHOT.searches), visits: await read(SNAPSHOT.visits), cells: await read(SNAPSHOT.cells) };
  });

/** What the loader made before: 'no informat' kept as keywords, those page views searches, counted in their visits. */
const makeOldTables = () =>
  withConnection(async (connection) => {
    const notInformed = `url LIKE '/n%'`;
    await connection.run(`UPDATE page_views SET search_keywords = 'no informat' WHERE ${notInformed}`);
    await connection.run(`INSERT INTO searches SELECT * FROM page_views WHERE ${notInformed}`);
    for (const table of VISIT_TABLES) {
      await connection.run(`UPDATE ${table} SET searches = CAST(${table}.searches + n.pages AS INTEGER)
        FROM (SELECT visit_key, count(*) AS pages FROM page_views WHERE ${notInformed} GROUP BY visit_key) AS n WHERE ${table}.visit_key = n.visit_key`);
    }
    await remakeReportCells(connection, ['2026-11-23']);
  });

it('stops counting not-informed keywords as searches in a folder loaded before, and leaves the tables as a load now makes them', async () => {
  const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
  await store.storeBatch(
    rowBatchOf('segment-1', [
      pageView('a1', 'A', 0, '/n-home', 'No Informat'),
      pageView('a2', 'A', 2, '/cercador', 'Temps'),
      pageView('a3', 'A', 4, '/n-article', 'No Informat'),
      pageView('b1', 'B', 1, '/n-weather', 'No Informat'),
    ]),
    { skipStored: false },
  );
  await store.close();
  const loaded = await snapshot();
  expect(loaded.searches).toEqual([{ url: '/cercador', search_keywords: 'temps' }]);
  expect(loaded.visits).toEqual([
    { entry_url: '/n-home', page_views: 3, searches: 1 },
    { entry_url: '/n-weather', page_views: 1, searches: 0 },
  ]);

  await makeOldTables();
  const old = await snapshot();
  expect(old.searches).toHaveLength(4);
  expect(old.visits.map((visit) => visit.searches)).toEqual([3, 1]);
  expect(old.cells).not.toEqual(loaded.cells);

  await (await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP))).close();
  expect(await snapshot()).toEqual(loaded);
  // A second start finds nothing to repair and changes nothing.
  await (await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP))).close();
  expect(await snapshot()).toEqual(loaded);
});
