/**
 * The visits per duration band (reports/visit-duration-report.ts; store/visit-duration.ts names
 * the bands): over the visits, the band worked out from each engine's own columns, and unfiltered
 * over their `duration_band` visit cells (store/duckdb/report-cells.ts). A continued visit that
 * changed band leaves its visitor in the old band's sketch, so the cells' rows count their visitors
 * from the visits; their sums and the total's visitors (every band's sketches together) stay exact.
 */
import { VISIT_DURATION_MS, visitDurationBandSql } from '../visit-duration.js';
import type { RankingSources } from './ranking.js';
import { visitCellsSpec, visitsSpec } from './visit-rankings.js';

const BAND_SQL = { duckdb: visitDurationBandSql(VISIT_DURATION_MS.duckdb), clickhouse: visitDurationBandSql(VISIT_DURATION_MS.clickhouse) };

export const DURATION_BAND_RANKING: RankingSources = {
  spec: () => ({ ...visitsSpec(BAND_SQL.duckdb), clickhouse: visitsSpec(BAND_SQL.clickhouse).clickhouse }),
  rollup: () => ({ ...visitCellsSpec('duration_band'), visitorsFrom: { table: 'visits', key: BAND_SQL.duckdb, visitors: 'approximate' } }),
};
