/**
 * The visits rankings (acquisition-reports.ts, technology-reports.ts): visits, page views, bounce
 * rate and average duration (store/visit-duration.ts) per value of one visit column, over `visits`, and the same over visit_cells
 * (store/duckdb/report-cells.ts) when no filter is asked: one dimension's cells grouped by their
 * value, the metrics as sums of the cells and the visitors from their sketches. Only the dimension
 * names of report-cells.ts VISIT_DIMENSIONS are passed to visitCellsSpec.
 */
import { informedSql } from '../not-informed-sql.js';
import { MS_PER_SECOND, VISIT_DURATION_MS } from '../visit-duration.js';
import type { RankingSources, RankingSpec } from './ranking.js';
import type { PageRankingSources } from './page-rankings.js';

const VISIT_SQL = {
  visits: 'count(*)',
  page_views: 'sum(page_views)',
  bounce_rate: 'avg(CASE WHEN page_views = 1 THEN 1.0 ELSE 0.0 END)',
  avg_duration: `sum(${VISIT_DURATION_MS.duckdb}) / nullif(count(*), 0) / ${MS_PER_SECOND}`,
};
/**
 * The same on ClickHouse (store/clickhouse/report-facts-sql.ts computes visits as it reads): a sum
 * of no rows is NULL there too, as in DuckDB, when summed as nullable (avg of none would be nan).
 */
const VISIT_SQL_CLICKHOUSE = {
  ...VISIT_SQL,
  page_views: 'sum(toNullable(page_views))',
  avg_duration: `sum(toNullable(${VISIT_DURATION_MS.clickhouse})) / nullIf(count(), 0) / ${MS_PER_SECOND}`,
};

/** Visits grouped by `key` (SQL over a visit), narrowed by `where`, on both engines. */
export function visitsSpec(key: string, where = ''): RankingSpec {
  return { table: 'visits', key, metrics: VISIT_SQL, order: 'visits', where, clickhouse: { table: 'visits', key, metrics: VISIT_SQL_CLICKHOUSE, where } };
}

/** A visit column's ranking, over the visits and, unfiltered, over its visit cells (`dimension`). */
export function visitRanking(key: string, dimension: string): RankingSources {
  return { spec: () => visitsSpec(key), rollup: () => visitCellsSpec(dimension) };
}

/** External campaigns, case-insensitive (spec §7 `ext`): each spelling of a campaign is one row. */
export const CAMPAIGN_RANKING: RankingSources = visitRanking('lower(campaign)', 'campaign');

/** The referring sites, of one referrer group (`$p_group`) or of all but direct visits. */
export const REFERRER_RANKING: RankingSources = {
  spec: (params) => visitsSpec('referrer_host', params.group === undefined ? ` AND referrer_group <> 'directe'` : ` AND referrer_group = $p_group`),
  rollup: (params) => visitCellsSpec('referrer', params.group === undefined ? ` AND parent <> 'directe'` : ` AND parent = $p_group`),
};

/** The page views that carried an internal campaign (spec §5's default is none). */
const WITH_INTERNAL_CAMPAIGN = ` AND ${informedSql('internal_campaign')}`;

/** Internal campaigns, per page view (spec §7 `int`), from the page cells. */
export const INTERNAL_CAMPAIGN_RANKING: PageRankingSources = {
  spec: () => ({
    table: 'page_cells',
    key: 'internal_campaign',
    // A page view without `int` carries the data layer's default, which is no campaign.
    where: WITH_INTERNAL_CAMPAIGN,
    metrics: { page_views: 'sum(page_views)' },
    order: 'page_views',
    visitors: 'cells',
    // A sum of no cells is NULL in DuckDB: nullIf keeps an empty range's total alike.
    // Each event id once among the page views as stored (report-facts-sql.ts page_hits).
    clickhouse: { table: 'page_hits', key: 'internal_campaign', where: WITH_INTERNAL_CAMPAIGN, metrics: { page_views: 'nullIf(uniqExact(event_key), 0)' } },
  }),
  // A place filter: the page cells keep no place (report-table.ts ROWS_ONLY_FILTERS).
  rows: () => ({ table: 'page_views', key: 'internal_campaign', where: WITH_INTERNAL_CAMPAIGN, metrics: { page_views: 'nullif(count(*), 0)' }, order: 'page_views' }),
};

/** Visits, page views, bounce rate and average duration as the visits rankings show them, from cells. */
export const VISIT_CELL_METRICS = {
  visits: 'sum(visits)',
  page_views: 'sum(page_views)',
  bounce_rate: 'sum(bounces) / nullif(sum(visits), 0)',
  avg_duration: `sum(duration_ms) / nullif(sum(visits), 0) / ${MS_PER_SECOND}`,
} as const;

export function visitCellsSpec(dimension: string, where = ''): RankingSpec {
  return {
    table: 'visit_cells',
    key: 'value',
    where: ` AND dimension = '${dimension}'${where}`,
    metrics: VISIT_CELL_METRICS,
    order: 'visits',
    visitors: 'sketch',
    // A visit a later load continued is taken out of its old cells: a value it left has no visits,
    // and is no row (ClickHouse, reading the visits, has none), not a row of 0 visitors to hide.
    having: 'sum(visits) > 0',
  };
}
