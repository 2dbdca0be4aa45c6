/**
 * `page_view_cells`: the page rankings' roll-up ClickHouse keeps itself (rollup-cells.ts says how).
 * The view `page_view_cells_mv` adds, for every insert into `hits`, one row per suite, day, bot flag
 * and page keys (section, subsection, programme, author, thematic, url) of its page views, with:
 *
 * - `page_views`: `uniqExactState(event_id)`, so a copy of a hit counts once. The states of a
 *   range's days are merged together, so a copy received a day after its original is counted once
 *   within a range too.
 * - `visitors`: `uniqState(cityHash64(visitor_id))`, the function and hash the read-time reports
 *   count (`uniq(visitor_key)`): uniq keeps a set of hashes that depends on the values only, not on
 *   how they were split between states, so the figures are the same.
 * - `title_label`, `page_name_label`, `programme_label`: the smallest title, page name and
 *   programme name, which the page rankings' labels are made of (reports/content-reports.ts): a
 *   minimum of the states of a range's days is the minimum of their hits, the same label DuckDB
 *   and the read-time text give (`any` picked whichever came first). `minIf` of the text or '':
 *   18.16 types the state of a nullable column differently from current versions, and an insert
 *   whose view fails still leaves the hits inserted.
 *
 * Revision 2 (rollup-cells.ts remakeChangedCells): the labels were `anyIf` states, without the page name.
 *
 * The one difference from the read-time rows: a copy received on a day of the range whose
 * original came the day before the range is counted here, where report-facts-sql.ts keeps only
 * the original (outside the range).
 */
import type { CellsRollup } from './rollup-cells.js';

export const PAGE_VIEW_CELLS_TABLE = 'page_view_cells';

/** The page keys of a cell: hit columns of the same name (nullable text). */
const PAGE_CELL_KEYS = ['section', 'subsection', 'programme', 'author', 'thematic', 'url'] as const;

/** A label as a state that skips what has none. */
const label = (sql: string) => `minIfState(ifNull(${sql}, ''), (${sql}) IS NOT NULL)`;
const LABEL_TYPE = 'AggregateFunction(minIf, String, UInt8)';

export const PAGE_VIEW_CELLS: CellsRollup = {
  table: PAGE_VIEW_CELLS_TABLE,
  view: 'page_view_cells_mv',
  revision: 2,
  hits: "hit_type = 'page_view'",
  keys: PAGE_CELL_KEYS.map((key) => ({ name: key, type: 'Nullable(String)' })),
  states: [
    { name: 'page_views', type: 'AggregateFunction(uniqExact, String)', sql: 'uniqExactState(event_id)' },
    { name: 'visitors', type: 'AggregateFunction(uniq, UInt64)', sql: 'uniqState(cityHash64(visitor_id))' },
    { name: 'title_label', type: LABEL_TYPE, sql: label('content_title') },
    { name: 'page_name_label', type: LABEL_TYPE, sql: label('page_name') },
    { name: 'programme_label', type: LABEL_TYPE, sql: label('programme_name') },
  ],
  reads: ['event_id', 'report_suite', 'day', 'hit_type', 'visitor_id', 'is_bot', 'page_name', 'content_title', 'programme_name', ...PAGE_CELL_KEYS],
};
