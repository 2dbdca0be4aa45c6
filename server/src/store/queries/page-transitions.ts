/**
 * A page's transitions (content/page-previous and content/page-next, reports/page-path-reports.ts):
 * for each view of the page `$p_page` in the range, where its visitor came from and where they went.
 * Each is a derived table (ranking.ts DerivedTable) with a row per view of the page and, on the
 * way out, a row per exit link or download clicked on it; its `step` is the row's key:
 * - before a view: the page viewed just before it in the visit (`visit_page` one less), or, for the
 *   visit's entry page, where the visit came from: its external campaign, else its referrer group
 *   (report-facts-load.ts sets visits' `referrer_group` the same way) with the referring host;
 * - after a view: the page viewed next in the visit, or `(sortida)` when the visit ended on it;
 *   and the exit links (`link_e`) and downloads (`link_d`) its visitor clicked on the page: a link
 *   hit carries its page's name, and belongs to the visitor's latest view of that page at most
 *   VISIT_IDLE_MINUTES before it.
 * The rows keep the viewed page's filter columns, so a filter narrows the page's views. A row's
 * figure is the views of the page that led to or came from its step (distinct event keys, so the
 * total is the page's views and each share is of them): the ways out may add up to more than the
 * views, since a view can go on to a page after clicking a download.
 *
 * Neighbours are looked for from the day before the range to the day after, as ClickHouse cuts
 * its visits (clickhouse/report-facts-sql.ts CLICKHOUSE_PAGE_VIEWS); link hits within the range.
 * These are what a filter or a segment reads; without either DuckDB sums the same steps from the
 * transition cells kept at load (page-transition-rollups.ts).
 */
import { CLICKHOUSE_PAGE_VIEWS, CLICKHOUSE_LINK_HITS } from '../clickhouse/report-facts-sql.js';
import { VISIT_IDLE_MINUTES } from '../duckdb/report-facts-load.js';
import { EXIT_STEP, HOST_PATTERN, LINK_STEP_SQL as LINK_STEP, entryStepSql as entryStep } from '../page-step-sql.js';
import { REFERRER_GROUP_SQL } from '../referrer-group-sql.js';
import { visitorsInRows, type DerivedTable, type RankingSpec } from './ranking.js';

export { DIRECT_ENTRY_STEP, EXIT_STEP, STEP_PREFIXES } from '../page-step-sql.js';

/** The columns a transition row keeps of the viewed page: the range's, the visitor's, the filters'. */
const VIEW_COLUMNS = ['report_suite', 'day', 'is_bot', 'visitor_key', 'event_key', 'section', 'subsection', 'programme', 'channel', 'portal', 'device', 'login', 'campaign', 'country', 'region'];
const VIEW_COLUMNS_SQL = VIEW_COLUMNS.join(', ');

const VISIT_IDLE_MS = VISIT_IDLE_MINUTES * 60_000;

// DuckDB: the page's views, and the page views of their visits around them. The views are not
// materialized: each reading takes only the columns it needs of them (a filter's, the step's),
// where a materialized CTE copied every column of every view first (1.5–1.8 times slower on the
// bench's most viewed page, measured on 10 M events).
const DUCKDB_RANGE = 'report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)';
const DUCKDB_WIDENED = `report_suite = $suite AND day BETWEEN CAST($from AS DATE) - 1 AND CAST($to AS DATE) + 1`;
const DUCKDB_VIEWS = `views AS NOT MATERIALIZED (SELECT * FROM page_views WHERE ${DUCKDB_RANGE} AND url = $p_page),
  neighbours AS (SELECT visit_key, visit_page, url, title FROM page_views
    WHERE ${DUCKDB_WIDENED} AND visit_key IN (SELECT visit_key FROM views))`;

const DUCKDB_PREVIOUS = `WITH ${DUCKDB_VIEWS}
  SELECT ${VIEW_COLUMNS.map((c) => `v.${c}`).join(', ')},
    CASE WHEN v.visit_page = 1 THEN ${entryStep(REFERRER_GROUP_SQL.duckdb)} ELSE n.url END AS step,
    CASE WHEN v.visit_page > 1 THEN n.title END AS step_title, CASE WHEN v.visit_page > 1 THEN n.url END AS step_href
  FROM (SELECT *, url AS entry_url, lower(nullif(regexp_extract(referrer, '${HOST_PATTERN}', 1), '')) AS referrer_host FROM views) v
  LEFT JOIN neighbours n ON n.visit_key = v.visit_key AND n.visit_page = v.visit_page - 1`;

const DUCKDB_NEXT = `WITH ${DUCKDB_VIEWS},
  onward AS (SELECT v.*, n.url AS next_url, n.title AS next_title FROM views v
    LEFT JOIN neighbours n ON n.visit_key = v.visit_key AND n.visit_page = v.visit_page + 1),
  clicks AS (SELECT arg_max(v.event_key, v.received_at) AS view_key, any_value(${LINK_STEP}) AS step, any_value(link_url) AS link_url
    FROM (SELECT * FROM link_hits WHERE ${DUCKDB_RANGE} AND hit_type IN ('link_e', 'link_d')) h
    JOIN views v ON h.visitor_key = v.visitor_key AND h.page_name = v.page_name
      AND h.received_at >= v.received_at AND h.received_at < v.received_at + INTERVAL ${VISIT_IDLE_MINUTES} MINUTE
    GROUP BY h.event_key)
  SELECT ${VIEW_COLUMNS_SQL}, coalesce(next_url, '${EXIT_STEP}') AS step, next_title AS step_title, next_url AS step_href FROM onward
  UNION ALL
  SELECT ${VIEW_COLUMNS.map((c) => `o.${c}`).join(', ')}, c.step, NULL AS step_title, c.link_url AS step_href
  FROM clicks c JOIN onward o ON o.event_key = c.view_key`;

// ClickHouse (18.16 and current): joins by USING on named subqueries, no window functions; a
// LEFT JOIN's missing right side is told by `found` (0 by default), as 18.16 gives no NULLs there.
const CLICKHOUSE_RANGE = 'report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to)';
const CLICKHOUSE_VIEWS = `SELECT ${VIEW_COLUMNS_SQL}, received_at AS view_at, assumeNotNull(ifNull(page_name, '')) AS view_page_name,
    url AS entry_url, lower(nullIf(extract(referrer, '${HOST_PATTERN}'), '')) AS referrer_host, visit_key, toInt64(visit_page) AS page_no
  FROM ${CLICKHOUSE_PAGE_VIEWS} AS page_views WHERE ${CLICKHOUSE_RANGE} AND url = $p_page`;
/** The visits' page views shifted by `shift` pages, to be joined to the views by (visit_key, page_no). */
const clickhouseNeighbours = (shift: '+ 1' | '- 1') => `(SELECT visit_key, toInt64(visit_page) ${shift} AS page_no, url AS step_url, title AS step_title_found,
    toUInt8(1) AS found FROM ${CLICKHOUSE_PAGE_VIEWS} AS page_views) AS neighbours`;

const CLICKHOUSE_PREVIOUS = `SELECT ${VIEW_COLUMNS_SQL},
    if(page_no = 1, ${entryStep(REFERRER_GROUP_SQL.clickhouse)}, if(found = 1, step_url, NULL)) AS step,
    if(page_no > 1 AND found = 1, step_title_found, NULL) AS step_title, if(page_no > 1 AND found = 1, step_url, NULL) AS step_href
  FROM (${CLICKHOUSE_VIEWS}) AS views ALL LEFT JOIN ${clickhouseNeighbours('+ 1')} USING (visit_key, page_no)`;

const CLICKHOUSE_ONWARD = `SELECT ${VIEW_COLUMNS_SQL}, view_at, view_page_name, if(found = 1, step_url, NULL) AS next_url, if(found = 1, step_title_found, NULL) AS next_title
  FROM (${CLICKHOUSE_VIEWS}) AS views ALL LEFT JOIN ${clickhouseNeighbours('- 1')} USING (visit_key, page_no)`;

/** Each exit link or download with the view it was clicked on (the latest before it), a copy of a hit once. */
const CLICKHOUSE_CLICKS = `SELECT argMax(event_key, view_at) AS event_key, any(click_step) AS step, any(click_url) AS step_href FROM (
    SELECT event_key, view_at, click_key, click_step, click_url, click_at FROM (${CLICKHOUSE_VIEWS}) AS views
    ALL INNER JOIN (SELECT visitor_key, assumeNotNull(ifNull(page_name, '')) AS view_page_name, event_key AS click_key, received_at AS click_at,
        ${LINK_STEP} AS click_step, link_url AS click_url
      FROM ${CLICKHOUSE_LINK_HITS} AS link_hits WHERE hit_type IN ('link_e', 'link_d') AND page_name IS NOT NULL) AS clicks USING (visitor_key, view_page_name)
    WHERE click_at >= view_at AND click_at < view_at + ${VISIT_IDLE_MS})
  GROUP BY click_key`;

const CLICKHOUSE_NEXT = `SELECT ${VIEW_COLUMNS_SQL}, ifNull(next_url, '${EXIT_STEP}') AS step, next_title AS step_title, next_url AS step_href
  FROM (${CLICKHOUSE_ONWARD}) AS onward
  UNION ALL
  SELECT ${VIEW_COLUMNS_SQL}, step, CAST(NULL AS Nullable(String)) AS step_title, step_href
  FROM (${CLICKHOUSE_ONWARD}) AS onward ALL INNER JOIN (${CLICKHOUSE_CLICKS}) AS clicks USING (event_key)`;

/** The views of the page that came from or went to each step: distinct, as a view is one row per step. */
const METRICS = { duckdb: { page_views: 'count(DISTINCT event_key)' }, clickhouse: { page_views: 'uniqExact(event_key)' } };
/** A step's label: a page's title (the smallest, as page rankings choose), and its link (the page's, or the link's). */
const LABELS = { label: 'min(step_title)', href: 'min(step_href)' };

/**
 * A ranking keyed by a derived table's `step`, labelled by its `step_title` and `step_href`,
 * ranked by its first metric, its rows' visitors counted with their figures (ranking.ts
 * visitorsInRows): phase two would work the derived table out again, joining the page's views.
 */
export function derivedRanking(duckdb: DerivedTable, clickhouse: DerivedTable, metrics: { duckdb: Record<string, string>; clickhouse: Record<string, string> }): RankingSpec {
  const order = Object.keys(metrics.duckdb)[0] ?? '';
  const spec: RankingSpec = {
    table: duckdb,
    key: 'step',
    ...LABELS,
    metrics: metrics.duckdb,
    order,
    clickhouse: { table: clickhouse, key: 'step', ...LABELS, metrics: metrics.clickhouse },
  };
  return visitorsInRows(spec) ?? spec;
}

/** Where the views of `$p_page` came from. */
export const PAGE_PREVIOUS_SPEC = derivedRanking({ name: 'page_previous', sql: DUCKDB_PREVIOUS }, { name: 'page_previous', sql: CLICKHOUSE_PREVIOUS }, METRICS);

/** Where the views of `$p_page` went. */
export const PAGE_NEXT_SPEC = derivedRanking({ name: 'page_next', sql: DUCKDB_NEXT }, { name: 'page_next', sql: CLICKHOUSE_NEXT }, METRICS);
