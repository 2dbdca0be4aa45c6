/**
 * The play heartbeats of live television and radio (stream type live or linear) in the range, each
 * with its channel or station (media-sessions-sql.ts liveChannel): what the live and radio reports
 * count. Each heartbeat covers the play time it reports (capped as the tracker caps it, §9) and
 * counts at its receive time: a viewer who plays through a minute sends a heartbeat in it.
 * The DuckDB text reads them rolled up per minute, visitor and session
 * (store/duckdb/live-minutes-table.ts): `visitor_id` and `session_id` are their 64-bit keys and
 * `received_at` the minute, which count and place them as the heartbeats would.
 * Bound: `$suite`, `$from`, `$to` (YYYY-MM-DD, days of receipt in the report zone). Bots are left out.
 */
import { LIVE_MINUTES_TABLE } from '../../store/duckdb/live-minutes-table.js';
import type { FilterColumns } from '../filter-sql.js';

/** The live plays' columns the filter dimensions select on. */
export const LIVE_FILTER_COLUMNS: FilterColumns = { programme: 'programme', channel: 'channel', device: 'device_class' };

/** `live_plays` as a DuckDB subquery, with the filters' conditions (`AND …`) applied. */
export function livePlaysDuckdb(filters: string): string {
  return `(SELECT * FROM (
      SELECT visitor_key AS visitor_id, session_key AS session_id, minute AS received_at, programme, device_class, counted_ms, channel
      FROM ${LIVE_MINUTES_TABLE}
      WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
    ) plays WHERE TRUE ${filters}) live_plays`;
}
