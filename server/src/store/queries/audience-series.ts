/**
 * Audience over time, from `visits`: page views, visits, visitors, pages per visit, bounce rate
 * and average visit duration (store/visit-duration.ts) per day or per hour of the day, and the same over the whole range. Filters select visits
 * by their entry page and the visit's own attributes. ClickHouse has no roll-ups: both queries
 * read its visits (store/clickhouse/report-facts-sql.ts) there.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { CLICKHOUSE_FACTS, CLICKHOUSE_IN_RANGE } from '../clickhouse/report-facts-sql.js';
import { IN_RANGE } from './report-table.js';
import { sketchVisitorsSql } from './visitor-sketch.js';
import { MS_PER_SECOND, VISIT_DURATION_MS } from '../visit-duration.js';

export type AudienceStep = 'day' | 'hour';

const METRICS = {
  duckdb: `sum(page_views) AS page_views, count(*) AS visits, approx_count_distinct(visitor_key) AS visitors,
    sum(page_views) / nullif(count(*), 0) AS pages_per_visit, avg(CASE WHEN page_views = 1 THEN 1.0 ELSE 0.0 END) AS bounce_rate,
    sum(${VISIT_DURATION_MS.duckdb}) / nullif(count(*), 0) / ${MS_PER_SECOND} AS avg_duration`,
};

/** The step's column, and its text as the answer keys it (made once per step, not once per row: strftime per row cost more than the whole count). */
const STEP_KEY: Record<AudienceStep, { column: string; duckdb: string }> = {
  day: { column: 'day', duckdb: `strftime(day, '%Y-%m-%d')` },
  hour: { column: 'hour', duckdb: `lpad(CAST(hour AS VARCHAR), 2, '0')` },
};

/**
 * One scan gives every step and the range's total (the grouping set `()`, whose key is null):
 * counting distinct visitors is what costs, so it is not done twice.
 */
export function audienceSeriesQuery(step: AudienceStep, filters: string): EngineQuery {
  return {
    name: `audience by ${step}`,
    duckdb: `SELECT CASE WHEN ${STEP_KEY[step].column} IS NOT NULL THEN ${STEP_KEY[step].duckdb} END AS key, * EXCLUDE (${STEP_KEY[step].column})
      FROM (SELECT ${STEP_KEY[step].column}, ${METRICS.duckdb} FROM visits WHERE ${IN_RANGE} ${filters}
        GROUP BY GROUPING SETS ((${STEP_KEY[step].column}), ()))
      ORDER BY key NULLS LAST`,
    clickhouse: clickhouseSeries(step, filters),
  };
}

/** The step's text on ClickHouse (18.16 has no lpad). */
const CLICKHOUSE_STEP_KEY: Record<AudienceStep, string> = {
  day: 'toString(day)',
  hour: "if(hour < 10, concat('0', toString(hour)), toString(hour))",
};

/**
 * Every step and the range's total (key NULL), as audienceSeriesQuery's DuckDB text, in one read
 * of the visits: 18.16 has no GROUPING SETS, so the steps are gathered into an array with the
 * total appended (its visitors merged from the steps' uniq states) and unrolled. Sums of no rows
 * are NULL (summed as nullable), as in DuckDB. `uniq` counts visitors exactly up to 65,536 and
 * within about 2 % above (DuckDB: approx_count_distinct, or the cells' sketches, about 6 %).
 */
function clickhouseSeries(step: AudienceStep, filters: string): string {
  const steps = `SELECT toNullable(${CLICKHOUSE_STEP_KEY[step]}) AS step_key, sum(toNullable(page_views)) AS m_page_views, count() AS m_visits,
      uniq(visitor_key) AS m_visitors, uniqState(visitor_key) AS m_visitor_state, countIf(page_views = 1) AS m_bounces,
      sum(${VISIT_DURATION_MS.clickhouse}) AS m_duration_ms
    FROM ${CLICKHOUSE_FACTS.visits} WHERE ${CLICKHOUSE_IN_RANGE} ${filters} GROUP BY step_key`;
  const ratios = (pages: string, visits: string, bounces: string, durationMs: string) =>
    `${pages} / nullif(${visits}, 0), ${bounces} / nullif(${visits}, 0), ${durationMs} / nullif(${visits}, 0) / ${MS_PER_SECOND}`;
  return `SELECT tupleElement(s, 1) AS key, tupleElement(s, 2) AS page_views, tupleElement(s, 3) AS visits, tupleElement(s, 4) AS visitors,
      tupleElement(s, 5) AS pages_per_visit, tupleElement(s, 6) AS bounce_rate, tupleElement(s, 7) AS avg_duration
    FROM (SELECT arrayPushBack(
        groupArray((step_key, m_page_views, m_visits, m_visitors, ${ratios('m_page_views', 'm_visits', 'm_bounces', 'm_duration_ms')})),
        (CAST(NULL AS Nullable(String)), sum(m_page_views), sum(m_visits), uniqMerge(m_visitor_state),
          ${ratios('sum(m_page_views)', 'sum(m_visits)', 'sum(m_bounces)', 'sum(m_duration_ms)')})) AS all_steps
      FROM (${steps}))
    ARRAY JOIN all_steps AS s`;
}

/** Each step's cells in visit_cells (store/duckdb/report-cells.ts): days of `all`, hours of `hour`; its text over the sums `s`. */
const CELL_STEP: Record<AudienceStep, { dimension: string; column: string; duckdb: string }> = {
  day: { dimension: 'all', column: 'day', duckdb: `strftime(s.day, '%Y-%m-%d')` },
  hour: { dimension: 'hour', column: 'value', duckdb: 's.value' },
};

/**
 * The whole range's visitors: every visit has a day and an hour, so the days' `all` cells hold the
 * same smallest visitor keys as the range's hour cells, in a 24th of the rows.
 */
const RANGE_CELLS = `${IN_RANGE} AND dimension = 'all'`;

/**
 * The same series without filters, from the visit cells (a few hundred rows, not every visit):
 * the sums are exact, the visitors of each step and of the range come from the cells' sketches.
 */
export function audienceCellsQuery(step: AudienceStep): EngineQuery {
  const { dimension, column, duckdb } = CELL_STEP[step];
  const cells = `${IN_RANGE} AND dimension = '${dimension}'`;
  return {
    name: `audience by ${step} from cells`,
    duckdb: `WITH sums AS (
        SELECT ${column}, sum(page_views) AS page_views, sum(visits) AS visits,
          sum(page_views) / nullif(sum(visits), 0) AS pages_per_visit, sum(bounces) / nullif(sum(visits), 0) AS bounce_rate,
          sum(duration_ms) / nullif(sum(visits), 0) / ${MS_PER_SECOND} AS avg_duration
        FROM visit_cells WHERE ${cells} GROUP BY GROUPING SETS ((${column}), ())),
      step_visitors AS (${sketchVisitorsSql('visit_cells', cells, column)}),
      range_visitors AS (${sketchVisitorsSql('visit_cells', RANGE_CELLS)})
      SELECT CASE WHEN s.${column} IS NOT NULL THEN ${duckdb} END AS key, s.* EXCLUDE (${column}),
        CASE WHEN s.${column} IS NULL THEN (SELECT visitors FROM range_visitors) ELSE v.visitors END AS visitors
      FROM sums s LEFT JOIN step_visitors v ON v.row_key = s.${column}
      ORDER BY key NULLS LAST`,
    clickhouse: clickhouseSeries(step, ''),
  };
}
