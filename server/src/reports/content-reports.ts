/**
 * Contingut: sections → subsections → pages (by title, linking to the page), programmes and their
 * pages, authors, themes, entry and exit pages, and pages not found with where visitors came from.
 * Page-level reports read `page_views` (on ClickHouse `page_entries` and `page_hits`); entry and exit
 * pages read `visits`.
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport, type RankingReportOptions } from './ranking-report.js';
import type { ClickHouseRanking, RankingSpec } from './queries/ranking.js';
import type { ReportTable } from './queries/report-table.js';

/**
 * Page rankings read the daily page cells: no distinct visitors are counted there (that is what
 * makes them fast), only whether a row reaches the minimum cohort.
 */
const PAGE_METRICS: ReportMetric[] = [
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'entries', label: 'Entrades', format: 'count' },
];
const PAGE_SQL = { page_views: 'sum(page_views)', entries: 'sum(entries)' };
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
 * the filter columns, a fifth of the rows).
 */
function pageSpec(key: string, params: Readonly<Record<string, string>>, labels: PageLabels, table: ReportTable = 'page_cells'): RankingSpec {
  const narrowing = (['section', 'subsection', 'programme', 'author', 'thematic'] as const)
    .filter((name) => params[name] !== undefined)
    .map((name) => ` AND ${name} = $p_${name}`)
    .join('');
  return {
    table,
    key,
    metrics: PAGE_SQL,
    order: 'page_views',
    where: narrowing,
    visitors: 'cells',
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

/** pageSpec and its unfiltered roll-up, as rankingReport takes them. */
function pageSpecs(key: string, labels: PageLabels = NO_LABELS): Pick<RankingReportOptions, 'spec' | 'rollup'> {
  return { spec: (params) => pageSpec(key, params, labels), rollup: (params) => pageSpec(key, params, labels, 'page_day_cells') };
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

export const CONTENT_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'content/sections',
    area: 'content',
    title: 'Seccions',
    dimension: { key: 'section', label: 'Secció' },
    metrics: PAGE_METRICS,
    ...pageSpecs('section'),
    drill: (section) => ({ report: 'content/subsections', params: { section } }),
  }),
  rankingReport({
    report: 'content/subsections',
    area: 'content',
    title: 'Subseccions',
    params: ['section'],
    dimension: { key: 'subsection', label: 'Subsecció' },
    metrics: PAGE_METRICS,
    ...pageSpecs('subsection'),
    drill: (subsection, params) => ({ report: 'content/pages', params: { ...params, subsection } }),
  }),
  rankingReport({
    report: 'content/pages',
    area: 'content',
    title: 'Pàgines',
    params: ['section', 'subsection', 'programme', 'author', 'thematic'],
    dimension: { key: 'url', label: 'Pàgina' },
    pages: true,
    metrics: PAGE_METRICS,
    spec: pagesRankingSpec,
    rollup: (params) => pageSpec('url', params, PAGES_BY_URL, 'page_day_cells'),
  }),
  rankingReport({
    report: 'content/programmes',
    area: 'content',
    title: 'Programes',
    dimension: { key: 'programme', label: 'Programa' },
    metrics: PAGE_METRICS,
    ...pageSpecs('programme', { duckdb: { label: 'min(programme_name)' }, clickhouse: { label: 'min(programme_name)' }, cells: { label: cellLabel('programme_label') } }),
    drill: (programme) => ({ report: 'content/pages', params: { programme } }),
  }),
  rankingReport({
    report: 'content/authors',
    area: 'content',
    title: 'Autors',
    dimension: { key: 'author', label: 'Autor' },
    metrics: PAGE_METRICS,
    ...pageSpecs('author'),
    drill: (author) => ({ report: 'content/pages', params: { author } }),
  }),
  rankingReport({
    report: 'content/themes',
    area: 'content',
    title: 'Temes',
    dimension: { key: 'thematic', label: 'Tema' },
    metrics: PAGE_METRICS,
    ...pageSpecs('thematic'),
    drill: (thematic) => ({ report: 'content/pages', params: { thematic } }),
  }),
  rankingReport({
    report: 'content/entry-pages',
    area: 'content',
    title: "Pàgines d'entrada",
    dimension: { key: 'entry_url', label: "Pàgina d'entrada" },
    pages: true,
    metrics: [
      { key: 'visits', label: 'Entrades', format: 'count' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
      { key: 'bounce_rate', label: 'Percentatge de rebot', format: 'percent' },
    ],
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
  }),
  rankingReport({
    report: 'content/exit-pages',
    area: 'content',
    title: 'Pàgines de sortida',
    dimension: { key: 'exit_url', label: 'Pàgina de sortida' },
    pages: true,
    metrics: [
      { key: 'visits', label: 'Sortides', format: 'count' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
    ],
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
  }),
  rankingReport({
    report: 'content/not-found',
    area: 'content',
    title: 'Pàgines no trobades (404)',
    dimension: { key: 'url', label: 'Adreça no trobada ← procedència' },
    metrics: [
      { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
    ],
    note: "Cada fila és una adreça que no existeix i la pàgina d'on venia el visitant (sense procedència: entrada directa).",
    spec: () => ({
      table: 'page_views',
      key: NOT_FOUND_KEY,
      where: NOT_FOUND,
      metrics: { page_views: 'count(*)' },
      order: 'page_views',
      // Each event id once among the page views as stored (report-facts-sql.ts page_hits).
      clickhouse: { table: 'page_hits', key: NOT_FOUND_KEY, where: NOT_FOUND, metrics: { page_views: 'uniqExact(event_key)' } },
    }),
  }),
];
