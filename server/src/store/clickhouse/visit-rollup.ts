/**
 * The visits of closed days (day-rollup.ts): a visit is cut from one visitor's page views across
 * many inserts (VISIT_IDLE_MINUTES apart), so no materialized view can keep it; the API nodes'
 * roll-up job does. A day's visits are those report-facts-sql.ts cuts from its page views and its
 * neighbours' (a visit started the day before goes on; one started that day ends the next).
 */
import { columnList, type DayRollup } from './day-rollup.js';
import { computedVisitsSql, FACT_HIT_COLUMNS } from './report-facts-sql.js';
import { sqlString } from './sql-literal.js';
import { VISIT_ROLLUP_TABLES } from './visit-rollup-table.js';

export const VISIT_ROLLUP: DayRollup = {
  ...VISIT_ROLLUP_TABLES,
  source: { table: 'hits', where: "hit_type = 'page_view'", checksum: 'sum(received_at)' },
  reads: [-1, 0, 1],
  rowsSql: `SELECT ${columnList(VISIT_ROLLUP_TABLES)}
    FROM ${computedVisitsSql('$day', '$day', 'cityHash64(visitor_id) % $slices = $slice')} AS visits WHERE day = toDate($day)`,
  // 1: a page view whose keywords are the not-informed default is no search (search-keywords-sql.ts).
  revision: 1,
  // About 7 s of a loaded two-core machine per slice (npm run bench:visit-rollup: 100,000 page views a day in 1.4 s).
  sliceRows: 500_000,
  requires: FACT_HIT_COLUMNS,
  visitorRows: (keys) => `visitor_key = cityHash64(${sqlString(keys.visitorId)})`,
  startedColumn: 'started_at',
};
