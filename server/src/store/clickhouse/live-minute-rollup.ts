/**
 * The live minutes of closed days (day-rollup.ts): the live play heartbeats rolled up per minute of
 * receipt, visitor, session, programme, device and channel, as the DuckDB store's live_minutes holds
 * them, so that the live and radio reports read about a sixth of the rows (a heartbeat every 10 s)
 * and none of the other heartbeats. A materialized view cannot keep them: a heartbeat sent twice
 * must count once, and a copy may come in another insert, the next day even. A day's minutes read
 * its heartbeats and the day before's ids (a copy sent across midnight counts on its first day).
 */
import { LIVE_PLAY_HEARTBEATS, livePlayHeartbeatsClickHouse } from './live-play-heartbeats.js';
import { visitorWhere } from '../queries/visitor-data.js';
import type { DayRollup } from './day-rollup.js';
import { LIVE_MINUTE_ROLLUP_TABLES } from './live-minute-rollup-table.js';

const MINUTE_MS = 60_000;

/** Renamed a level up: ClickHouse resolves an alias before a column, so `sum(counted_ms) AS counted_ms` would sum its own result. */
const DAY_MINUTES = `SELECT report_suite, day, visitor_id, session_id, minute_ms AS received_at, programme, device_class,
    minute_counted_ms AS counted_ms, channel
  FROM (SELECT report_suite, day, visitor_id, session_id, intDiv(received_at, ${MINUTE_MS}) * ${MINUTE_MS} AS minute_ms, programme,
      device_class, channel, sum(counted_ms) AS minute_counted_ms
    FROM ${livePlayHeartbeatsClickHouse('toDate($day)', 'toDate($day)', 'cityHash64(session_id) % $slices = $slice')} AS plays
    GROUP BY report_suite, day, visitor_id, session_id, minute_ms, programme, device_class, channel)`;

export const LIVE_MINUTE_ROLLUP: DayRollup = {
  ...LIVE_MINUTE_ROLLUP_TABLES,
  source: { table: 'heartbeats', where: LIVE_PLAY_HEARTBEATS, checksum: 'toInt64(0)' },
  reads: [-1, 0],
  rowsSql: DAY_MINUTES,
  revision: 0,
  // A slice's heartbeats are sorted once to drop copies: a million rows stay far under a query's memory.
  sliceRows: 1_000_000,
  requires: ['heartbeat_id', 'session_id', 'stream_type'],
  // The sessions' heartbeats without a visitor id are found by their session (queries/visitor-data.ts).
  visitorRows: (keys) => visitorWhere('heartbeats', keys),
  startedColumn: 'received_at',
};
