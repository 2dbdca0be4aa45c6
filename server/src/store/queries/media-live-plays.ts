/**
 * The play heartbeats of live television and radio (stream type live or linear) in the range, each
 * with its channel or station (media-sessions-sql.ts liveChannel): what the live and radio reports
 * count. Each heartbeat covers the play time it reports (capped as the tracker caps it, §9) and
 * counts at its receive time: a viewer who plays through a minute sends a heartbeat in it.
 * The DuckDB text reads them rolled up per minute, visitor and session
 * (store/duckdb/live-minutes-table.ts): `visitor_id` and `session_id` are their 64-bit keys and
 * `received_at` the minute, which count and place them as the heartbeats would.
 * The ClickHouse text reads closed days from the live-minute roll-up the API nodes keep, rows of
 * the same kind, and later days' heartbeats themselves, each once (ClickHouse keeps a heartbeat
 * sent twice twice): the earliest copy, as DuckDB's load keeps the first stored.
 * Bound: `$suite`, `$from`, `$to` (YYYY-MM-DD, days of receipt in the report zone). Bots are left out.
 */
import { placeholderBounds, rolledOrComputedSql } from '../clickhouse/day-rollup.js';
import { LIVE_MINUTE_ROLLUP_TABLES } from '../clickhouse/live-minute-rollup-table.js';
import { livePlayHeartbeatsClickHouse } from '../clickhouse/live-play-heartbeats.js';
import { LIVE_MINUTES_TABLE } from '../duckdb/live-minutes-table.js';
import type { FilterColumns } from './filter-sql.js';

/** The live plays' columns the filter dimensions and a segment (its visitors' keys) select on. */
export const LIVE_FILTER_COLUMNS: FilterColumns = { programme: 'programme', channel: 'channel', device: 'device_class', visitor: 'visitor_key' };

/** `live_plays` as a DuckDB subquery, with the filters' conditions (`AND …`) applied. */
export function livePlaysDuckdb(filters: string): string {
  return `(SELECT * FROM (
      SELECT visitor_key AS visitor_id, visitor_key, session_key AS session_id, minute AS received_at, programme, device_class, counted_ms, channel
      FROM ${LIVE_MINUTES_TABLE}
      WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
    ) plays WHERE TRUE ${filters}) live_plays`;
}

/**
 * `live_plays` as a ClickHouse subquery, with the filters' conditions applied: the range's leading
 * closed days from the live-minute roll-up (store/clickhouse/live-minute-rollup.ts: a row per
 * minute, visitor and session, as DuckDB's live_minutes), the later days from the heartbeats.
 * Besides `$suite`, `$from` and `$to` it takes the roll-up's `$live_…` values, which the report
 * reader works out (store/clickhouse/day-rollup-reads.ts).
 */
export function livePlaysClickHouse(filters: string): string {
  const bounds = placeholderBounds(LIVE_MINUTE_ROLLUP_TABLES);
  const plays = rolledOrComputedSql(LIVE_MINUTE_ROLLUP_TABLES, livePlayHeartbeatsClickHouse(bounds.computedFrom, bounds.computedTo), bounds);
  // A segment keys visitors as cityHash64(visitor_id) (segment-sql.ts); the plays keep the id itself.
  return `(SELECT *, cityHash64(visitor_id) AS visitor_key FROM ${plays} AS plays
    WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) ${filters}) live_plays`;
}
