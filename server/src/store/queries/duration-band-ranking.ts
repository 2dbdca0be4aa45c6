/**
 * The visits per duration band (reports/visit-duration-report.ts; store/visit-duration.ts names
 * the bands): over the visits, the band worked out from each engine's own columns, and unfiltered
 * over their `duration_band` visit cells (store/duckdb/report-cells.ts). A continued visit that
 * changed band leaves its visitor in the old band's sketch, so the rows' visitors come from the
 * closed visits' band cells and the open visits (duckdb/report-facts-schema.ts
 * duration_band_sketches); the sums and the total's visitors (every band's sketches together) are
 * the `duration_band` cells'.
 */
import { VISIT_DURATION_MS, visitDurationBandSql } from '../visit-duration.js';
import type { RankingSources } from './ranking.js';
import { visitCellsSpec, visitsSpec } from './visit-rankings.js';

const BAND_SQL = { duckdb: visitDurationBandSql(VISIT_DURATION_MS.duckdb), clickhouse: visitDurationBandSql(VISIT_DURATION_MS.clickhouse) };

export const DURATION_BAND_RANKING: RankingSources = {
  spec: () => ({ ...visitsSpec(BAND_SQL.duckdb), clickhouse: visitsSpec(BAND_SQL.clickhouse).clickhouse }),
  rollup: () => ({ ...visitCellsSpec('duration_band'), visitorsFrom: { table: 'duration_band_sketches', key: 'value', visitors: 'sketch' } }),
};
