/**
 * The real-time reports' page views on ClickHouse (store/queries/realtime-*.ts): the suite's page
 * views received since `$since_ms` (epoch ms), one per event id (the first received), bots left
 * out. They need no visits, so they read `hits` directly instead of report-facts-sql.ts's tables.
 * `day` is checked from the day before the instant's UTC day, so that the partitions of older
 * months are skipped whatever the report zone.
 */
export const CLICKHOUSE_RECENT_PAGE_VIEWS = `(SELECT received_at, visitor_id, url, content_title AS page_title FROM hits
  WHERE report_suite = $suite AND hit_type = 'page_view' AND NOT is_bot AND received_at >= $since_ms
    AND day >= toDate(toDateTime(intDiv($since_ms, 1000), 'UTC')) - 1
  ORDER BY received_at, event_id LIMIT 1 BY event_id)`;
