/**
 * The live play heartbeats of a range, each once, as rows of `live_plays`: what the live-minute
 * roll-up (live-minute-rollup.ts) keeps per closed day and the live and radio reports
 * (store/queries/media-live-plays.ts) read for the days after it.
 */
import { MAX_HEARTBEAT_DURATION_MS } from '@mesura/protocol';
import { CLICKHOUSE_FUNCTIONS } from './clickhouse-media-sessions-sql.js';
import { liveChannel } from '../media-sessions-sql.js';

/**
 * Days before the range whose heartbeats may hold an earlier copy of one in the range: a copy is
 * the tracker or the collector sending the same heartbeat again within its session, so one day
 * covers a copy sent across midnight. A longer look back would read every earlier day's ids.
 */
const COPY_LOOKBACK_DAYS = 1;

/**
 * The live play heartbeats of the days `from` to `to` (SQL Dates) as rows of live_plays' columns
 * with their suite and day, each heartbeat once (its earliest copy; one whose copy came the day
 * before is left out), matching `where`: `channel` is never null, `received_at` is epoch ms.
 */
export function livePlayHeartbeatsClickHouse(from: string, to: string, where = '1'): string {
  const copiedBefore = `SELECT heartbeat_id FROM heartbeats
    WHERE report_suite = $suite AND day BETWEEN ${from} - ${COPY_LOOKBACK_DAYS} AND ${from} - 1`;
  return `(SELECT report_suite, day, visitor_id, session_id, received_at, programme, device_class, counted_ms, play_channel AS channel FROM (
      SELECT report_suite, day, visitor_id, session_id, received_at, programme, device_class,
        if(duration_ms BETWEEN 0 AND ${MAX_HEARTBEAT_DURATION_MS}, duration_ms, 0) AS counted_ms,
        ${liveChannel('content_id', CLICKHOUSE_FUNCTIONS)} AS play_channel
      FROM heartbeats
      WHERE report_suite = $suite AND day BETWEEN ${from} AND ${to} AND is_bot = 0
        AND ${LIVE_PLAY_HEARTBEATS} AND (${where})
        AND heartbeat_id NOT IN (${copiedBefore})
      ORDER BY heartbeat_id, received_at
      LIMIT 1 BY heartbeat_id
    ) copies WHERE play_channel IS NOT NULL)`;
}

/** Which heartbeats are live plays (before the channel is known). */
export const LIVE_PLAY_HEARTBEATS = "asset_type = 'main' AND event_type = 'play' AND stream_type IN ('live', 'linear')";
