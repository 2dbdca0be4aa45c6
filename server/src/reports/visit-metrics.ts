/** The visits rankings' columns as the console shows them (acquisition-reports.ts, technology-reports.ts); their SQL is queries/visit-rankings.ts. */
import type { ReportMetric } from '@mesura/protocol';

export const VISIT_METRICS: ReportMetric[] = [
  { key: 'visits', label: 'Visites', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'bounce_rate', label: 'Percentatge de rebot', format: 'percent' },
  /** From the first page view to the last (store/visit-duration.ts): a one-page visit lasts 0 s. */
  { key: 'avg_duration', label: 'Durada mitjana de la visita', format: 'seconds' },
];
