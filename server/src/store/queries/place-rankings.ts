/**
 * The geography rankings (reports/geography-reports.ts): the visits of one place column (country,
 * region, province, city: store/visit-attributes.ts), within the parent place a report parameter
 * names (`$p_<parent>`) or over every parent without it; over the visits, and unfiltered over the
 * visit cells, whose parent is the visit's parent place (store/duckdb/report-cells.ts). The same
 * text on both engines (visit-rankings.ts writes each).
 */
import type { RankingSources } from './ranking.js';
import { visitCellsSpec, visitsSpec } from './visit-rankings.js';

/** `column`'s ranking, narrowed to the parent place `$p_<parent>` when the request gives it. */
export function placeRanking(column: string, parent?: string): RankingSources {
  const within = (params: Readonly<Record<string, string>>, sql: string) => (parent === undefined || params[parent] === undefined ? '' : ` AND ${sql} = $p_${parent}`);
  return {
    spec: (params) => visitsSpec(column, within(params, parent ?? '')),
    rollup: (params) => visitCellsSpec(column, within(params, 'parent')),
  };
}
