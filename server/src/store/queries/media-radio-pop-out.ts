/**
 * The radio pop-out window opened (the scFinestraNova direct call, event 26, stored in `link_hits`
 * with `call` '26'), per station (the call's `canal`, '' when it has none), and the total (key
 * null). Bound: `$suite`, `$from`, `$to` and the filters' `$f_*`. The ClickHouse text reads
 * link_hits as store/clickhouse/report-facts-sql.ts makes it from the hits.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { CLICKHOUSE_FACTS, CLICKHOUSE_IN_RANGE } from '../clickhouse/report-facts-sql.js';
import { groupsWithTotalClickHouse } from './media-clickhouse-groups.js';
import { IN_RANGE } from './report-table.js';

/** The direct call's event number (spec §7, scFinestraNova). */
export const POP_OUT_CALL = '26';

export function radioPopOutQuery(filters: string): EngineQuery {
  return {
    name: 'media radio pop-out by station',
    duckdb: `SELECT CASE WHEN grouping(station) = 0 THEN station END AS key, count(*) AS opens, count(DISTINCT visitor_key) AS visitors
      FROM (SELECT coalesce(channel, '') AS station, visitor_key FROM link_hits WHERE ${IN_RANGE} AND call = '${POP_OUT_CALL}' ${filters}) calls
      GROUP BY GROUPING SETS ((station), ())`,
    clickhouse: groupsWithTotalClickHouse({
      source: `SELECT coalesce(channel, '') AS group_key, event_key, visitor_key FROM ${CLICKHOUSE_FACTS.link_hits} link_hits
        WHERE ${CLICKHOUSE_IN_RANGE} AND call = '${POP_OUT_CALL}' ${filters}`,
      // Each event id once among the link hits as stored (report-facts-sql.ts).
      figures: { opens: 'uniqExact(event_key)', visitors: 'uniqExact(visitor_key)' },
    }),
  };
}
