/**
 * A visits ranking over visit_cells (store/duckdb/report-cells.ts): one dimension's cells grouped
 * by their value, with the visits rankings' metrics as sums of the cells and the visitors from
 * their sketches. Only the dimension names of report-cells.ts VISIT_DIMENSIONS are passed here.
 */
import type { RankingSpec } from './ranking.js';

/** Visits, page views and bounce rate as the visits rankings show them, from cells. */
export const VISIT_CELL_METRICS = {
  visits: 'sum(visits)',
  page_views: 'sum(page_views)',
  bounce_rate: 'sum(bounces) / nullif(sum(visits), 0)',
} as const;

export function visitCellsSpec(dimension: string, where = ''): RankingSpec {
  return {
    table: 'visit_cells',
    key: 'value',
    where: ` AND dimension = '${dimension}'${where}`,
    metrics: VISIT_CELL_METRICS,
    order: 'visits',
    visitors: 'sketch',
  };
}
