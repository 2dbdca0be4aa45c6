/**
 * Audience over time, from `visits`: page views, visits, visitors, pages per visit and bounce
 * rate per day or per hour of the day, and the same over the whole range. Filters select visits
 * by their entry page and the visit's own attributes. DuckDB and ClickHouse variants side by side.
 */
import type { EngineQuery } from '../../store/analytics-reader.js';
import { IN_RANGE } from './report-table.js';

export type AudienceStep = 'day' | 'hour';

const METRICS = {
  duckdb: `sum(page_views) AS page_views, count(*) AS visits, approx_count_distinct(visitor_key) AS visitors,
    sum(page_views) / nullif(count(*), 0) AS pages_per_visit, avg(CASE WHEN page_views = 1 THEN 1.0 ELSE 0.0 END) AS bounce_rate`,
  clickhouse: `sum(page_views) AS page_views, count() AS visits, uniq(visitor_key) AS visitors,
    sum(page_views) / nullIf(count(), 0) AS pages_per_visit, avg(if(page_views = 1, 1.0, 0.0)) AS bounce_rate`,
};

const STEP_KEY: Record<AudienceStep, { duckdb: string; clickhouse: string }> = {
  day: { duckdb: `strftime(day, '%Y-%m-%d')`, clickhouse: `toString(day)` },
  hour: { duckdb: `lpad(CAST(hour AS VARCHAR), 2, '0')`, clickhouse: `leftPad(toString(hour), 2, '0')` },
};

export function audienceSeriesQuery(step: AudienceStep, filters: string): EngineQuery {
  return {
    name: `audience by ${step}`,
    duckdb: `SELECT ${STEP_KEY[step].duckdb} AS key, ${METRICS.duckdb} FROM visits WHERE ${IN_RANGE} ${filters} GROUP BY 1 ORDER BY 1`,
    clickhouse: `SELECT ${STEP_KEY[step].clickhouse} AS key, ${METRICS.clickhouse} FROM visits WHERE ${IN_RANGE} ${filters} GROUP BY key ORDER BY key`,
  };
}

export function audienceTotalsQuery(filters: string): EngineQuery {
  return {
    name: 'audience totals',
    duckdb: `SELECT ${METRICS.duckdb} FROM visits WHERE ${IN_RANGE} ${filters}`,
    clickhouse: `SELECT ${METRICS.clickhouse} FROM visits WHERE ${IN_RANGE} ${filters}`,
  };
}
