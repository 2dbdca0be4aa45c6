/**
 * `page_transition_steps`: what the unfiltered path reports read on DuckDB (queries/
 * page-transitions.ts, entry-paths.ts): the page transition cells (report-facts-schema.ts
 * PAGE_TRANSITION_CELLS, kept by page-transition-cells.ts), and the steps not settled yet: the
 * last view of each open visit ended its visit so far (`(sortida)`), as the reports over
 * page_views count it, until its next view or its visit's closing puts it in the cells. Open
 * visits are the last VISIT_IDLE_MINUTES' (visits-tables.ts), a few thousand at most.
 */
import { EXIT_STEP } from '../page-step-sql.js';

/** The directions of a transition cell (report-facts-schema.ts PAGE_TRANSITION_CELLS says what each holds). */
export const TRANSITION_DIRECTIONS = {
  previous: 'previous',
  next: 'next',
  entryNext: 'entry-next',
  click: 'click',
  third: 'third',
} as const;

export const PAGE_TRANSITION_STEPS_VIEW = 'page_transition_steps';

const { next, entryNext, third } = TRANSITION_DIRECTIONS;

/** A view's `next` or `entry-next` (its visit's entry view) direction, over its `visit_page`. */
export const nextDirectionSql = (visitPage: string) => `CASE WHEN ${visitPage} = 1 THEN '${entryNext}' ELSE '${next}' END`;

/**
 * The steps the open visits' last views take so far (their exits, and the third-level exit of a
 * visit of two pages), made again by each load (page-transition-cells.ts refreshOpenExits): a few
 * thousand rows, where joining page_views to the open visits at each ask cost a scan of the views.
 */
export const OPEN_EXITS_TABLE = 'page_transition_open';

export const CREATE_OPEN_EXITS = `CREATE TABLE IF NOT EXISTS ${OPEN_EXITS_TABLE} (report_suite VARCHAR NOT NULL, day DATE NOT NULL,
  is_bot BOOLEAN NOT NULL, url VARCHAR, direction VARCHAR NOT NULL, via VARCHAR, step VARCHAR, visitor_key UBIGINT NOT NULL)`;

/** The cells' columns, in table order (report-facts-schema.ts PAGE_TRANSITION_CELLS). */
const COLUMNS = 'report_suite, day, is_bot, url, direction, via, step, step_title, step_href, views, lowest_visitor_keys';

export const PAGE_TRANSITION_STEPS = `CREATE OR REPLACE VIEW ${PAGE_TRANSITION_STEPS_VIEW} AS
  SELECT ${COLUMNS} FROM page_transition_cells
  UNION ALL
  SELECT report_suite, day, is_bot, url, direction, via, step, NULL, NULL, CAST(1 AS BIGINT), [visitor_key] FROM ${OPEN_EXITS_TABLE}`;

/**
 * The open visits' exits, from page_views from $near_from (a date) on: the rows of OPEN_EXITS_TABLE.
 * Only each visit's last view and first two are read, not every view of a long visit.
 */
export const OPEN_EXIT_ROWS = `WITH o AS (SELECT visit_key, page_views FROM visits_open),
  v AS (SELECT report_suite, day, is_bot, visitor_key, visit_key, visit_page, url FROM page_views JOIN o USING (visit_key)
    WHERE day >= CAST($near_from AS DATE) AND (visit_page = o.page_views OR visit_page <= 2))
  SELECT x.report_suite, x.day, x.is_bot, x.url, ${nextDirectionSql('x.visit_page')}, NULL, '${EXIT_STEP}', x.visitor_key
  FROM v x JOIN o ON o.visit_key = x.visit_key AND o.page_views = x.visit_page
  UNION ALL
  SELECT e.report_suite, e.day, e.is_bot, e.url, '${third}', s.url, '${EXIT_STEP}', e.visitor_key
  FROM v e JOIN o ON o.visit_key = e.visit_key AND o.page_views = 2 AND e.visit_page = 1 JOIN v s ON s.visit_key = e.visit_key AND s.visit_page = 2`;
