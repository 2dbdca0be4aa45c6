/**
 * `page_transition_cells` (report-facts-schema.ts PAGE_TRANSITION_CELLS): a page's transitions per
 * day, kept as they settle, so that the unfiltered path reports sum cells instead of joining every
 * view of a page to its neighbours (1.2–3 s for the most viewed page of the bench's month).
 *
 * A load appends (appendTransitionCells, over its segment_page_views, once they are in page_views):
 * each new view's previous step, which is settled as it loads (its visit's page before it is
 * stored by then); the next page of the view before it (`next`, or `entry-next` after an entry
 * view); and a visit's third page under its entry and second pages (`third`). A closing visit's
 * last view gets its exit (appendExitCells, before visits-tables.ts CLOSE_VISITS moves it); until
 * then it is among the open visits' exits, made again after each load (refreshOpenExits). A
 * load's exit links and downloads are appended with the view each was clicked on
 * (appendClickCells). Neighbours are looked for from the day before the load's first, as the
 * reports over page_views look from the day before the range.
 *
 * A day's cells are made again from page_views and link_hits (remakeTransitionCells) when a
 * visitor is erased, when a load continues a visit already closed (its exit was counted), and
 * when a data folder from before the table gets them (schema step 9).
 */
import type { SqlConnection } from './reads-first.js';
import { deleteCellsSql, mergedPart, recentPart } from './cell-tables.js';
import { CELL_VISITOR_KEYS, PAGE_TRANSITION_CELLS } from './report-facts-schema.js';
import { OPEN_EXITS_TABLE, OPEN_EXIT_ROWS, TRANSITION_DIRECTIONS, nextDirectionSql } from './page-transition-steps.js';
import { daysOf } from './report-cells.js';
import { EXIT_STEP, HOST_PATTERN, LINK_STEP_SQL, entryStepSql } from '../page-step-sql.js';
import { REFERRER_GROUP_SQL } from '../referrer-group-sql.js';

/** Inactivity that closes a visit (report-facts-load.ts VISIT_IDLE_MINUTES, which imports this file): a click's view is at most this before it. */
const CLICK_VIEW_MINUTES = 30;

const KEYS = PAGE_TRANSITION_CELLS.keys;
const { previous, click, third } = TRANSITION_DIRECTIONS;

/** Rows of (KEYS' columns, step_title, step_href, event_key, visitor_key), one per view and step, as cells into `into`. */
const cellsSql = (into: string, rows: string) => `INSERT INTO ${into} SELECT ${KEYS}, min(step_title), min(step_href), count(DISTINCT event_key),
    list_slice(list_sort(list_distinct(list(visitor_key))), 1, ${CELL_VISITOR_KEYS})
  FROM (${rows}) WHERE step IS NOT NULL GROUP BY ${KEYS}`;

/** The columns of a view read from page_views: its own, and what its entry step is worked out from. */
const VIEW = 'report_suite, event_key, received_at, day, is_bot, visitor_key, visit_key, visit_page, url, title, campaign, referrer, page_name';
/** The columns of a neighbour: what a step names of it (fewer than VIEW's, so that the view's own read unqualified). */
const NEIGHBOUR = 'visit_key, visit_page, url, title, event_key';

/**
 * The transition rows of the views `v` (rows with VIEW's columns) whose neighbours are in `n`
 * (NEIGHBOUR's columns): previous steps, next pages, and third pages of entry views, each with
 * `by_key`, the event key of the view that settled it (the view itself for its previous step, the
 * next or third page's view). With `exits` (a condition on `v`), a view without a next page gets
 * the exit where it holds; without, only the pages found give rows.
 */
function stepRowsSql(exits?: string): string {
  const nextJoin = exits ? 'LEFT JOIN' : 'JOIN';
  return `SELECT v.report_suite, v.day, v.is_bot, v.url, '${previous}' AS direction, NULL AS via,
    CASE WHEN v.visit_page = 1 THEN ${entryStepSql(REFERRER_GROUP_SQL.duckdb)} ELSE p.url END AS step,
    CASE WHEN v.visit_page > 1 THEN p.title END AS step_title, CASE WHEN v.visit_page > 1 THEN p.url END AS step_href,
    v.event_key, v.visitor_key, v.event_key AS by_key
  FROM (SELECT *, url AS entry_url, lower(nullif(regexp_extract(referrer, '${HOST_PATTERN}', 1), '')) AS referrer_host FROM v) v
    LEFT JOIN n p ON p.visit_key = v.visit_key AND p.visit_page = v.visit_page - 1
  UNION ALL
  SELECT v.report_suite, v.day, v.is_bot, v.url, ${nextDirectionSql('v.visit_page')}, NULL, coalesce(x.url, '${EXIT_STEP}'), x.title, x.url,
    v.event_key, v.visitor_key, x.event_key
  FROM v ${nextJoin} n x ON x.visit_key = v.visit_key AND x.visit_page = v.visit_page + 1${exits ? ` WHERE x.visit_key IS NOT NULL OR ${exits}` : ''}
  UNION ALL
  SELECT v.report_suite, v.day, v.is_bot, v.url, '${third}', s.url, coalesce(x.url, '${EXIT_STEP}'), x.title, x.url, v.event_key, v.visitor_key, x.event_key
  FROM v JOIN n s ON s.visit_key = v.visit_key AND s.visit_page = 2 ${nextJoin} n x ON x.visit_key = v.visit_key AND x.visit_page = 3
  WHERE v.visit_page = 1${exits ? ` AND (x.visit_key IS NOT NULL OR ${exits})` : ''}`;
}

/**
 * The page views from $near_from of the visits `visits` names (rows of visit_key and `pages`, an
 * INTEGER), those whose visit_page `wanted` (SQL over visit_page and pages) picks: a step reads a
 * view's neighbours and its visit's first pages, never the middle of a long visit.
 */
const nearPagesOf = (visits: string, wanted: string) => `SELECT ${VIEW} FROM page_views JOIN (${visits}) AS w USING (visit_key) WHERE day >= CAST($near_from AS DATE) AND (${wanted})`;

/**
 * A load's rows: those its page views settled (segment_page_views, already in page_views). A view
 * settles its own previous step, the next page of the view before it and, as a third page, its
 * visit's third step: so the views read are the visit's from the load's first one less one, and its
 * first two pages.
 */
const SEGMENT_ROWS = `WITH v AS (${nearPagesOf('SELECT visit_key, min(visit_page) AS pages FROM segment_page_views GROUP BY visit_key', 'visit_page >= pages - 1 OR visit_page <= 2')}),
  n AS (SELECT ${NEIGHBOUR} FROM v)
  SELECT * FROM (${stepRowsSql()}) WHERE by_key IN (SELECT event_key FROM segment_page_views)`;

/** The segment's earliest day less one, where its views' neighbours are looked for from (bound as $near_from). */
const NEAR_FROM = (table: string) => `SELECT strftime(min(day) - 1, '%Y-%m-%d') AS near_from FROM ${table}`;

async function nearFrom(connection: SqlConnection, table: string, values?: Record<string, string>): Promise<string | undefined> {
  const day = (await connection.runAndReadAll(NEAR_FROM(table), values)).getRowObjectsJson()[0]?.near_from;
  return typeof day === 'string' ? day : undefined;
}

/** Appends the cells of what a load's page views settled; runs after they are in page_views. */
export async function appendTransitionCells(connection: SqlConnection): Promise<void> {
  const from = await nearFrom(connection, 'segment_page_views');
  if (from !== undefined) await connection.run(cellsSql(recentPart(PAGE_TRANSITION_CELLS), SEGMENT_ROWS), { near_from: from });
}

/** Visits that close at $closed_before_ms (visits-tables.ts CLOSING_VISITS' condition). */
const CLOSING = `SELECT visit_key, page_views FROM visits_open WHERE ended_at < CAST(epoch_ms(CAST($closed_before_ms AS BIGINT)) AS TIMESTAMP_MS)`;

/** The exits of the closing visits: their last views' next step, and their third when they had two pages. */
const EXIT_ROWS = `WITH c AS (${CLOSING}), v AS (${nearPagesOf('SELECT visit_key, page_views AS pages FROM c', 'visit_page = pages OR visit_page <= 2')})
  SELECT x.report_suite, x.day, x.is_bot, x.url, ${nextDirectionSql('x.visit_page')} AS direction, NULL AS via, '${EXIT_STEP}' AS step,
    NULL AS step_title, NULL AS step_href, x.event_key, x.visitor_key
  FROM v x JOIN c ON c.visit_key = x.visit_key AND c.page_views = x.visit_page
  UNION ALL
  SELECT e.report_suite, e.day, e.is_bot, e.url, '${third}', s.url, '${EXIT_STEP}', NULL, NULL, e.event_key, e.visitor_key
  FROM v e JOIN c ON c.visit_key = e.visit_key AND c.page_views = 2 AND e.visit_page = 1 JOIN v s ON s.visit_key = e.visit_key AND s.visit_page = 2`;

/**
 * Makes the open visits' exits again (page-transition-steps.ts OPEN_EXITS_TABLE), once a load has
 * closed the visits it could; the views are looked for from the day before the oldest open visit's.
 */
export async function refreshOpenExits(connection: SqlConnection): Promise<void> {
  await connection.run(`DELETE FROM ${OPEN_EXITS_TABLE}`);
  const from = await nearFrom(connection, 'visits_open');
  if (from !== undefined) await connection.run(`INSERT INTO ${OPEN_EXITS_TABLE} ${OPEN_EXIT_ROWS}`, { near_from: from });
}

/** Appends the exits of the visits closing at $closed_before_ms; runs before they leave visits_open. */
export async function appendExitCells(connection: SqlConnection, closedBefore: Record<string, string>): Promise<void> {
  const from = await nearFrom(connection, `visits_open WHERE ended_at < CAST(epoch_ms(CAST($closed_before_ms AS BIGINT)) AS TIMESTAMP_MS)`, closedBefore);
  if (from !== undefined) await connection.run(cellsSql(recentPart(PAGE_TRANSITION_CELLS), EXIT_ROWS), { ...closedBefore, near_from: from });
}

/**
 * Each exit link and download of `h` (rows of link_hits) with the view it was clicked on: the
 * visitor's latest view of the page it names (`page_name`) at most CLICK_VIEW_MINUTES before it,
 * among `w` (rows of page_views), as the reports over the rows match them (page-transitions.ts).
 */
const CLICK_VIEWS = `SELECT h.event_key AS click_key, any_value(h.visitor_key) AS visitor_key, any_value(h.page_name) AS page_name,
    arg_max(w.event_key, w.received_at) AS view_key, max(w.received_at) AS view_at,
    any_value(${LINK_STEP_SQL.replaceAll('hit_type', 'h.hit_type').replaceAll('link_url', 'h.link_url')}) AS step, any_value(h.link_url) AS link_url
  FROM h JOIN w ON h.visitor_key = w.visitor_key AND h.page_name = w.page_name
    AND h.received_at >= w.received_at AND h.received_at < w.received_at + INTERVAL ${CLICK_VIEW_MINUTES} MINUTE
  WHERE h.hit_type IN ('link_e', 'link_d')
  GROUP BY h.event_key`;

/** A click's rows: the view's columns, the click's step and link. */
const clickRowsSql = (clicks: string) => `SELECT w.report_suite, w.day, w.is_bot, w.url, '${click}' AS direction, NULL AS via, c.step,
    NULL AS step_title, c.link_url AS step_href, w.event_key, w.visitor_key
  FROM (${clicks}) c JOIN w ON w.event_key = c.view_key`;

/**
 * A load's clicks (segment_link_hits, already in link_hits), but for a view and step that an
 * earlier click gave already (one of the visitor's on the page, to the same step, after the view):
 * a view counts once per step.
 */
const SEGMENT_CLICK_ROWS = `WITH h AS (SELECT * FROM segment_link_hits WHERE page_name IS NOT NULL),
  w AS (SELECT ${VIEW} FROM page_views WHERE day >= CAST($near_from AS DATE) AND visitor_key IN (SELECT visitor_key FROM h)),
  earlier AS (SELECT visitor_key, page_name, ${LINK_STEP_SQL} AS step, received_at FROM link_hits
    WHERE day >= CAST($near_from AS DATE) AND hit_type IN ('link_e', 'link_d') AND visitor_key IN (SELECT visitor_key FROM h)
      AND event_key NOT IN (SELECT event_key FROM h))
  ${clickRowsSql(`SELECT * FROM (${CLICK_VIEWS}) c WHERE NOT EXISTS (SELECT 1 FROM earlier e WHERE e.visitor_key = c.visitor_key
    AND e.page_name = c.page_name AND e.step = c.step AND e.received_at >= c.view_at AND e.received_at < c.view_at + INTERVAL ${CLICK_VIEW_MINUTES} MINUTE)`)}`;

/** Appends the cells of a load's exit links and downloads; runs after they are in link_hits. */
export async function appendClickCells(connection: SqlConnection): Promise<void> {
  const from = await nearFrom(connection, 'segment_link_hits');
  if (from !== undefined) await connection.run(cellsSql(recentPart(PAGE_TRANSITION_CELLS), SEGMENT_CLICK_ROWS), { near_from: from });
}

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;
const NEAR_DAYS = 'day BETWEEN CAST($near_from AS DATE) AND CAST($near_to AS DATE)';

/** Every transition row of the views on $days, the exits of closed visits' last views with them. */
const DAY_ROWS = `WITH v AS (SELECT ${VIEW} FROM page_views WHERE ${ON_DAYS}),
  n AS (SELECT ${NEIGHBOUR} FROM page_views WHERE ${NEAR_DAYS} AND visit_key IN (SELECT visit_key FROM v)),
  h AS (SELECT * FROM link_hits WHERE ${NEAR_DAYS} AND page_name IS NOT NULL AND visitor_key IN (SELECT visitor_key FROM v)),
  w AS (SELECT ${VIEW} FROM page_views WHERE ${NEAR_DAYS} AND visitor_key IN (SELECT visitor_key FROM v))
  SELECT * EXCLUDE (by_key) FROM (${stepRowsSql('v.visit_key NOT IN (SELECT visit_key FROM visits_open)')})
  UNION ALL SELECT * FROM (${clickRowsSql(CLICK_VIEWS)}) WHERE ${ON_DAYS}`;

/** Makes `days`' transition cells again from page_views and link_hits; runs inside the caller's transaction. */
export async function remakeTransitionCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const sorted = [...days].sort();
  const shift = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
  const onDays = { days: JSON.stringify(sorted) };
  for (const sql of deleteCellsSql(PAGE_TRANSITION_CELLS, ON_DAYS)) await connection.run(sql, onDays);
  const near = { near_from: shift(sorted[0] ?? '', -1), near_to: shift(sorted[sorted.length - 1] ?? '', 1) };
  await connection.run(cellsSql(mergedPart(PAGE_TRANSITION_CELLS), DAY_ROWS), { ...onDays, ...near });
  await refreshOpenExits(connection);
}

/** Days made again per statement when a folder gets its cells: bounds the memory one statement takes. */
const REMAKE_DAYS_PER_STATEMENT = 7;

/** Gives every day of page_views without a transition cell its cells, a week of days at a time; returns how many days. */
export async function fillMissingTransitionCells(connection: SqlConnection): Promise<number> {
  const days = await daysOf(connection, `SELECT day FROM page_views WHERE day NOT IN (SELECT DISTINCT day FROM ${PAGE_TRANSITION_CELLS.name})`);
  for (let i = 0; i < days.length; i += REMAKE_DAYS_PER_STATEMENT) await remakeTransitionCells(connection, days.slice(i, i + REMAKE_DAYS_PER_STATEMENT));
  return days.length;
}
