/**
 * The pages most viewed since `$since_ms` (epoch ms), with their latest title and distinct
 * visitors; a page viewed by fewer than `$min_cohort` visitors is left out (the minimum cohort).
 * At most `limit` rows. Bots are left out.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { CLICKHOUSE_RECENT_PAGE_VIEWS } from '../clickhouse/recent-page-views-sql.js';

export function realtimeActivePagesQuery(limit: number): EngineQuery {
  return {
    name: 'real-time active pages',
    // Two page views of one page in the same millisecond: the larger title, on both engines (not whichever came first).
    duckdb: `SELECT url, arg_max(title, (received_at, coalesce(title, ''))) AS title, count(*) AS page_views, count(DISTINCT visitor_key) AS visitors
      FROM page_views WHERE report_suite = $suite AND NOT is_bot AND url IS NOT NULL AND received_at >= epoch_ms(CAST($since_ms AS BIGINT))
      GROUP BY url HAVING count(DISTINCT visitor_key) >= $min_cohort
      ORDER BY page_views DESC, url LIMIT ${Math.trunc(limit)}`,
    // The latest title kept as a tuple: argMax of a nullable column would skip a null one, arg_max keeps it.
    clickhouse: `SELECT url, tupleElement(argMax(tuple(page_title), (received_at, ifNull(page_title, ''))), 1) AS title, count() AS page_views,
        uniqExact(visitor_id) AS visitors
      FROM ${CLICKHOUSE_RECENT_PAGE_VIEWS} WHERE url IS NOT NULL
      GROUP BY url HAVING uniqExact(visitor_id) >= $min_cohort
      ORDER BY page_views DESC, url LIMIT ${Math.trunc(limit)}`,
  };
}
