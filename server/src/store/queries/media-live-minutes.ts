/**
 * Live viewers per minute of one day (wall clock of the report zone, `$tz`): the distinct visitors
 * who played live in each minute, and the play time, and the day's total (key null). Bound:
 * `$suite`, `$from` = `$to` (the day), `$tz` and the filters' `$f_*`. The ClickHouse text keys
 * the minutes as text ('0'–'1439'), which the series reads as DuckDB's numbers (media-measured-rows.ts).
 */
import type { EngineQuery } from '../analytics-reader.js';
import { distinctCount, groupsWithTotalClickHouse, overRows } from './media-clickhouse-groups.js';
import { livePlaysClickHouse, livePlaysDuckdb } from './media-live-plays.js';

export function liveMinutesQuery(filters: string): EngineQuery {
  return {
    name: 'media live viewers per minute',
    duckdb: `SELECT CASE WHEN grouping(minute_of_day) = 0 THEN minute_of_day END AS key,
        count(DISTINCT visitor_id) AS viewers, sum(counted_ms) / 1000.0 AS seconds_played
      FROM (SELECT visitor_id, counted_ms,
          CAST(hour(local_at) * 60 + minute(local_at) AS INTEGER) AS minute_of_day
        FROM (SELECT *, timezone($tz, received_at::TIMESTAMP AT TIME ZONE 'UTC') AS local_at FROM ${livePlaysDuckdb(filters)}) located) minutes
      GROUP BY GROUPING SETS ((minute_of_day), ())`,
    clickhouse: groupsWithTotalClickHouse({
      source: `SELECT visitor_id, counted_ms, toString(toHour(local_at) * 60 + toMinute(local_at)) AS group_key
        FROM (SELECT visitor_id, counted_ms, toDateTime(intDiv(received_at, 1000), $tz) AS local_at FROM ${livePlaysClickHouse(filters)}) located`,
      figures: { viewers: distinctCount('visitor_id'), seconds_played: overRows('sum(counted_ms) / 1000.0') },
    }),
  };
}
