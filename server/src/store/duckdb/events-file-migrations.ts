/**
 * The numbered steps of mesura.duckdb (events, report tables, the embedded accounts and
 * activities). Its tables are made or completed by the store's ensure functions on every start
 * (duckdb-store.ts), as they were before versions: step 1 records that baseline, so a folder
 * from before versions is at 0 and gets it. Numbers run across the whole data folder
 * (data-folder-version.ts); a released step is never edited.
 */
import type { DuckDbMigration } from './duckdb-schema-version.js';
import { CREATE_REPORT_EXTENT } from './report-extent.js';
import { dropCellTableSql, ensureCellTable } from './cell-tables.js';
import { remakeAllClosedBandCells, remakeAllVisitCells } from './report-cells.js';
import { fillMissingPageEngagementCells } from './page-engagement-cells.js';
import { fillMissingTransitionCells } from './page-transition-cells.js';
import { VISIT_CELLS } from './report-facts-schema.js';
import { CREATE_LINK_HIT_VISITS, LINK_HIT_VISITS_TABLE } from './link-hit-visits.js';
import { CREATE_PAGE_URLS, CREATE_PAGE_VIEW_KEYS, PAGE_URLS_TABLE, PAGE_VIEW_KEYS_TABLE } from './page-view-keys.js';

export const EVENTS_FILE_MIGRATIONS: readonly DuckDbMigration[] = [
  { version: 1, name: 'baseline: the tables of 2026-11-26, made or completed', run: async () => undefined },
  {
    version: 2,
    // A folder that had report tables before this step gets them made again from its raw rows once (report-extent.ts).
    name: 'report_extent: the report tables record the raw rows they were built from',
    run: async (connection) => {
      await connection.run(CREATE_REPORT_EXTENT);
    },
  },
  {
    version: 3,
    // The store's ensure makes the split (cell-tables.ts ensureCellTable): an older build would write into the views.
    name: 'cell tables: each a view over its recent and its merged rows',
    run: async () => undefined,
  },
  {
    version: 4,
    // The store's ensure adds the columns (hits-schema.ts, visits-tables.ts): an older build's loads
    // copy visits with SELECT * into tables of its own columns and would fail on the four more.
    name: 'geography: hits and visits record the country, region, province and city of the address',
    run: async () => undefined,
  },
  {
    version: 5,
    // DuckDB adds no NOT NULL column to a table, and one added would come after the sketch while a
    // new folder's tables have it where report-facts-schema.ts says: the parts are made again as a
    // new folder makes them, and every stored day's cells remade, with its durations and bands.
    name: 'visit duration: visit cells sum visit durations and roll visits up by duration band',
    run: async (connection) => {
      for (const sql of dropCellTableSql(VISIT_CELLS)) await connection.run(sql);
      await ensureCellTable(connection, VISIT_CELLS);
      await remakeAllVisitCells(connection);
    },
  },
  {
    version: 6,
    // An older build would not add a closing visit's band cells, and its reports would lack those visitors.
    name: 'visit duration: the closed visits are rolled up by duration band for their visitors',
    run: async (connection) => {
      await remakeAllClosedBandCells(connection);
    },
  },
  {
    version: 7,
    // The store's ensure makes the table (report-facts-schema.ts): an older build would load those hits as link hits.
    name: 'page engagement: engaged time and scroll depth hits are kept in page_engagements, apart from link hits',
    run: async () => undefined,
  },
  {
    version: 8,
    // The store's ensure makes the table: an older build's loads would not append to it.
    name: 'page engagement: engagement hits are rolled up per day and page for the engaged-time rankings',
    run: async (connection) => {
      await fillMissingPageEngagementCells(connection);
    },
  },
  {
    version: 9,
    // The store's ensure makes the table and its view: an older build's loads would not append to it.
    name: 'paths: page views are rolled up per day, page and step for the unfiltered path reports',
    run: async (connection) => {
      await fillMissingTransitionCells(connection);
    },
  },
  {
    version: 10,
    // The store's ensure makes link_hit_visits; an older build's loads would not append to it. A
    // build of step 9 may have run without page_view_keys and page_urls after one with them (they
    // came without a step), leaving them short: all three are made again from their tables.
    name: 'goals and funnels: each link hit is kept with its visit, and the page view keys made again',
    run: async (connection) => {
      for (const table of [LINK_HIT_VISITS_TABLE, PAGE_VIEW_KEYS_TABLE, PAGE_URLS_TABLE]) await connection.run(`DROP TABLE IF EXISTS ${table}`);
      for (const sql of [CREATE_PAGE_VIEW_KEYS, CREATE_PAGE_URLS, CREATE_LINK_HIT_VISITS]) await connection.run(sql);
    },
  },
];
