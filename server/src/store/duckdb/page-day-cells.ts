/**
 * `page_day_cells` (report-facts-schema.ts): page cells without the filter columns, for the
 * unfiltered page rankings. A load appends its page views' day cells (APPEND_PAGE_DAY_CELLS) beside
 * their page cells, and a day's rows are made again from its page cells whenever those are made
 * again (page-cells.ts), so the two tables always hold the same sums and the same smallest visitor
 * keys. A cell's title, page name and programme name are the smallest of its rows' (`min`,
 * not `any_value`): the minimum of cells' minimums is their rows', so the page rankings label a
 * page alike from either table, and as ClickHouse does (reports/content-reports.ts).
 */
import type { SqlConnection } from './reads-first.js';
import { deleteCellsSql, mergedPart, recentPart } from './cell-tables.js';
import { CELL_VISITOR_KEYS, PAGE_DAY_CELLS } from './report-facts-schema.js';

const PAGE_DAY_KEYS = PAGE_DAY_CELLS.keys;

/** The smallest distinct visitor keys of `keys` (a list column or a list of keys). */
const LOWEST = (keys: string) => `list_slice(list_sort(list_distinct(${keys})), 1, ${CELL_VISITOR_KEYS})`;

/** A load's page views (segment_page_views, rows of page_views) as page day cells. */
export const APPEND_PAGE_DAY_CELLS = `INSERT INTO ${recentPart(PAGE_DAY_CELLS)} SELECT ${PAGE_DAY_KEYS}, min(content_title), min(page_name),
    min(programme_name), count(*), count(*) FILTER (WHERE visit_page = 1), ${LOWEST('list(visitor_key)')}
  FROM segment_page_views GROUP BY ${PAGE_DAY_KEYS}`;

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;

/** Makes `days`' page day cells again from their page cells; runs inside the caller's transaction. */
export async function remakePageDayCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  for (const sql of deleteCellsSql(PAGE_DAY_CELLS, ON_DAYS)) await connection.run(sql, values);
  await connection.run(
    `INSERT INTO ${mergedPart(PAGE_DAY_CELLS)} SELECT ${PAGE_DAY_KEYS}, min(title), min(page_name), min(programme_name),
       sum(page_views), sum(entries), ${LOWEST('flatten(list(lowest_visitor_keys))')}
     FROM page_cells WHERE ${ON_DAYS} GROUP BY ${PAGE_DAY_KEYS}`,
    values,
  );
}

/** Gives the days of page cells that have no page day cell theirs (a data folder from before the table); returns how many. */
export async function fillMissingPageDayCells(connection: SqlConnection): Promise<number> {
  const result = await connection.runAndReadAll(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM page_cells
    WHERE day NOT IN (SELECT DISTINCT day FROM page_day_cells) ORDER BY day`);
  const days = result.getRowObjectsJson().map((row) => String(row.day));
  await remakePageDayCells(connection, days);
  return days.length;
}
