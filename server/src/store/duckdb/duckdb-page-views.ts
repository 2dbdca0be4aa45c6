/**
 * The page-view report in DuckDB: raw hits for the days still within retention, plus the
 * identifier-free daily roll-up (retention-sql.ts) for older days. Visitors can only be counted
 * where the raw hits remain, so days past retention add page views and no visitors.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { PAGE_VIEWS_DAILY_TABLE } from '../queries/retention.js';
import type { PageViewQuery, PageViewReport } from '../store.js';

const DIMENSION_SQL: Record<PageViewQuery['by'], string> = {
  day: "strftime(day, '%Y-%m-%d')",
  section: "coalesce(section, '')",
  pageName: "coalesce(page_name, '')",
};

const RANGE = `report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND ($bots OR NOT is_bot)`;

/** Page views and visitors per key (a constant key gives the totals). */
function countsSql(key: string): string {
  return `SELECT key, sum(page_views) AS page_views, sum(visitors) AS visitors FROM (
      SELECT ${key} AS key, count(DISTINCT event_id) AS page_views, count(DISTINCT visitor_id) AS visitors
      FROM hits WHERE hit_type = 'page_view' AND ${RANGE} GROUP BY 1
      UNION ALL
      SELECT ${key} AS key, sum(page_views) AS page_views, 0 AS visitors
      FROM ${PAGE_VIEWS_DAILY_TABLE} WHERE ${RANGE} GROUP BY 1)
    GROUP BY key`;
}

export async function pageViews(connection: DuckDBConnection, query: PageViewQuery): Promise<PageViewReport> {
  const values = { suite: query.reportSuite, from: query.from, to: query.to, bots: query.includeBots };
  const order = query.by === 'day' ? 'key' : 'page_views DESC, key';
  const grouped = await connection.runAndReadAll(`${countsSql(DIMENSION_SQL[query.by])} ORDER BY ${order}`, values);
  const totals = await connection.runAndReadAll(countsSql("'total'"), values);
  const total = totals.getRowObjectsJson()[0];
  return {
    rows: grouped.getRowObjectsJson().map((r) => ({
      key: String(r.key),
      pageViews: Number(r.page_views),
      visitors: Number(r.visitors),
    })),
    totalPageViews: Number(total?.page_views ?? 0),
    totalVisitors: Number(total?.visitors ?? 0),
  };
}
