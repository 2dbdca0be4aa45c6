/**
 * The live peak of a range: for each day (report zone, `$tz`) the most distinct visitors who
 * played live in one minute of it, and the range's highest such minute (key null). Read from
 * the live plays' minute rows (media-live-plays.ts), as the live viewers per minute report counts
 * them, so the peak is that chart's highest point. Bound: `$suite`, `$from`, `$to`, `$tz` and the
 * filters' `$f_*`.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { groupsWithTotalClickHouse, overRows } from './media-clickhouse-groups.js';
import { livePlaysClickHouse, livePlaysDuckdb } from './media-live-plays.js';

export function livePeakViewersQuery(filters: string): EngineQuery {
  return {
    name: 'live peak viewers by day',
    duckdb: `SELECT CASE WHEN grouping(local_day) = 0 THEN strftime(local_day, '%Y-%m-%d') END AS key, max(viewers) AS peak_viewers
      FROM (
        SELECT CAST(timezone($tz, received_at::TIMESTAMP AT TIME ZONE 'UTC') AS DATE) AS local_day, received_at, count(DISTINCT visitor_id) AS viewers
        FROM ${livePlaysDuckdb(filters)}
        GROUP BY local_day, received_at
      ) minutes
      GROUP BY GROUPING SETS ((local_day), ())`,
    clickhouse: groupsWithTotalClickHouse({
      source: `SELECT toString(toDate(toDateTime(intDiv(minute_ms, 1000), $tz))) AS group_key, viewers FROM (
          SELECT intDiv(received_at, 60000) * 60000 AS minute_ms, uniqExact(visitor_id) AS viewers FROM ${livePlaysClickHouse(filters)} GROUP BY minute_ms
        ) minutes`,
      figures: { peak_viewers: overRows('max(viewers)') },
    }),
  };
}
