/**
 * `link_cells`: the engagement rankings' roll-up ClickHouse keeps itself (rollup-cells.ts says how),
 * the cells of report-facts-sql.ts's `link_hits` (every hit that is not a page view): one row per
 * suite, day, bot flag, hit type, direct call, link name and url, social action, page title and
 * event ids of the hits of each insert, with `calls` (`uniqExactState(event_id)`: a copy counts
 * once) and `visitors` (`uniqState(cityHash64(visitor_id))`, the reports' `uniq(visitor_key)`).
 * Every column the engagement rankings group, filter or label by is a key, so an unfiltered
 * engagement ranking reads nothing else (ranking.ts `cells`).
 *
 * Its view also takes pages' engagement hits (`page_engagement`), which report-facts-sql.ts's
 * link_hits leaves out: every engagement ranking narrows by hit type or direct call, which those
 * hits have none of, so none is read; the view is kept as stored clusters have it.
 *
 * The one difference from the read-time rows: a copy received on a day of the range whose
 * original came the day before the range is counted here, where report-facts-sql.ts keeps only
 * the original (outside the range).
 */
import { CALL_SQL, EVENT_IDS_SQL } from './report-facts-sql.js';
import type { CellsRollup } from './rollup-cells.js';

export const LINK_CELLS_TABLE = 'link_cells';

const TEXT = 'Nullable(String)';

export const LINK_CELLS: CellsRollup = {
  table: LINK_CELLS_TABLE,
  view: 'link_cells_mv',
  hits: "hit_type <> 'page_view'",
  // Cast to the table's types: a view whose rows do not fit its table fails the insert into hits.
  keys: [
    { name: 'hit_type', type: 'String' },
    { name: 'event_ids', type: 'Array(Int32)', sql: `CAST(${EVENT_IDS_SQL} AS Array(Int32))` },
    { name: 'call', type: TEXT, sql: `CAST(${CALL_SQL} AS Nullable(String))` },
    { name: 'link_name', type: TEXT },
    { name: 'link_url', type: TEXT },
    { name: 'social_action', type: TEXT },
    { name: 'title', type: TEXT, sql: 'content_title' },
  ],
  states: [
    { name: 'calls', type: 'AggregateFunction(uniqExact, String)', sql: 'uniqExactState(event_id)' },
    { name: 'visitors', type: 'AggregateFunction(uniq, UInt64)', sql: 'uniqState(cityHash64(visitor_id))' },
  ],
  reads: ['event_id', 'report_suite', 'day', 'hit_type', 'visitor_id', 'is_bot', 'events', 'link_name', 'link_url', 'social_action', 'content_title'],
};
