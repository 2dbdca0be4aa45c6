/**
 * Contingut: sections → subsections → pages (by title, linking to the page), programmes and their
 * pages, authors, themes, portals, entry and exit pages, and pages not found with where visitors came from.
 * Page-level reports read `page_views` (on ClickHouse `page_entries` and `page_hits`); entry and exit
 * pages read `visits`.
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { pageColumnLabel, sectionLabel, subsectionLabel } from './content-names.js';
import { ENTRY_PAGES_RANKING, EXIT_PAGES_RANKING, NOT_FOUND_RANKING, PAGES_RANKING, PORTAL_RANKING, PROGRAMME_RANKING, pageRanking } from '../store/queries/page-rankings.js';

/**
 * Page rankings read the daily page cells: no distinct visitors are counted there (that is what
 * makes them fast), only whether a row reaches the minimum cohort.
 */
const PAGE_METRICS: ReportMetric[] = [
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'entries', label: 'Entrades', format: 'count' },
];

export const CONTENT_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'content/sections',
    area: 'content',
    title: 'Seccions',
    dimension: { key: 'section', label: 'Secció' },
    metrics: PAGE_METRICS,
    ...pageRanking('section'),
    labelOf: sectionLabel,
    drill: (section) => ({ report: 'content/subsections', params: { section } }),
  }),
  rankingReport({
    report: 'content/subsections',
    area: 'content',
    title: 'Subseccions',
    params: ['section'],
    dimension: { key: 'subsection', label: 'Subsecció' },
    metrics: PAGE_METRICS,
    ...pageRanking('subsection'),
    labelOf: subsectionLabel,
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
    ...PAGES_RANKING,
    // A page opens where its visitors went next (page-path-reports.ts), which leads on to the pages after.
    drill: (page) => ({ report: 'content/page-next', params: { page } }),
  }),
  rankingReport({
    report: 'content/programmes',
    area: 'content',
    title: 'Programes',
    dimension: { key: 'programme', label: 'Programa' },
    metrics: PAGE_METRICS,
    ...PROGRAMME_RANKING,
    drill: (programme) => ({ report: 'content/pages', params: { programme } }),
  }),
  rankingReport({
    report: 'content/authors',
    area: 'content',
    title: 'Autors',
    dimension: { key: 'author', label: 'Autor' },
    metrics: PAGE_METRICS,
    ...pageRanking('author'),
    labelOf: pageColumnLabel('author'),
    drill: (author) => ({ report: 'content/pages', params: { author } }),
  }),
  rankingReport({
    report: 'content/themes',
    area: 'content',
    title: 'Temes',
    dimension: { key: 'thematic', label: 'Tema' },
    metrics: PAGE_METRICS,
    ...pageRanking('thematic'),
    labelOf: pageColumnLabel('thematic'),
    drill: (thematic) => ({ report: 'content/pages', params: { thematic } }),
  }),
  rankingReport({
    report: 'content/portals',
    area: 'content',
    title: 'Portals',
    dimension: { key: 'portal', label: 'Portal' },
    metrics: PAGE_METRICS,
    ...PORTAL_RANKING,
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
    ...ENTRY_PAGES_RANKING,
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
    ...EXIT_PAGES_RANKING,
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
    ...NOT_FOUND_RANKING,
  }),
];
