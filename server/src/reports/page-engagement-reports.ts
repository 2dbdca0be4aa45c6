/**
 * Temps d'interacció: how long visitors were engaged with the pages they saw and how far down
 * they scrolled, as /mesura.js measures it (@mesura/sdk page engagement: the page visible and the
 * visitor active, or a media element playing) and sends once per page view when the page is
 * hidden or left. Ranked per page, section, author, theme and programme, and per day. Only page
 * views whose engagement hit arrived count ("Pàgines mesurades"): the commercial library's pages
 * send none, and their time spent is the visits' duration (visit-duration-report.ts).
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { pageColumnLabel, sectionLabel } from './content-names.js';
import { rankingReport, type RankingReportOptions } from './ranking-report.js';
import { ENGAGED_PAGES_RANKING, ENGAGED_PROGRAMMES_RANKING, ENGAGED_TIME_BY_DAY, engagementRanking } from '../store/queries/page-engagement-rankings.js';

export const ENGAGEMENT_METRICS: ReportMetric[] = [
  { key: 'engaged_time', label: "Temps d'interacció total", format: 'seconds' },
  { key: 'pages', label: 'Pàgines mesurades', format: 'count' },
  { key: 'avg_engaged', label: "Temps d'interacció mitjà per pàgina", format: 'seconds' },
  { key: 'avg_scroll', label: 'Desplaçament mitjà', format: 'percent' },
];

const NOTE =
  "Temps amb la pàgina visible i el visitant actiu (teclat, ratolí, tacte, desplaçament) o amb un vídeo o un àudio en marxa, mesurat pel navegador i enviat quan la pàgina s'amaga o es deixa. El desplaçament és fins on s'ha baixat la pàgina, com a màxim.";

type Ranking = Pick<RankingReportOptions, 'report' | 'title' | 'dimension' | 'spec' | 'params' | 'pages' | 'drill' | 'byDay' | 'labelOf'>;

function engagementReport(ranking: Ranking): ReportDefinition {
  return rankingReport({ area: 'content', metrics: ENGAGEMENT_METRICS, note: NOTE, ...ranking });
}

/** A page column's ranking whose rows open its pages. */
const byColumn = (column: 'section' | 'author' | 'thematic', report: string, title: string, label: string): Ranking => ({
  report,
  title,
  dimension: { key: column, label },
  ...engagementRanking(column),
  labelOf: column === 'section' ? sectionLabel : pageColumnLabel(column),
  drill: (value) => ({ report: 'content/engaged-pages', params: { [column]: value } }),
});

export const PAGE_ENGAGEMENT_REPORTS: ReportDefinition[] = [
  engagementReport({
    report: 'content/engaged-time',
    title: "Temps d'interacció per dia",
    dimension: { key: 'day', label: 'Dia' },
    byDay: true,
    ...ENGAGED_TIME_BY_DAY,
  }),
  engagementReport({
    report: 'content/engaged-pages',
    title: "Temps d'interacció per pàgina",
    params: ['section', 'programme', 'author', 'thematic'],
    dimension: { key: 'url', label: 'Pàgina' },
    pages: true,
    ...ENGAGED_PAGES_RANKING,
  }),
  engagementReport(byColumn('section', 'content/engaged-sections', "Temps d'interacció per secció", 'Secció')),
  engagementReport(byColumn('author', 'content/engaged-authors', "Temps d'interacció per autor", 'Autor')),
  engagementReport(byColumn('thematic', 'content/engaged-themes', "Temps d'interacció per tema", 'Tema')),
  engagementReport({
    report: 'content/engaged-programmes',
    title: "Temps d'interacció per programa",
    dimension: { key: 'programme', label: 'Programa' },
    ...ENGAGED_PROGRAMMES_RANKING,
    drill: (programme) => ({ report: 'content/engaged-pages', params: { programme } }),
  }),
];
