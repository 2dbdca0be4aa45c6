/**
 * Contingut: sections → subsections → pages (by title, linking to the page), programmes and their
 * pages, authors, themes, entry and exit pages, and pages not found with where visitors came from.
 * Page-level reports read `page_views`; entry and exit pages read `visits`.
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import type { RankingSpec } from './queries/ranking.js';

/**
 * Page rankings read the daily page cells: no distinct visitors are counted there (that is what
 * makes them fast), only whether a row reaches the minimum cohort.
 */
const PAGE_METRICS: ReportMetric[] = [
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'entries', label: 'Entrades', format: 'count' },
];
const PAGE_SQL = { page_views: 'sum(page_views)', entries: 'sum(entries)' };

/** Page views grouped by a page column, optionally narrowed by the report's parameters. */
function pageSpec(key: string, params: Readonly<Record<string, string>>, extra: Partial<RankingSpec> = {}): RankingSpec {
  const narrowing = (['section', 'subsection', 'programme', 'author', 'thematic'] as const)
    .filter((name) => params[name] !== undefined)
    .map((name) => ` AND ${name} = $p_${name}`)
    .join('');
  return { table: 'page_cells', key, metrics: PAGE_SQL, order: 'page_views', where: narrowing, visitors: 'cells', ...extra };
}

const PAGES_BY_URL: Partial<RankingSpec> = { label: 'any_value(coalesce(title, page_name))', href: 'any_value(url)' };

export const CONTENT_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'content/sections',
    area: 'content',
    title: 'Seccions',
    dimension: { key: 'section', label: 'Secció' },
    metrics: PAGE_METRICS,
    spec: (params) => pageSpec('section', params),
    drill: (section) => ({ report: 'content/subsections', params: { section } }),
  }),
  rankingReport({
    report: 'content/subsections',
    area: 'content',
    title: 'Subseccions',
    params: ['section'],
    dimension: { key: 'subsection', label: 'Subsecció' },
    metrics: PAGE_METRICS,
    spec: (params) => pageSpec('subsection', params),
    drill: (subsection, params) => ({ report: 'content/pages', params: { ...params, subsection } }),
  }),
  rankingReport({
    report: 'content/pages',
    area: 'content',
    title: 'Pàgines',
    params: ['section', 'subsection', 'programme', 'author', 'thematic'],
    dimension: { key: 'url', label: 'Pàgina' },
    metrics: PAGE_METRICS,
    spec: (params) => pageSpec('url', params, PAGES_BY_URL),
  }),
  rankingReport({
    report: 'content/programmes',
    area: 'content',
    title: 'Programes',
    dimension: { key: 'programme', label: 'Programa' },
    metrics: PAGE_METRICS,
    spec: (params) => pageSpec('programme', params, { label: 'any_value(programme_name)' }),
    drill: (programme) => ({ report: 'content/pages', params: { programme } }),
  }),
  rankingReport({
    report: 'content/authors',
    area: 'content',
    title: 'Autors',
    dimension: { key: 'author', label: 'Autor' },
    metrics: PAGE_METRICS,
    spec: (params) => pageSpec('author', params),
    drill: (author) => ({ report: 'content/pages', params: { author } }),
  }),
  rankingReport({
    report: 'content/themes',
    area: 'content',
    title: 'Temes',
    dimension: { key: 'thematic', label: 'Tema' },
    metrics: PAGE_METRICS,
    spec: (params) => pageSpec('thematic', params),
    drill: (thematic) => ({ report: 'content/pages', params: { thematic } }),
  }),
  rankingReport({
    report: 'content/entry-pages',
    area: 'content',
    title: "Pàgines d'entrada",
    dimension: { key: 'entry_url', label: "Pàgina d'entrada" },
    metrics: [
      { key: 'visits', label: 'Entrades', format: 'count' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
      { key: 'bounce_rate', label: 'Percentatge de rebot', format: 'percent' },
    ],
    spec: () => ({
      table: 'visits',
      key: 'entry_url',
      label: 'any_value(coalesce(entry_title, entry_page_name))',
      href: 'any_value(entry_url)',
      metrics: { visits: 'count(*)', bounce_rate: 'avg(CASE WHEN page_views = 1 THEN 1.0 ELSE 0.0 END)' },
      order: 'visits',
    }),
  }),
  rankingReport({
    report: 'content/exit-pages',
    area: 'content',
    title: 'Pàgines de sortida',
    dimension: { key: 'exit_url', label: 'Pàgina de sortida' },
    metrics: [
      { key: 'visits', label: 'Sortides', format: 'count' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
    ],
    spec: () => ({
      table: 'visits',
      key: 'exit_url',
      label: 'any_value(coalesce(exit_title, exit_page_name))',
      href: 'any_value(exit_url)',
      metrics: { visits: 'count(*)' },
      order: 'visits',
    }),
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
      key: `url || ' ← ' || coalesce(referrer, '(directe)')`,
      where: ` AND page_type = 'errorPage'`,
      metrics: { page_views: 'count(*)' },
      order: 'page_views',
    }),
  }),
];
