/**
 * Live radio listeners per station (`$stations`, a JSON list of the stations' slugs): distinct
 * listeners, listening sessions and time, and the total over the stations (key null). Bound:
 * `$suite`, `$from`, `$to`, `$stations` and the filters' `$f_*`.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { distinctCount, groupsWithTotalClickHouse, overRows } from './media-clickhouse-groups.js';
import { livePlaysClickHouse, livePlaysDuckdb } from './media-live-plays.js';

export function radioListenersQuery(filters: string): EngineQuery {
  return {
    name: 'media radio listeners by station',
    duckdb: `SELECT CASE WHEN grouping(channel) = 0 THEN channel END AS key,
        count(DISTINCT visitor_id) AS listeners, count(DISTINCT session_id) AS sessions,
        sum(counted_ms) / 1000.0 AS seconds_played, sum(counted_ms) / 1000.0 / count(DISTINCT visitor_id) AS seconds_per_listener
      FROM ${livePlaysDuckdb(filters)}
      WHERE list_contains(CAST(from_json($stations, '["VARCHAR"]') AS VARCHAR[]), channel)
      GROUP BY GROUPING SETS ((channel), ())`,
    clickhouse: groupsWithTotalClickHouse({
      source: `SELECT visitor_id, session_id, counted_ms, assumeNotNull(channel) AS group_key FROM ${livePlaysClickHouse(filters)}
        WHERE has($stations:strings, assumeNotNull(channel))`,
      figures: {
        listeners: distinctCount('visitor_id'),
        sessions: distinctCount('session_id'),
        seconds_played: overRows('sum(counted_ms) / 1000.0'),
        seconds_per_listener: overRows(`sum(counted_ms) / 1000.0 / nullIf(${distinctCount('visitor_id')}, 0)`),
      },
    }),
  };
}
