/**
 * The page rankings of content-reports.ts: page views and entries per page column over the page
 * cells (on ClickHouse `page_entries`, with the cells a materialized view keeps for visitors and
 * labels), entry and exit pages over `visits` and their roll-ups, and pages not found with where
 * visitors came from.
 */
import type { ClickHouseRanking, RankingSources, RankingSpec } from './ranking.js';
import type { ReportTable } from './report-table.js';

const PAGE_SQL = { page_views: 'sum(page_views)', entries: 'sum(entries)' };
/**
 * The same over page_views' rows, for a filter the cells lack (report-table.ts ROWS_ONLY_FILTERS):
 * a page without entries has 0 of them, as its cells sum, and no rows NULL, as no cells do.
 */
const PAGE_ROWS_SQL = { page_views: 'nullif(count(*), 0)', entries: 'CASE WHEN count(*) > 0 THEN count(*) FILTER (WHERE visit_page = 1) END' };
/**
 * The same on ClickHouse, over page_entries (store/clickhouse/report-facts-sql.ts): the page views
 * as stored, each event id once, and a row per visit for its entry page. Entries summed as
 * nullable, so that no rows sum to NULL, as the cells' sums do in DuckDB.
 */
const PAGE_CLICKHOUSE_SQL = { page_views: 'nullIf(uniqExactIf(event_key, is_entry = 0), 0)', entries: 'sum(toNullable(is_entry))' };

/**
 * A page ranking's label and link, in each engine's dialect, and over ClickHouse's page-view cells.
 * Every label is a `min` (both engines skip NULLs; a title wins over a page name), never `any`: the
 * same rows give the same label on either engine and in every run, and a minimum of the cells'
 * minimums (page-day-cells.ts, page-view-cells.ts) is the minimum of their rows.
 */
interface PageLabels {
  duckdb: Pick<RankingSpec, 'label' | 'href'>;
  clickhouse: Pick<ClickHouseRanking, 'label' | 'href'>;
  cells: { label?: string; href?: string };
}
const NO_LABELS: PageLabels = { duckdb: {}, clickhouse: {}, cells: {} };
/** A label state of the cells (store/clickhouse/page-view-cells.ts): '' where no page view had one. */
const cellLabel = (state: string) => `nullIf(minIfMerge(${state}), '')`;

/** A page's label: the smallest of its titles, or of its page names when it has no title. */
const PAGE_LABEL = (title: string, pageName: string) => `coalesce(min(${title}), min(${pageName}))`;

/**
 * Page views grouped by a page column, optionally narrowed by the report's parameters, from
 * page_cells; with no filter, from page_day_cells (the same sums and smallest visitor keys without
 * the filter columns, a fifth of the rows); with a place filter, from page_views.
 */
function pageSpec(key: string, params: Readonly<Record<string, string>>, labels: PageLabels, table: ReportTable = 'page_cells'): RankingSpec {
  const rows = table === 'page_views';
  const narrowing = (['section', 'subsection', 'programme', 'author', 'thematic'] as const)
    .filter((name) => params[name] !== undefined)
    .map((name) => ` AND ${name} = $p_${name}`)
    .join('');
  return {
    table,
    key,
    metrics: rows ? PAGE_ROWS_SQL : PAGE_SQL,
    order: 'page_views',
    where: narrowing,
    visitors: rows ? 'approximate' : 'cells',
    ...labels.duckdb,
    clickhouse: {
      table: 'page_entries',
      key,
      metrics: PAGE_CLICKHOUSE_SQL,
      where: narrowing,
      ...labels.clickhouse,
      // Visitors and labels from the cells ClickHouse keeps; entries are visits', so the rows and totals are not there.
      cells: { table: 'page_view_cells', ...labels.cells },
    },
  };
}

/** A ranking over page cells, its unfiltered roll-up and its rows for a place filter, as rankingReport takes them. */
export type PageRankingSources = RankingSources & { rows: NonNullable<RankingSources['rollup']> };

/** pageSpec, its unfiltered roll-up and its rows. */
export function pageRanking(key: string, labels: PageLabels = NO_LABELS): PageRankingSources {
  return {
    spec: (params) => pageSpec(key, params, labels),
    rollup: (params) => pageSpec(key, params, labels, 'page_day_cells'),
    rows: (params) => pageSpec(key, params, labels, 'page_views'),
  };
}

/**
 * Entry or exit pages: with no filter, summed from visit_page_cells, their rows' visitors counted
 * in `visits` and the totals read from the visit cells of visits with such a page.
 */
function visitPageRollup(side: 'entry' | 'exit', metrics: Readonly<Record<string, string>>): RankingSpec {
  return {
    table: 'visit_page_cells',
    key: 'url',
    where: ` AND side = '${side}'`,
    metrics,
    order: 'visits',
    having: 'sum(visits) > 0',
    visitorsFrom: { table: 'visits', key: `${side}_url`, where: '' },
    // A visit continued by a later segment may leave this page (report-cells.ts), and a cell cannot
    // take its title out again: the rows' labels are read from the visits, as the unrolled spec's.
    labelsFrom: { table: 'visits', key: `${side}_url`, where: '', label: PAGE_LABEL(`${side}_title`, `${side}_page_name`), href: `min(${side}_url)` },
    totalsFrom: { table: 'visit_cells', key: 'dimension', where: ` AND dimension = '${side === 'entry' ? 'entered' : 'exited'}'`, metrics, visitors: 'sketch' },
  };
}

const PAGES_BY_URL: PageLabels = {
  duckdb: { label: PAGE_LABEL('title', 'page_name'), href: 'min(url)' },
  clickhouse: { label: PAGE_LABEL('title', 'page_name'), href: 'min(url)' },
  cells: { label: `coalesce(${cellLabel('title_label')}, ${cellLabel('page_name_label')})`, href: 'min(url)' },
};

/** content/pages' spec for its parameters (the ranking of pages by url). */
export const pagesRankingSpec = (params: Readonly<Record<string, string>>): RankingSpec => pageSpec('url', params, PAGES_BY_URL);

/** A visit of one page view bounced (the same SQL in both engines). */
const BOUNCE_RATE = 'avg(CASE WHEN page_views = 1 THEN 1.0 ELSE 0.0 END)';
/** A missing page and where its visitor came from (the same SQL in both engines). */
const NOT_FOUND_KEY = `url || ' ← ' || coalesce(referrer, '(directe)')`;
const NOT_FOUND = ` AND page_type = 'errorPage'`;

/** Pages by address, labelled by their titles (content/pages). */
export const PAGES_RANKING: PageRankingSources = pageRanking('url', PAGES_BY_URL);

/** Programmes, labelled by their names. */
export const PROGRAMME_RANKING = pageRanking('programme', { duckdb: { label: 'min(programme_name)' }, clickhouse: { label: 'min(programme_name)' }, cells: { label: cellLabel('programme_label') } });

export const ENTRY_PAGES_RANKING: RankingSources = {
  spec: () => ({
    table: 'visits',
    key: 'entry_url',
    label: PAGE_LABEL('entry_title', 'entry_page_name'),
    href: 'min(entry_url)',
    metrics: { visits: 'count(*)', bounce_rate: BOUNCE_RATE },
    order: 'visits',
    clickhouse: {
      table: 'visits',
      key: 'entry_url',
      label: PAGE_LABEL('entry_title', 'entry_page_name'),
      href: 'min(entry_url)',
      metrics: { visits: 'count()', bounce_rate: BOUNCE_RATE },
    },
  }),
  rollup: () => visitPageRollup('entry', { visits: 'sum(visits)', bounce_rate: 'sum(bounces) / nullif(sum(visits), 0)' }),
};

export const EXIT_PAGES_RANKING: RankingSources = {
  spec: () => ({
    table: 'visits',
    key: 'exit_url',
    label: PAGE_LABEL('exit_title', 'exit_page_name'),
    href: 'min(exit_url)',
    metrics: { visits: 'count(*)' },
    order: 'visits',
    clickhouse: { table: 'visits', key: 'exit_url', label: PAGE_LABEL('exit_title', 'exit_page_name'), href: 'min(exit_url)', metrics: { visits: 'count()' } },
  }),
  rollup: () => visitPageRollup('exit', { visits: 'sum(visits)' }),
};

/** Each missing page with where its visitor came from. */
export const NOT_FOUND_RANKING: RankingSources = {
  spec: () => ({
    table: 'page_views',
    key: NOT_FOUND_KEY,
    where: NOT_FOUND,
    metrics: { page_views: 'count(*)' },
    order: 'page_views',
    // Each event id once among the page views as stored (report-facts-sql.ts page_hits).
    clickhouse: { table: 'page_hits', key: NOT_FOUND_KEY, where: NOT_FOUND, metrics: { page_views: 'uniqExact(event_key)' } },
  }),
};

/**
 * Page views and entries per portal, over the page cells: page_day_cells keep no portal, nor do
 * ClickHouse's page view cells, so ClickHouse counts a row's visitors over page_entries.
 */
export const PORTAL_RANKING: PageRankingSources = {
  spec: () => ({
    table: 'page_cells',
    key: 'portal',
    metrics: PAGE_SQL,
    order: 'page_views',
    visitors: 'cells',
    clickhouse: { table: 'page_entries', key: 'portal', metrics: PAGE_CLICKHOUSE_SQL },
  }),
  rows: () => ({ table: 'page_views', key: 'portal', metrics: PAGE_ROWS_SQL, order: 'page_views' }),
};
