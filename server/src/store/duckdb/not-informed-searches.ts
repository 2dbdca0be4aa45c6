/**
 * A data folder whose report tables were loaded while the not-informed keywords ('No Informat',
 * search-keywords-sql.ts) still counted as searches: on its first start since, each such page view
 * stops being a search (its keywords NULL in page_views, its row out of searches), its visit counts
 * one search fewer, and the cells of those visits' days are made again. A folder loaded since has no
 * such page view, and this finds none.
 */
import { NOT_INFORMED_KEYWORDS } from '../search-keywords-sql.js';
import type { SqlConnection } from './reads-first.js';
import { remakeReportCells } from './report-cells.js';
import { VISIT_TABLES } from './visits-tables.js';

const WRONG_SEARCHES = `CREATE OR REPLACE TEMP TABLE not_informed_searches AS
  SELECT report_suite, visit_key, count(*) AS page_views FROM page_views
  WHERE search_keywords = '${NOT_INFORMED_KEYWORDS}' GROUP BY report_suite, visit_key`;

/** `visits` is a view over VISIT_TABLES: each is updated. */
const fewerSearches = (table: string) => `UPDATE ${table} SET searches = CAST(${table}.searches - wrong.page_views AS INTEGER)
  FROM not_informed_searches AS wrong
  WHERE ${table}.report_suite = wrong.report_suite AND ${table}.visit_key = wrong.visit_key`;

const DAYS_OF_VISITS = `SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM visits
  WHERE (report_suite, visit_key) IN (SELECT (report_suite, visit_key) FROM not_informed_searches) ORDER BY day`;

/** Repairs the report tables in one transaction; answers how many page views stopped being searches. */
export async function repairNotInformedSearches(connection: SqlConnection): Promise<number> {
  const found = await connection.runAndReadAll(`SELECT count(*) AS n FROM page_views WHERE search_keywords = '${NOT_INFORMED_KEYWORDS}'`);
  const wrong = Number(found.getRowObjectsJson()[0]?.n ?? 0);
  if (wrong === 0) return 0;
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run(WRONG_SEARCHES);
    for (const table of VISIT_TABLES) await connection.run(fewerSearches(table));
    const days = (await connection.runAndReadAll(DAYS_OF_VISITS)).getRowObjectsJson().map((row) => String(row.day));
    await connection.run(`DELETE FROM searches WHERE search_keywords = '${NOT_INFORMED_KEYWORDS}'`);
    await connection.run(`UPDATE page_views SET search_keywords = NULL WHERE search_keywords = '${NOT_INFORMED_KEYWORDS}'`);
    await remakeReportCells(connection, days);
    await connection.run('DROP TABLE not_informed_searches');
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
  return wrong;
}
