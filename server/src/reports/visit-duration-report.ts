/**
 * Durada de les visites: how long visits last, from their first page view to their last
 * (store/visit-duration.ts: a one-page visit lasts 0 s), as rows of fixed bands, shortest first.
 * Every band is a row even when no visit fell in it: a distribution read as bars would shift if
 * an empty band were left out, and a 0 tells "none" apart from a band hidden by the minimum cohort.
 */
import { VISIT_METRICS } from './visit-metrics.js';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { DURATION_BAND_RANKING } from '../store/queries/duration-band-ranking.js';
import { VISIT_DURATION_BANDS } from '../store/visit-duration.js';

const LABELS = new Map(VISIT_DURATION_BANDS.map((band) => [band.key, band.label]));

export const VISIT_DURATION_REPORT: ReportDefinition = rankingReport({
  report: 'audience/visit-duration',
  area: 'audience',
  title: 'Durada de les visites',
  dimension: { key: 'duration_band', label: 'Durada' },
  metrics: [...VISIT_METRICS.filter((m) => ['visits', 'visitors', 'page_views'].includes(m.key)), { key: 'visit_share', label: 'Percentatge de visites', format: 'percent' }],
  fixedRows: VISIT_DURATION_BANDS.map((band) => band.key),
  labelOf: (key) => LABELS.get(key) ?? key,
  shares: { visit_share: 'visits' },
  note: "Una visita dura de la primera pàgina vista a la darrera: la d'una sola pàgina dura 0 s. Els segons es compten sencers.",
  ...DURATION_BAND_RANKING,
});
