/**
 * The ranking query: rows grouped by one key, most first, one page of them with how many there
 * are in all, plus the totals of the whole filtered range. Each report names its key, label, link
 * and metrics as fixed SQL over its table (never request text); filters and values are bound.
 * DuckDB and ClickHouse variants side by side.
 */
import type { EngineQuery } from '../../store/analytics-reader.js';
import { IN_RANGE, type ReportTable } from './report-table.js';

export interface RankingSpec {
  table: ReportTable;
  /** SQL of the row key (a column or an expression of the table). */
  key: string;
  /** SQL of what a person reads (an aggregate: `any_value(title)`); the key when absent. */
  label?: string;
  /** SQL of the row's link (an aggregate); none when absent. */
  href?: string;
  /** Extra fixed condition (`AND hit_type = 'link_d'`), after the range and before the filters. */
  where?: string;
  /** Metric key → aggregate SQL. */
  metrics: Readonly<Record<string, string>>;
  /** The metric the rows are ranked by. */
  order: string;
  /**
   * How a row's distinct visitors are counted (every row needs them, for the minimum cohort):
   * `approximate` over the table's visitor_key (default); `cells` from page_cells' smallest visitor
   * keys, exact below CELL_VISITOR_KEYS and "at least" above (enough for the cohort, not shown).
   */
  visitors?: 'approximate' | 'cells';
}

const VISITORS = {
  approximate: { duckdb: 'approx_count_distinct(visitor_key)', clickhouse: 'uniq(visitor_key)' },
  cells: { duckdb: 'len(list_distinct(flatten(list(lowest_visitor_keys))))', clickhouse: 'length(groupUniqArrayArray(lowest_visitor_keys))' },
};

/** `filters`: the filter-sql.ts conditions; `restricted`: only keys in the JSON list $keys (a comparison's rows). */
export function rankingRowsQuery(name: string, spec: RankingSpec, filters: string, restricted: boolean): EngineQuery {
  const metrics = (engine: 'duckdb' | 'clickhouse') =>
    [...Object.entries(spec.metrics).map(([key, sql]) => `${sql} AS ${key}`), `${VISITORS[spec.visitors ?? 'approximate'][engine]} AS visitors`].join(', ');
  const where = `${IN_RANGE} ${spec.where ?? ''} AND (${spec.key}) IS NOT NULL ${filters}`;
  const only = restricted ? ` AND CAST(${spec.key} AS VARCHAR) IN (SELECT unnest(CAST(json($keys) AS VARCHAR[])))` : '';
  const label = spec.label ?? 'any_value(key_text)';
  const duckdb = `WITH grouped AS (
      SELECT CAST(${spec.key} AS VARCHAR) AS key_text, ${metrics('duckdb')}${spec.href ? `, ${spec.href} AS href` : ''}, ${label === 'any_value(key_text)' ? 'NULL' : label} AS label
      FROM ${spec.table} WHERE ${where}${only} GROUP BY 1)
    SELECT *, count(*) OVER () AS total_rows FROM grouped
    ORDER BY ${spec.order} DESC, key_text LIMIT CAST($limit AS BIGINT) OFFSET CAST($offset AS BIGINT)`;
  return { name, duckdb };
}

export function rankingTotalsQuery(name: string, spec: RankingSpec, filters: string): EngineQuery {
  const metrics = Object.entries(spec.metrics).map(([key, sql]) => `${sql} AS ${key}`).join(', ');
  const where = `${IN_RANGE} ${spec.where ?? ''} AND (${spec.key}) IS NOT NULL ${filters}`;
  return {
    name: `${name} totals`,
    duckdb: `SELECT ${metrics}, ${VISITORS[spec.visitors ?? 'approximate'].duckdb} AS visitors FROM ${spec.table} WHERE ${where}`,
  };
}
