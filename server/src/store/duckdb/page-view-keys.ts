/**
 * `page_view_keys`: each page view's visit, visitor and receive time with its address as a number
 * (`url_key`, DuckDB's 64-bit hash of the address), and `page_urls`: each address once with its
 * key. What a goal, a funnel step or a segment's page condition reads on DuckDB
 * (queries/hit-match.ts) when no filter names another column: a pattern is matched against the
 * few thousand addresses of `page_urls`, and the page views are picked by their key, where
 * matching every row's address of page_views (LIKE over millions of strings) cost several times
 * more than the rest of the step.
 *
 * Kept with page_views: a load appends its page views to both (report-facts-load.ts), retention
 * deletes by day (REPORT_FACT_TABLES), an erasure by visitor (queries/visitor-data.ts). A page
 * view's row never changes once stored (its visit is cut before it is inserted), so nothing is
 * made again when a later load continues its visit. A data folder from before them gets both from
 * page_views when the report tables are made (`CREATE … AS SELECT`, as `searches`).
 *
 * `page_urls` has no day and outlives retention, as page_views_daily keeps the addresses: an
 * address without page views matches and finds none. An erasure takes the addresses no other
 * visitor's page view keeps. Two addresses would share a key only if their 64-bit hashes met
 * (about one chance in 37 million with a million addresses).
 */

export const PAGE_VIEW_KEYS_TABLE = 'page_view_keys';
export const PAGE_URLS_TABLE = 'page_urls';

/** A page_views row's columns in page_view_keys. */
const KEY_COLUMNS = `report_suite, day, is_bot, visitor_key, visit_key, epoch_ms(received_at) AS t, hash(url) AS url_key`;

export const CREATE_PAGE_VIEW_KEYS = `CREATE TABLE IF NOT EXISTS ${PAGE_VIEW_KEYS_TABLE} AS SELECT ${KEY_COLUMNS} FROM page_views ORDER BY received_at`;

export const CREATE_PAGE_URLS = `CREATE TABLE IF NOT EXISTS ${PAGE_URLS_TABLE} AS SELECT DISTINCT hash(url) AS url_key, url FROM page_views`;

/** A load's page views (the temporary segment_page_views of report-facts-load.ts), appended to both. */
export const APPEND_PAGE_VIEW_KEYS = [
  `INSERT INTO ${PAGE_VIEW_KEYS_TABLE} SELECT ${KEY_COLUMNS} FROM segment_page_views ORDER BY received_at`,
  `INSERT INTO ${PAGE_URLS_TABLE} SELECT DISTINCT hash(url), url FROM segment_page_views
    WHERE hash(url) NOT IN (SELECT url_key FROM ${PAGE_URLS_TABLE} WHERE url_key IS NOT NULL)`,
];

/**
 * The range's page views whose address `urlCondition` (SQL over `url`) picks, as `visitor_key`,
 * `t` and `visit_key`; `range` names the suite, days and bots as report-table.ts IN_RANGE does.
 */
export function pageViewKeysSql(range: string, urlCondition: string): string {
  return `SELECT visitor_key, t, visit_key FROM ${PAGE_VIEW_KEYS_TABLE}
    WHERE ${range} AND url_key IN (SELECT url_key FROM ${PAGE_URLS_TABLE} WHERE ${urlCondition})`;
}
