/**
 * The rankings of search-reports.ts: keywords over `searches` (the page views with keywords other
 * than the default), and searches per visit over `visits` or, unfiltered, the visit cells of
 * visits with a search (store/duckdb/report-cells.ts `searching`).
 */
import type { RankingSources } from './ranking.js';

/** Stored lower-cased and trimmed (store/duckdb/report-facts-load.ts), so "Temps" and "temps " are one. */
const KEYWORD = 'search_keywords';
const RESULTS = `TRY_CAST(search_results AS DOUBLE)`;
const RESULTS_CLICKHOUSE = 'toFloat64OrNull(search_results)';
/** Every row of `searches` has keywords other than the default; the condition states it for the reader and costs nothing. */
const HAS_KEYWORDS = ' AND search_keywords IS NOT NULL';

const keywordSql = (results: string) => ({
  searches: 'count(*)',
  average_results: `avg(${results})`,
  zero_share: `avg(CASE WHEN ${results} = 0 THEN 1.0 ELSE 0.0 END)`,
});
const KEYWORD_SQL = keywordSql(RESULTS);
const PER_VISIT_SQL = { searches: 'sum(searches)', searching_visits: 'count(*)', searches_per_visit: 'sum(searches) / count(*)' };
/** A sum of no rows is NULL on ClickHouse too when summed as nullable, as in DuckDB. */
const PER_VISIT_CLICKHOUSE_SQL = { ...PER_VISIT_SQL, searches: 'sum(toNullable(searches))' };

/** Searches, visitors, mean results and the share without results, per keywords. */
export const KEYWORDS_RANKING: RankingSources = {
  spec: () => ({
    table: 'searches',
    key: KEYWORD,
    where: HAS_KEYWORDS,
    metrics: KEYWORD_SQL,
    order: 'searches',
    clickhouse: { table: 'searches', key: KEYWORD, where: HAS_KEYWORDS, metrics: keywordSql(RESULTS_CLICKHOUSE) },
  }),
};

/** The keywords that found nothing. */
export const ZERO_RESULTS_RANKING: RankingSources = {
  spec: () => ({
    table: 'searches',
    key: KEYWORD,
    where: `${HAS_KEYWORDS} AND ${RESULTS} = 0`,
    metrics: { searches: 'count(*)' },
    order: 'searches',
    clickhouse: { table: 'searches', key: KEYWORD, where: `${HAS_KEYWORDS} AND ${RESULTS_CLICKHOUSE} = 0`, metrics: { searches: 'count()' } },
  }),
};

/** Searches and visits with a search, per day. */
export const PER_VISIT_RANKING: RankingSources = {
  spec: () => ({
    table: 'visits',
    key: 'day',
    where: ' AND searches > 0',
    metrics: PER_VISIT_SQL,
    order: 'searches',
    clickhouse: { table: 'visits', key: 'day', where: ' AND searches > 0', metrics: PER_VISIT_CLICKHOUSE_SQL },
  }),
  rollup: () => ({
    table: 'visit_cells',
    key: 'day',
    where: ` AND dimension = 'searching'`,
    metrics: { searches: 'sum(searches)', searching_visits: 'sum(visits)', searches_per_visit: 'sum(searches) / sum(visits)' },
    order: 'searches',
    visitors: 'sketch',
  }),
};
