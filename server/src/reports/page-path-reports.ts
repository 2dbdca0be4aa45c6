/**
 * Camins: what visitors do before and after a page, and where their visits go from their entry
 * page (store/queries/page-transitions.ts and entry-paths.ts say how each is computed).
 * - content/page-previous "D'on venen": for the page `page` (its address), the page seen just
 *   before it in the visit, or where the visit came from when it entered there (a campaign, a
 *   search engine, a social network, another site, or straight in);
 * - content/page-next "On van": the page seen next, the exit links and downloads clicked on it, and
 *   the visits that ended there;
 * - content/entry-paths "Camins des de l'entrada": the entry pages, then the second pages of the
 *   visits that entered at `entry`, then their third pages after `second`: a tree three levels deep.
 * Without a page the transitions list the pages by views, each opening its transitions, so the
 * analyst picks the page from the list; a step that is a page opens its own transitions, and a
 * third level's page where its visitors went next.
 */
import type { ReportMetric, ReportParamControl, ReportRow } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { PAGES_RANKING, pagesRankingSpec } from '../store/queries/page-rankings.js';
import { PAGE_NEXT_SPEC, PAGE_PREVIOUS_SPEC } from '../store/queries/page-transitions.js';
import { PAGE_NEXT_CELLS, PAGE_PREVIOUS_CELLS } from '../store/queries/page-transition-rollups.js';
import { ENTRY_PATHS_RANKING, entryPathsLevel } from '../store/queries/entry-paths.js';
import type { RankingSpec } from '../store/queries/ranking.js';

const TRANSITION_METRICS: ReportMetric[] = [
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'page_share', label: 'Percentatge de les vistes', format: 'percent' },
];

const PATH_METRICS: ReportMetric[] = [
  { key: 'visits', label: 'Visites', format: 'count' },
  { key: 'visit_share', label: 'Percentatge de les visites', format: 'percent' },
];

/** A row key that is a page of the site (the other steps are marked in brackets: page-transitions.ts). */
const isPage = (key: string) => /^https?:\/\//i.test(key);

/**
 * The page's transitions (from the rows, or from their cells when nothing narrows the ask), or,
 * with no page asked, the pages to choose from: content/pages' ranking, its roll-up and its rows
 * for a place filter.
 */
function transitions(spec: RankingSpec, cells: RankingSpec) {
  type Params = Readonly<Record<string, string>>;
  const either = (pages: (params: Params) => RankingSpec, page: RankingSpec) => (params: Params) => (params.page === undefined ? pages(params) : page);
  return { spec: either(pagesRankingSpec, spec), rollup: either(PAGES_RANKING.rollup ?? pagesRankingSpec, cells), rows: either(PAGES_RANKING.rows, spec) };
}

/** The page a report is asked for, typed or searched in the console (the list of pages stays too). */
const pageControl = (name: string, label: string): ReportParamControl => ({ name, kind: 'page', label, absentLabel: 'Totes les pàgines' });

function transitionReport(report: string, title: string, specs: { rows: RankingSpec; cells: RankingSpec }, note: string): ReportDefinition {
  const ranking = rankingReport({
    report,
    area: 'content',
    title,
    params: ['page'],
    dimension: { key: 'step', label: 'Pàgina o origen' },
    pages: true,
    metrics: TRANSITION_METRICS,
    ...transitions(specs.rows, specs.cells),
    shares: { page_share: 'page_views' },
    note,
    drill: (key): ReportRow['drill'] => (isPage(key) ? { report, params: { page: key } } : undefined),
  });
  return { ...ranking, controls: () => [pageControl('page', 'Pàgina')] };
}

/** The next level's parameters for a row of the level `params` asks; none past the third. */
function entryPathDrill(key: string, params: Readonly<Record<string, string>>): ReportRow['drill'] {
  if (!isPage(key)) return undefined;
  const level = entryPathsLevel(params);
  if (level === 1) return { report: 'content/entry-paths', params: { entry: key } };
  if (level === 2) return { report: 'content/entry-paths', params: { entry: params.entry ?? '', second: key } };
  return { report: 'content/page-next', params: { page: key } };
}

export const PAGE_PATH_REPORTS: ReportDefinition[] = [
  transitionReport(
    'content/page-previous',
    "D'on venen els visitants d'una pàgina",
    { rows: PAGE_PREVIOUS_SPEC, cells: PAGE_PREVIOUS_CELLS },
    "Tria una pàgina. Per a cada vista, la pàgina vista just abans a la mateixa visita o, si hi va entrar, d'on venia la visita: campanya, cercador, xarxa social, un altre web o entrada directa. El percentatge és de les vistes de la pàgina.",
  ),
  transitionReport(
    'content/page-next',
    "On van els visitants d'una pàgina",
    { rows: PAGE_NEXT_SPEC, cells: PAGE_NEXT_CELLS },
    "Tria una pàgina. Per a cada vista, la pàgina vista just després a la mateixa visita, o «(sortida)» si la visita s'hi va acabar; i els enllaços de sortida i les descàrregues clicats a la pàgina. El percentatge és de les vistes de la pàgina: una vista pot fer una descàrrega i seguir a una altra pàgina.",
  ),
  {
    ...rankingReport({
      report: 'content/entry-paths',
      area: 'content',
      title: "Camins des de l'entrada",
      params: ['entry', 'second'],
      dimension: { key: 'step', label: 'Pàgina' },
      pages: true,
      metrics: PATH_METRICS,
      ...ENTRY_PATHS_RANKING,
      shares: { visit_share: 'visits' },
      note: "Les pàgines d'entrada de les visites; obre'n una per veure la segona pàgina de les visites que hi van entrar, i després la tercera. «(sortida)» són les visites que s'acaben abans.",
      drill: entryPathDrill,
    }),
    controls: () => [pageControl('entry', "Pàgina d'entrada")],
  },
];
