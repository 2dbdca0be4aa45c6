/**
 * Page views per minute since `$since_ms` (epoch ms), by receive time, with each minute's distinct
 * visitors for the minimum cohort. `page_views` is appended in receive order as segments load, so
 * DuckDB's min/max index on `received_at` skips all but the last row groups. Bots are left out.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { CLICKHOUSE_RECENT_PAGE_VIEWS } from '../clickhouse/recent-page-views-sql.js';

export const REALTIME_PAGE_VIEWS_PER_MINUTE_QUERY: EngineQuery = {
  name: 'real-time page views per minute',
  duckdb: `SELECT epoch_ms(date_trunc('minute', received_at)) AS minute_ms, count(*) AS page_views, count(DISTINCT visitor_key) AS visitors
    FROM page_views WHERE report_suite = $suite AND NOT is_bot AND received_at >= epoch_ms(CAST($since_ms AS BIGINT))
    GROUP BY minute_ms`,
  clickhouse: `SELECT intDiv(received_at, 60000) * 60000 AS minute_ms, count() AS page_views, uniqExact(visitor_id) AS visitors
    FROM ${CLICKHOUSE_RECENT_PAGE_VIEWS} GROUP BY minute_ms`,
};
