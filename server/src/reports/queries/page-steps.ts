/**
 * `page_steps`: page views of the page `$p_page` (the page path reports keep those:
 * page-path-reports.ts), each with the address of the page viewed just before it in its visit
 * (`previous_url`, NULL for the visit's entry) and just after it (`next_url`, NULL for its exit),
 * read per ask over the range and a day on either side (a visit may cross midnight). Only the
 * page's views and their neighbours are read: ordering every page view of a month would cost
 * seconds.
 *
 * DuckDB numbers each visit's page views at load (`visit_page`), so the neighbours are a join on
 * the number. ClickHouse cuts the visits as it reads (store/clickhouse/report-facts-sql.ts) and,
 * without lag and lead on 18.16, gathers in order into one array the page views of each visit that
 * saw the page, and unrolls it with each one's neighbours.
 */
import { CLICKHOUSE_FACTS, type ClickHouseFactTable, pageViewsOf } from '../../store/clickhouse/report-facts-sql.js';
import type { ReportTable } from './report-table.js';

const WINDOW_DAYS = `day BETWEEN CAST($from AS DATE) - 1 AND CAST($to AS DATE) + 1`;

/** On DuckDB the page's own views, each joined to the views numbered just before and after it in its visit. */
const DUCKDB_PAGE_STEPS = `(SELECT v.*, prev_view.url AS previous_url, next_view.url AS next_url
  FROM page_views v
  LEFT JOIN page_views prev_view ON prev_view.visit_key = v.visit_key AND prev_view.visit_page = v.visit_page - 1
    AND prev_view.report_suite = $suite AND prev_view.${WINDOW_DAYS}
  LEFT JOIN page_views next_view ON next_view.visit_key = v.visit_key AND next_view.visit_page = v.visit_page + 1
    AND next_view.report_suite = $suite AND next_view.${WINDOW_DAYS}
  WHERE v.report_suite = $suite AND v.${WINDOW_DAYS} AND v.url = $p_page)`;

/** What a step keeps of its page view, in the array's tuples: the order first, the address fifth. */
const STEP_COLUMNS = ['visit_page', 'day', 'is_bot', 'visitor_key', 'url', 'section', 'subsection', 'programme', 'channel', 'portal', 'device', 'login', 'campaign'];
const URL_AT = STEP_COLUMNS.indexOf('url') + 1;

const CLICKHOUSE_PAGE_STEPS = `(SELECT report_suite, ${STEP_COLUMNS.slice(1)
  .map((column, i) => `tupleElement(step, ${i + 2}) AS ${column}`)
  .join(', ')},
    if(position > 1, tupleElement(steps[position - 1], ${URL_AT}), NULL) AS previous_url,
    if(position < length(steps), tupleElement(steps[position + 1], ${URL_AT}), NULL) AS next_url
  FROM (SELECT report_suite, arraySort(s -> tupleElement(s, 1), groupArray((${STEP_COLUMNS.join(', ')}))) AS steps
    FROM ${pageViewsOf('$from', '$to')} AS step_views
    GROUP BY report_suite, visit_key HAVING has(arrayMap(s -> tupleElement(s, ${URL_AT}), steps), $p_page))
  ARRAY JOIN steps AS step, arrayEnumerate(steps) AS position)`;

/** A table a ClickHouse ranking reads. */
export type ClickHouseSource = ClickHouseFactTable | 'page_steps';

/** What a DuckDB report query reads FROM for `table`. */
export function duckdbSource(table: ReportTable): string {
  return table === 'page_steps' ? DUCKDB_PAGE_STEPS : table;
}

/** What a ClickHouse report query reads FROM for `table`. */
export function clickhouseSource(table: ClickHouseSource): string {
  return table === 'page_steps' ? CLICKHOUSE_PAGE_STEPS : CLICKHOUSE_FACTS[table];
}
