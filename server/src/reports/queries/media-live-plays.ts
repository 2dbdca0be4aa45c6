/**
 * The play heartbeats of live television and radio (stream type live or linear) in the range, each
 * with its channel or station (media-sessions-sql.ts liveChannel): what the live and radio reports
 * count. Each heartbeat covers the play time it reports (capped as the tracker caps it, §9) and
 * counts at its receive time: a viewer who plays through a minute sends a heartbeat in it.
 * Bound: `$suite`, `$from`, `$to` (YYYY-MM-DD, days of receipt in the report zone). Bots are left out.
 */
import { MAX_HEARTBEAT_DURATION_MS } from '@mesura/protocol';
import { DUCKDB_FUNCTIONS, liveChannel } from '../../store/media-sessions-sql.js';
import type { FilterColumns } from '../filter-sql.js';

/** The live plays' columns the filter dimensions select on. */
export const LIVE_FILTER_COLUMNS: FilterColumns = { programme: 'programme', channel: 'channel', device: 'device_class' };

/** `live_plays` as a DuckDB subquery, with the filters' conditions (`AND …`) applied. */
export function livePlaysDuckdb(filters: string): string {
  return `(SELECT * FROM (
      SELECT visitor_id, session_id, received_at, programme, device_class,
        CASE WHEN duration_ms BETWEEN 0 AND ${MAX_HEARTBEAT_DURATION_MS} THEN duration_ms ELSE 0 END AS counted_ms,
        ${liveChannel('content_id', DUCKDB_FUNCTIONS)} AS channel
      FROM heartbeats
      WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot
        AND asset_type = 'main' AND event_type = 'play' AND stream_type IN ('live', 'linear')
    ) plays WHERE channel IS NOT NULL ${filters}) live_plays`;
}
