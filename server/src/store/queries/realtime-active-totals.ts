/**
 * The page views and distinct visitors since `$since_ms` (epoch ms) in all, and those of the pages
 * each viewed by fewer than `$min_cohort` visitors together (`others_*`: the pages the active pages
 * leave out, added up, realtime-snapshot.ts), with how many such pages there are. Bots are left out.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { CLICKHOUSE_RECENT_PAGE_VIEWS } from '../clickhouse/recent-page-views-sql.js';

export const REALTIME_ACTIVE_TOTALS_QUERY: EngineQuery = {
  name: 'real-time active totals',
  duckdb: `WITH recent AS (
        SELECT url, visitor_key FROM page_views
        WHERE report_suite = $suite AND NOT is_bot AND url IS NOT NULL AND received_at >= epoch_ms(CAST($since_ms AS BIGINT))),
      few AS (SELECT url FROM recent GROUP BY url HAVING count(DISTINCT visitor_key) < $min_cohort)
    SELECT count(*) AS page_views, count(DISTINCT visitor_key) AS visitors,
      count(*) FILTER (WHERE url IN (SELECT url FROM few)) AS others_page_views,
      count(DISTINCT visitor_key) FILTER (WHERE url IN (SELECT url FROM few)) AS others_visitors,
      (SELECT count(*) FROM few) AS others_pages
    FROM recent`,
  // The few pages' addresses gathered into one array and joined to every page view: `has` with a
  // nullable needle misses on 18.16, so the address is read as text (none is null here).
  clickhouse: `SELECT count() AS page_views, uniqExact(visitor_id) AS visitors,
      countIf(has(few_urls, ifNull(url, ''))) AS others_page_views, uniqExactIf(visitor_id, has(few_urls, ifNull(url, ''))) AS others_visitors,
      any(length(few_urls)) AS others_pages
    FROM ${CLICKHOUSE_RECENT_PAGE_VIEWS} AS recent
    CROSS JOIN (SELECT groupArray(page) AS few_urls FROM (SELECT ifNull(url, '') AS page FROM ${CLICKHOUSE_RECENT_PAGE_VIEWS} WHERE url IS NOT NULL GROUP BY page HAVING uniqExact(visitor_id) < $min_cohort)) AS few
    WHERE url IS NOT NULL`,
};
