/**
 * The figures an alert rule may watch, with their Catalan names, how they are shown, the window
 * they are measured over (an hour, or a day for the banner's answers, which are kept per day), the
 * filters their table can apply, and the query that measures them (store/queries/alert-figures.ts).
 */
import type { MetricFormat, ReportFilterDimension } from '@mesura/protocol';
import type { EngineQuery } from '../store/analytics-reader.js';
import { ALERT_CONSENT_FIGURES_QUERY, alertHitFiguresQuery, alertMediaFiguresQuery } from '../store/queries/alert-figures.js';
import type { FilterColumns } from '../store/queries/filter-sql.js';
import { MEDIA_FILTER_COLUMNS } from '../store/queries/media-session-figures.js';
import { FACT_FILTER_COLUMNS } from '../store/queries/report-table.js';

export const ALERT_FIGURE_KEYS = ['page_views', 'visitors', 'plays', 'rebuffer_ratio', 'start_failures', 'consent_refusal_rate'] as const;
export type AlertFigureKey = (typeof ALERT_FIGURE_KEYS)[number];

export interface AlertFigure {
  key: AlertFigureKey;
  label: string;
  format: MetricFormat;
  /** The window one check measures. */
  step: 'hour' | 'day';
  /** The filter dimensions its table keeps; a rule may name only these. */
  filterColumns: FilterColumns;
  query(filters: string): EngineQuery;
}

const { visitor: _pageVisitor, ...PAGE_FILTERS } = FACT_FILTER_COLUMNS;
const { visitor: _mediaVisitor, ...MEDIA_FILTERS } = MEDIA_FILTER_COLUMNS;

export const ALERT_FIGURES: Readonly<Record<AlertFigureKey, AlertFigure>> = {
  page_views: { key: 'page_views', label: 'Pàgines vistes', format: 'count', step: 'hour', filterColumns: PAGE_FILTERS, query: alertHitFiguresQuery },
  visitors: { key: 'visitors', label: 'Visitants', format: 'count', step: 'hour', filterColumns: PAGE_FILTERS, query: alertHitFiguresQuery },
  plays: { key: 'plays', label: 'Reproduccions', format: 'count', step: 'hour', filterColumns: MEDIA_FILTERS, query: alertMediaFiguresQuery },
  rebuffer_ratio: { key: 'rebuffer_ratio', label: 'Temps de recàrrega (rebuffer)', format: 'percent', step: 'hour', filterColumns: MEDIA_FILTERS, query: alertMediaFiguresQuery },
  start_failures: { key: 'start_failures', label: "Errors d'inici de reproducció", format: 'count', step: 'hour', filterColumns: MEDIA_FILTERS, query: alertMediaFiguresQuery },
  consent_refusal_rate: {
    key: 'consent_refusal_rate',
    label: 'Percentatge que ho rebutja tot (consentiment)',
    format: 'percent',
    step: 'day',
    filterColumns: {},
    query: () => ALERT_CONSENT_FIGURES_QUERY,
  },
};

/** The figures as the console lists them. */
export const alertFigureList = () =>
  ALERT_FIGURE_KEYS.map((key) => {
    const figure = ALERT_FIGURES[key];
    return { key, label: figure.label, format: figure.format, step: figure.step, filters: Object.keys(figure.filterColumns) as ReportFilterDimension[] };
  });
