/**
 * Page cells are appended per segment (report-facts-load.ts), so a busy page gets a row per cell
 * per load; compaction merges each day's rows of one key into one (page views and entries added,
 * the smallest visitor keys merged), in one transaction, so a report never sees a day twice or
 * not at all. It runs once PAGE_CELLS_COMPACT_ROWS rows have been appended since the last one, on
 * the days those rows fell on, and the page day cells of those days are made again from them
 * (page-day-cells.ts). Visit and link cells (report-cells.ts) count towards the same
 * threshold and are made again for those days from `visits` and `link_hits` at the same time.
 */
import type { SqlConnection } from './reads-first.js';
import { remakePageDayCells } from './page-day-cells.js';
import { remakeReportCells } from './report-cells.js';
import { CELL_VISITOR_KEYS, PAGE_CELL_KEYS } from './report-facts-schema.js';

/** Appended page-, visit- and link-cell rows that start a compaction: a few minutes of a busy site's loads. */
export const PAGE_CELLS_COMPACT_ROWS = 200_000;

const COMPACTED = `CREATE OR REPLACE TEMP TABLE compacted_cells AS
  SELECT ${PAGE_CELL_KEYS}, sum(page_views) AS page_views, sum(entries) AS entries,
    list_slice(list_sort(list_distinct(flatten(list(lowest_visitor_keys)))), 1, ${CELL_VISITOR_KEYS}) AS lowest_visitor_keys
  FROM page_cells WHERE day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE)) GROUP BY ALL`;

const REPLACE = [
  `DELETE FROM page_cells WHERE day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`,
  `INSERT INTO page_cells SELECT * FROM compacted_cells`,
  `DROP TABLE compacted_cells`,
];

/** Counts what loads append, and compacts the days they touched once enough has piled up. */
export class PageCellCompaction {
  private appended = 0;
  private readonly days = new Set<string>();

  /** Records `rows` appended on `days`; compacts those days once PAGE_CELLS_COMPACT_ROWS have piled up. */
  async record(connection: SqlConnection, rows: number, days: readonly string[]): Promise<void> {
    this.appended += rows;
    for (const day of days) this.days.add(day);
    if (this.appended < PAGE_CELLS_COMPACT_ROWS) return;
    await compactPageCells(connection, [...this.days]);
    await remakeReportCells(connection, [...this.days]);
    this.appended = 0;
    this.days.clear();
  }
}

/** Merges each of `days`' page cells of one key into one row; runs inside the caller's transaction. */
export async function compactPageCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  const values = { days: JSON.stringify(days) };
  await connection.run(COMPACTED, values);
  await connection.run(REPLACE[0]!, values);
  for (const sql of REPLACE.slice(1)) await connection.run(sql);
  await remakePageDayCells(connection, days);
}

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;

/**
 * Makes `days`' page cells again from `page_views`, one row per key: what an erasure needs, since a
 * cell keeps the erased visitor's key among its smallest and their page views in its sums. Runs
 * inside the caller's transaction.
 */
export async function remakePageCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  await connection.run(`DELETE FROM page_cells WHERE ${ON_DAYS}`, values);
  await connection.run(
    `INSERT INTO page_cells SELECT ${PAGE_CELL_KEYS}, count(*), count(*) FILTER (WHERE visit_page = 1),
       list_slice(list_sort(list_distinct(list(visitor_key))), 1, ${CELL_VISITOR_KEYS})
     FROM page_views WHERE ${ON_DAYS} GROUP BY ALL`,
    values,
  );
  await remakePageDayCells(connection, days);
}

/** The days (YYYY-MM-DD) of a visitor's page views: the page cells an erasure makes again. */
export async function visitorPageCellDays(connection: SqlConnection, visitorId: string): Promise<string[]> {
  const result = await connection.runAndReadAll(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM page_views WHERE visitor_key = hash($visitor) ORDER BY day`, { visitor: visitorId });
  return result.getRowObjectsJson().map((row) => String(row.day));
}
