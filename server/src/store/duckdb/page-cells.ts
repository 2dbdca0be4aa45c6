/**
 * Page cells (report-facts-schema.ts PAGE_CELLS) made again from `page_views`: what an erasure
 * needs, since a cell keeps the erased visitor's key among its smallest and their page views in
 * its sums. Loads append page cells (report-facts-load.ts) and cell-compaction.ts merges them.
 */
import type { SqlConnection } from './reads-first.js';
import { deleteCellsSql, mergedPart } from './cell-tables.js';
import { remakePageDayCells } from './page-day-cells.js';
import { CELL_VISITOR_KEYS, PAGE_CELL_KEYS, PAGE_CELLS } from './report-facts-schema.js';

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;

/** Makes `days`' page cells, and their page day cells, again from `page_views`, one row per key. Runs inside the caller's transaction. */
export async function remakePageCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  for (const sql of deleteCellsSql(PAGE_CELLS, ON_DAYS)) await connection.run(sql, values);
  await connection.run(
    `INSERT INTO ${mergedPart(PAGE_CELLS)} SELECT ${PAGE_CELL_KEYS}, count(*), count(*) FILTER (WHERE visit_page = 1),
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
