/**
 * The path reports over their DuckDB roll-up (duckdb/page-transition-steps.ts: the page
 * transition cells and the open visits' exits), asked when neither a filter nor a segment is
 * (ranking-report.ts `rollup`): the same rows, figures and labels as page-transitions.ts and
 * entry-paths.ts work out from the rows, summed over a few thousand cells. A row's visitors are
 * the cells' smallest keys (ranking.ts `cells`): exact under the minimum cohort, which is all
 * they decide, as the figures show no visitors.
 */
import { TRANSITION_DIRECTIONS } from '../duckdb/page-transition-steps.js';
import type { RankingSpec } from './ranking.js';

const { previous, next, entryNext, click, third } = TRANSITION_DIRECTIONS;

const quoted = (directions: readonly string[]) => directions.map((d) => `'${d}'`).join(', ');

/**
 * A row's distinct visitors from its cells' smallest keys (ranking.ts `cells`, exact under the
 * cohort), and its label and link, all in phase one: the ranking's other readings (the rows'
 * visitors, their labels) would each scan the cells again for the same page, and a page's cells
 * are a few thousand rows among millions.
 */
const IN_PHASE_ONE = { visitors: 'len(list_distinct(flatten(list(lowest_visitor_keys))))', label: 'min(step_title)', href: 'min(step_href)' };

/**
 * Where the labels are read after phase one: on DuckDB nowhere (an empty table, which costs no
 * scan), as phase one read them; ClickHouse reads its own (ranking.ts `clickhouse`), which a spec
 * without labels would not ask for.
 */
const labelledInPhaseOne = (where: string): NonNullable<RankingSpec['labelsFrom']> => ({
  table: { name: 'labelled_in_phase_one', sql: 'SELECT * FROM page_transition_steps WHERE false' },
  key: 'step',
  // The same parameters as the ranking's, which are bound to every query it asks.
  where,
  label: 'min(step_title)',
  href: 'min(step_href)',
});

/**
 * The cells of the page (`where` names it by a bound parameter) in `directions`, their figure
 * `metric` (the views or visits each cell counts); the totals over `totals` (the directions
 * with one row per view or visit: a view's clicks are beside its next page).
 */
function cellSpec(metric: string, where: string, directions: readonly string[], totals = directions): RankingSpec {
  const on = (only: readonly string[]) => `${where} AND direction IN (${quoted(only)})`;
  const table = 'page_transition_steps';
  const figure = { [metric]: 'sum(views)' };
  return {
    table,
    key: 'step',
    where: on(directions),
    metrics: { ...figure, ...IN_PHASE_ONE },
    order: metric,
    visitors: 'cells',
    totalsFrom: { table, key: 'step', where: on(totals), metrics: figure, visitors: 'cells' },
    labelsFrom: labelledInPhaseOne(on(directions)),
  };
}

/** Where the views of $p_page came from (page-transitions.ts PAGE_PREVIOUS_SPEC). */
export const PAGE_PREVIOUS_CELLS = cellSpec('page_views', ' AND url = $p_page', [previous]);

/** Where the views of $p_page went: the next page or the exit, and the clicks (page-transitions.ts PAGE_NEXT_SPEC); the total is the page's views. */
export const PAGE_NEXT_CELLS = cellSpec('page_views', ' AND url = $p_page', [next, entryNext, click], [next, entryNext]);

/** The visits entering at $p_entry by their second page (entry-paths.ts, second level). */
export const ENTRY_SECOND_CELLS = cellSpec('visits', ' AND url = $p_entry', [entryNext]);

/** The visits entering at $p_entry whose second page was $p_second, by their third (entry-paths.ts, third level). */
export const ENTRY_THIRD_CELLS = cellSpec('visits', ' AND url = $p_entry AND via = $p_second', [third]);
