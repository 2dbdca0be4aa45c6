/**
 * The media sessions' roll-up tables (day-rollup.ts): `session_rollup`, the session rows
 * (clickhouse-media-sessions-sql.ts sessionRowsClickHouse) of the sessions started on each closed
 * day per build, and `session_rollup_days`, the builds' records. Apart from session-rollup.ts, which
 * says how the rows are cut, so that clickhouse-media-sessions-sql.ts can read them.
 */
import { MEDIA_SESSION_COUNTERS } from '../media-session-counters.js';
import { rollupColumns, type DayRollup } from './day-rollup.js';

export const SESSION_ROLLUP_TABLE = 'session_rollup';
export const SESSION_ROLLUP_DAYS_TABLE = 'session_rollup_days';

/** The session rows' columns, as sessionRowsClickHouse types them on 18.16 and 26.7. */
const COLUMNS = rollupColumns([
  ['report_suite', 'String'],
  ['session_id', 'String'],
  ['visitor_id', 'Nullable(String)'],
  ['content_id', 'String'],
  ['content_name', 'Nullable(String)'],
  ['programme', 'Nullable(String)'],
  ['stream_type', 'String'],
  ['day', 'Date'],
  ['device', 'String'],
  ['season', 'Nullable(String)'],
  ['first_received_ms', 'Int64'],
  ['last_received_ms', 'Int64'],
  ['last_ts_ms', 'Int64'],
  ['started_ms', 'Nullable(Int64)'],
  ['completed_ms', 'Nullable(Int64)'],
  ['end_ms', 'Nullable(Int64)'],
  ['content_ms', 'Int64'],
  ['ad_ms', 'Int64'],
  ...MEDIA_SESSION_COUNTERS.map((c) => [c.column, c.clickhouseType] as const),
  ['startup_time_ms', 'Nullable(Int64)'],
  ['bitrate_weighted', 'Float64'],
  ['bitrate_ms', 'Int64'],
  ['errors', 'UInt64'],
  ['is_bot', 'UInt8'],
  ['first_play_ms', 'Nullable(Int64)'],
  ['first_error_ms', 'Nullable(Int64)'],
  ['rebuffer_ms', 'Int64'],
  ['channel', 'Nullable(String)'],
  ['start_failure', 'UInt8'],
]);

/** What clickhouse-media-sessions-sql.ts needs to read the roll-up. */
export const SESSION_ROLLUP_TABLES: Pick<DayRollup, 'name' | 'table' | 'daysTable' | 'columns' | 'rowKey' | 'valuePrefix'> = {
  name: 'media sessions',
  table: SESSION_ROLLUP_TABLE,
  daysTable: SESSION_ROLLUP_DAYS_TABLE,
  columns: COLUMNS,
  rowKey: 'session_id',
  valuePrefix: 'sessions',
};
