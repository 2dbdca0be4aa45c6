/**
 * Contingut › the paths through one page: where its visitors came from (the page viewed just before
 * it in the visit, or none: they entered the site there) and where they went (the page viewed just
 * after, or none: they left). Both need the page (`page`, its address): the console opens them from
 * a page's row. Each view of the page counts once, so a page seen twice in a visit counts twice.
 */
import type { ReportMetric, ReportRow } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import type { RankingSpec } from './queries/ranking.js';

const PATH_METRICS: ReportMetric[] = [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }];

/** The row of views without a page before (the visit's entry) or after (its exit): an empty key. */
const NO_PAGE = '';

/** Views of `$p_page` grouped by the page before or after them in the visit, on both engines. */
function stepSpec(side: 'previous_url' | 'next_url', none: string): RankingSpec {
  const where = ' AND url = $p_page';
  return {
    table: 'page_steps',
    key: `coalesce(${side}, '${NO_PAGE}')`,
    label: `min(coalesce(${side}, '${none}'))`,
    where,
    metrics: { page_views: 'count(*)' },
    order: 'page_views',
    clickhouse: { table: 'page_steps', key: `ifNull(${side}, '${NO_PAGE}')`, label: `min(ifNull(${side}, '${none}'))`, where, metrics: { page_views: 'count()' } },
  };
}

/** A row opens the paths of its own page; the entry and exit rows have none. */
const pathsOf = (page: string): ReportRow['drill'] => (page === NO_PAGE ? undefined : { report: 'content/previous-pages', params: { page } });

/** One side of a page's paths: its report, title and row dimension, and the name of the row of views with no page there. */
interface PathSide {
  report: string;
  title: string;
  dimension: { key: string; label: string };
  column: 'previous_url' | 'next_url';
  none: string;
  note: string;
}

function pathReport(side: PathSide): ReportDefinition {
  return rankingReport({
    report: side.report,
    area: 'content',
    title: side.title,
    params: ['page'],
    requires: ['page'],
    dimension: side.dimension,
    metrics: PATH_METRICS,
    note: side.note,
    spec: () => stepSpec(side.column, side.none),
    drill: pathsOf,
  });
}

export const PAGE_PATH_REPORTS: ReportDefinition[] = [
  pathReport({
    report: 'content/previous-pages',
    title: "D'on venien",
    dimension: { key: 'previous', label: 'Pàgina anterior' },
    column: 'previous_url',
    none: 'Entrada al lloc',
    note: "La pàgina vista just abans d'aquesta en la mateixa visita; «Entrada al lloc» compta les visites que hi van entrar.",
  }),
  pathReport({
    report: 'content/next-pages',
    title: 'On anaven després',
    dimension: { key: 'next', label: 'Pàgina següent' },
    column: 'next_url',
    none: 'Sortida del lloc',
    note: "La pàgina vista just després d'aquesta en la mateixa visita; «Sortida del lloc» compta les visites que hi van acabar.",
  }),
];
