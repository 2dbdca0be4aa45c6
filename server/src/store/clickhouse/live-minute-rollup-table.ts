/**
 * The live minutes' roll-up tables (day-rollup.ts): `live_minute_rollup`, the live play heartbeats
 * of each closed day rolled up per minute of receipt, visitor, session, programme, device and
 * channel (as the DuckDB store's live_minutes), per build, and `live_minute_rollup_days`, the builds'
 * records. Apart from live-minute-rollup.ts, which says how the rows are made, so that
 * store/queries/media-live-plays.ts can read them.
 */
import { rollupColumns, type DayRollup } from './day-rollup.js';

export const LIVE_MINUTE_ROLLUP_TABLE = 'live_minute_rollup';
export const LIVE_MINUTE_ROLLUP_DAYS_TABLE = 'live_minute_rollup_days';

/** media-live-plays.ts's live_plays columns with their suite and day, as ClickHouse types them on 18.16 and 26.7. */
const COLUMNS = rollupColumns([
  ['report_suite', 'String'],
  ['day', 'Date'],
  ['visitor_id', 'Nullable(String)'],
  ['session_id', 'String'],
  ['received_at', 'Int64'],
  ['programme', 'Nullable(String)'],
  ['device_class', 'String'],
  ['counted_ms', 'Int64'],
  ['channel', 'Nullable(String)'],
]);

/** What media-live-plays.ts needs to read the roll-up. */
export const LIVE_MINUTE_ROLLUP_TABLES: Pick<DayRollup, 'name' | 'table' | 'daysTable' | 'columns' | 'rowKey' | 'valuePrefix'> = {
  name: 'live minutes',
  table: LIVE_MINUTE_ROLLUP_TABLE,
  daysTable: LIVE_MINUTE_ROLLUP_DAYS_TABLE,
  columns: COLUMNS,
  rowKey: 'session_id, received_at',
  valuePrefix: 'live',
};
