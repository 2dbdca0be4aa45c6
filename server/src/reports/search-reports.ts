/**
 * Cerca interna: what visitors searched for (keywords lower-cased and trimmed, so "Temps" and
 * "temps " are one), how many results they got, the searches that found nothing, and searches per
 * visit by day. A search is a page view of the search page with keywords (spec §2, `cercador`):
 * every other page sends §5's default 'No Informat' as its keywords, which is no search
 * (store/search-keywords-sql.ts, applied where the report tables are made).
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { KEYWORDS_RANKING, PER_VISIT_RANKING, ZERO_RESULTS_RANKING } from '../store/queries/search-rankings.js';

const KEYWORD_METRICS: ReportMetric[] = [
  { key: 'searches', label: 'Cerques', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  { key: 'average_results', label: 'Resultats de mitjana', format: 'ratio' },
  { key: 'zero_share', label: 'Sense resultats', format: 'percent' },
];

export const SEARCH_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'search/keywords',
    area: 'search',
    title: 'Paraules cercades',
    dimension: { key: 'keywords', label: 'Paraules' },
    metrics: KEYWORD_METRICS,
    ...KEYWORDS_RANKING,
  }),
  rankingReport({
    report: 'search/zero-results',
    area: 'search',
    title: 'Cerques sense resultats',
    dimension: { key: 'keywords', label: 'Paraules' },
    metrics: [
      { key: 'searches', label: 'Cerques', format: 'count' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
    ],
    ...ZERO_RESULTS_RANKING,
  }),
  rankingReport({
    report: 'search/per-visit',
    area: 'search',
    title: 'Cerques per visita',
    dimension: { key: 'day', label: 'Dia' },
    byDay: true,
    metrics: [
      { key: 'searches', label: 'Cerques', format: 'count' },
      { key: 'searching_visits', label: 'Visites amb cerca', format: 'count' },
      { key: 'searches_per_visit', label: 'Cerques per visita amb cerca', format: 'ratio' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
    ],
    note: 'Compta les visites que han fet almenys una cerca.',
    ...PER_VISIT_RANKING,
  }),
];
