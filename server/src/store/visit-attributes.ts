/**
 * What a visit takes from its entry page beside the filter dimensions: the technology it came
 * with. Each attribute is written once, here: the visits column (also the visit cells' dimension)
 * and the hits column its entry page's value is read from; all are text, nullable, on both
 * engines. Made from VISIT_ATTRIBUTES: the DuckDB visits tables (duckdb/visits-tables.ts), their
 * load (duckdb/report-facts-load.ts) and the visit cells (duckdb/report-cells.ts); ClickHouse's
 * visits as reports read them (clickhouse/report-facts-sql.ts) and their day roll-up
 * (clickhouse/visit-rollup-table.ts). The rankings that show them are reports/technology-reports.ts.
 *
 * Adding one from a hits column is an entry here and its ranking there (docs/recipes.md). A data
 * folder whose visits lack it has its report tables made again from the raw rows at start
 * (duckdb/report-extent.ts), and a ClickHouse roll-up without it is dropped and built again
 * (clickhouse/day-rollup.ts remakeChangedDayRollup), so old visits get the value too.
 */
export interface VisitAttribute {
  /** The visits column, and the dimension of its visit cells. */
  column: string;
  /** The hits column the entry page's value comes from (hits-schema.ts, or a site variable's). */
  hitColumn: string;
  /** The console area whose rankings show it: technology-reports.ts or geography-reports.ts. */
  area: 'technology' | 'geography';
  /** The attribute it lies within (a region within its country), kept as its visit cells' parent to rank it within one. */
  parent?: string;
}

export const VISIT_ATTRIBUTES = [
  { column: 'browser', hitColumn: 'browser_name', area: 'technology' },
  { column: 'os', hitColumn: 'os_name', area: 'technology' },
  /** The data layer's viewport class (its screen size). */
  { column: 'viewport', hitColumn: 'viewport', area: 'technology' },
  /** Where the visit came from, as ingest/steps/geolocate.ts placed its address (the address itself is never kept). */
  { column: 'country', hitColumn: 'geo_country', area: 'geography' },
  { column: 'region', hitColumn: 'geo_region', area: 'geography', parent: 'country' },
  { column: 'province', hitColumn: 'geo_province', area: 'geography', parent: 'region' },
  { column: 'city', hitColumn: 'geo_city', area: 'geography', parent: 'region' },
] as const satisfies readonly VisitAttribute[];

export type VisitAttributeColumn = (typeof VISIT_ATTRIBUTES)[number]['column'];
/** The attributes of one console area. */
export type AreaAttributeColumn<Area extends VisitAttribute['area']> = Extract<(typeof VISIT_ATTRIBUTES)[number], { area: Area }>['column'];
