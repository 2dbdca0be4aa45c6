/**
 * `page_engagement_cells` (report-facts-schema.ts): the engagement hits' sums per day and page. A
 * load appends the cells of the engagement hits it stores (APPEND_PAGE_ENGAGEMENT_CELLS, over the
 * load's segment_page_engagements), and a day's cells are made again from `page_engagements` when
 * a visitor is erased and when a data folder from before the table gets them (schema step 8). A
 * cell's title, page name and programme name are the smallest of its rows' (`min`), so a ranking
 * labels a page alike over the cells and over the rows (queries/page-engagement-rankings.ts).
 */
import type { SqlConnection } from './reads-first.js';
import { deleteCellsSql, mergedPart, recentPart } from './cell-tables.js';
import { CELL_VISITOR_KEYS, PAGE_ENGAGEMENT_CELLS } from './report-facts-schema.js';
import { daysOf } from './report-cells.js';

const KEYS = PAGE_ENGAGEMENT_CELLS.keys;

/** Cells of `src` (rows of page_engagements) into `into`. */
const cellsSql = (into: string, src: string) => `INSERT INTO ${into} SELECT ${KEYS}, min(title), min(page_name), min(programme_name),
    sum(engaged_ms), count(*), sum(scroll_pct), list_slice(list_sort(list_distinct(list(visitor_key))), 1, ${CELL_VISITOR_KEYS})
  FROM (${src}) GROUP BY ${KEYS}`;

/** A load's engagement hits (segment_page_engagements: rows of page_engagements) as cells. */
export const APPEND_PAGE_ENGAGEMENT_CELLS = cellsSql(recentPart(PAGE_ENGAGEMENT_CELLS), 'SELECT * FROM segment_page_engagements');

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;

/** Makes `days`' cells again from `page_engagements`; runs inside the caller's transaction. */
export async function remakePageEngagementCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  for (const sql of deleteCellsSql(PAGE_ENGAGEMENT_CELLS, ON_DAYS)) await connection.run(sql, values);
  await connection.run(cellsSql(mergedPart(PAGE_ENGAGEMENT_CELLS), `SELECT * FROM page_engagements WHERE ${ON_DAYS}`), values);
}

/** Days made again per statement when a folder gets its cells: bounds the memory one statement takes. */
const REMAKE_DAYS_PER_STATEMENT = 7;

/** Gives every day of page_engagements without a cell its cells, a week of days at a time; returns how many days. */
export async function fillMissingPageEngagementCells(connection: SqlConnection): Promise<number> {
  const days = await daysOf(connection, `SELECT day FROM page_engagements WHERE day NOT IN (SELECT DISTINCT day FROM ${PAGE_ENGAGEMENT_CELLS.name})`);
  for (let i = 0; i < days.length; i += REMAKE_DAYS_PER_STATEMENT) await remakePageEngagementCells(connection, days.slice(i, i + REMAKE_DAYS_PER_STATEMENT));
  return days.length;
}

/** The days (YYYY-MM-DD) of a visitor's engagement hits: the cells an erasure makes again. */
export async function visitorPageEngagementDays(connection: SqlConnection, visitorId: string): Promise<string[]> {
  const result = await connection.runAndReadAll(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM page_engagements WHERE visitor_key = hash($visitor) ORDER BY day`, { visitor: visitorId });
  return result.getRowObjectsJson().map((row) => String(row.day));
}
