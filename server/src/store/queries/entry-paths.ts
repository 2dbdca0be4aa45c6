/**
 * Entry paths (content/entry-paths, reports/page-path-reports.ts): the first three pages of the
 * visits, as a tree read one level at a time. The first level is the entry pages (the visits by
 * entry page, page-rankings.ts ENTRY_PAGES_RANKING); the second, the visits that entered at
 * `$p_entry` by their second page; the third, those whose second page was `$p_second` by their
 * third. A visit that ended before the level is `(sortida)`. Each row is a visit, with its entry
 * page view's day and filter columns (a visit's attributes are its entry page's, as `visits` has
 * them), so the levels add up: a second level's visits are its entry page's row's.
 */
import { CLICKHOUSE_PAGE_VIEWS } from '../clickhouse/report-facts-sql.js';
import { ENTRY_PAGES_RANKING } from './page-rankings.js';
import { EXIT_STEP, derivedRanking } from './page-transitions.js';
import { ENTRY_SECOND_CELLS, ENTRY_THIRD_CELLS } from './page-transition-rollups.js';
import type { RankingSources, RankingSpec } from './ranking.js';

const ENTRY_COLUMNS = ['report_suite', 'day', 'is_bot', 'visitor_key', 'visit_key', 'section', 'subsection', 'programme', 'channel', 'portal', 'device', 'login', 'campaign', 'country', 'region'];

const DUCKDB_ENTRIES = `SELECT ${ENTRY_COLUMNS.join(', ')} FROM page_views
  WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND visit_page = 1 AND url = $p_entry`;
/** A visit's page views after its entry are from its day to the next (a visit's end is after its start). */
const duckdbPages = (page: number, url?: string) => `SELECT visit_key, url, title FROM page_views
  WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) + 1 AND visit_page = ${page}${url ? ` AND url = ${url}` : ''}
    AND visit_key IN (SELECT visit_key FROM entries)`;

/** The visits entering at $p_entry, by their second page, or by their third after $p_second. */
function duckdbLevel(third: boolean): string {
  const second = `second AS (${duckdbPages(2, third ? '$p_second' : undefined)})`;
  const next = third ? `, next AS (${duckdbPages(3)})` : '';
  const joins = third ? 'JOIN second s ON s.visit_key = e.visit_key LEFT JOIN next n ON n.visit_key = e.visit_key' : 'LEFT JOIN second n ON n.visit_key = e.visit_key';
  return `WITH entries AS (${DUCKDB_ENTRIES}), ${second}${next}
    SELECT ${ENTRY_COLUMNS.map((c) => `e.${c}`).join(', ')}, coalesce(n.url, '${EXIT_STEP}') AS step, n.title AS step_title, n.url AS step_href
    FROM entries e ${joins}`;
}

// ClickHouse: joined by visit_key USING named subqueries; `found` tells a missing right side (18.16 gives no NULLs).
const CLICKHOUSE_ENTRIES = `(SELECT ${ENTRY_COLUMNS.join(', ')} FROM ${CLICKHOUSE_PAGE_VIEWS} AS page_views
  WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND visit_page = 1 AND url = $p_entry) AS entries`;
const clickhousePages = (page: number, name: string, url?: string) => `(SELECT visit_key, url AS step_url, title AS step_title_found, toUInt8(1) AS found
  FROM ${CLICKHOUSE_PAGE_VIEWS} AS page_views WHERE visit_page = ${page}${url ? ` AND url = ${url}` : ''}) AS ${name}`;

function clickhouseLevel(third: boolean): string {
  const visits = third
    ? `(SELECT ${ENTRY_COLUMNS.join(', ')} FROM ${CLICKHOUSE_ENTRIES} ALL INNER JOIN (SELECT visit_key FROM ${clickhousePages(2, 'second', '$p_second')}) AS second_keys USING (visit_key)) AS visits`
    : `(SELECT * FROM ${CLICKHOUSE_ENTRIES}) AS visits`;
  return `SELECT ${ENTRY_COLUMNS.join(', ')}, if(found = 1, step_url, '${EXIT_STEP}') AS step, if(found = 1, step_title_found, NULL) AS step_title,
      if(found = 1, step_url, NULL) AS step_href
    FROM ${visits} ALL LEFT JOIN ${clickhousePages(third ? 3 : 2, 'next_pages')} USING (visit_key)`;
}

/** A level's visits by step, one row per visit. */
function levelSpec(third: boolean): RankingSpec {
  const table = (sql: string) => ({ name: 'entry_paths', sql });
  return derivedRanking(table(duckdbLevel(third)), table(clickhouseLevel(third)), { duckdb: { visits: 'count(*)' }, clickhouse: { visits: 'count()' } });
}

const SECOND_LEVEL = levelSpec(false);
const THIRD_LEVEL = levelSpec(true);

/** The level the parameters ask for: the entry pages, the second pages after `entry`, the third after `entry` and `second`. */
export function entryPathsLevel(params: Readonly<Record<string, string>>): 1 | 2 | 3 {
  if (params.entry === undefined) return 1;
  return params.second === undefined ? 2 : 3;
}

/**
 * The tree's level for the parameters, and what is read when nothing narrows the ask: the entry
 * pages' roll-up for the first, the transition cells for the others (page-transition-rollups.ts).
 */
export const ENTRY_PATHS_RANKING: Required<RankingSources> = {
  spec: (params) => [ENTRY_PAGES_RANKING.spec(params), SECOND_LEVEL, THIRD_LEVEL][entryPathsLevel(params) - 1]!,
  rollup: (params) => {
    const level = entryPathsLevel(params);
    if (level === 1) return ENTRY_PAGES_RANKING.rollup ? ENTRY_PAGES_RANKING.rollup(params) : ENTRY_PAGES_RANKING.spec(params);
    return level === 2 ? ENTRY_SECOND_CELLS : ENTRY_THIRD_CELLS;
  },
};
