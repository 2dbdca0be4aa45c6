/**
 * Durada de les visites: how long visits last, from their first page view to their last
 * (store/visit-duration.ts: a one-page visit lasts 0 s), as rows of fixed bands, shortest first.
 * Every band is a row even when no visit fell in it: a distribution read as bars would shift if
 * an empty band were left out, and a 0 tells "none" apart from a band hidden by the minimum cohort.
 */
import { VISIT_METRICS } from './visit-metrics.js';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import type { RankingSources } from '../store/queries/ranking.js';
import { visitCellsSpec, visitsSpec } from '../store/queries/visit-rankings.js';
import { VISIT_DURATION_BANDS, VISIT_DURATION_MS, visitDurationBandSql } from '../store/visit-duration.js';

const BAND_SQL = { duckdb: visitDurationBandSql(VISIT_DURATION_MS.duckdb), clickhouse: visitDurationBandSql(VISIT_DURATION_MS.clickhouse) };

/**
 * The bands over the visits, and unfiltered over their `duration_band` visit cells
 * (store/duckdb/report-cells.ts). A continued visit that changed band leaves its visitor in the
 * old band's sketch, so the cells' rows count their visitors from the visits; their sums and the
 * total's visitors (every band's sketches together) stay exact.
 */
const DURATION_RANKING: RankingSources = {
  spec: () => ({ ...visitsSpec(BAND_SQL.duckdb), clickhouse: visitsSpec(BAND_SQL.clickhouse).clickhouse }),
  rollup: () => ({ ...visitCellsSpec('duration_band'), visitorsFrom: { table: 'visits', key: BAND_SQL.duckdb, visitors: 'approximate' } }),
};

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
  ...DURATION_RANKING,
});
