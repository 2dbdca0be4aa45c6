/**
 * Cerca interna: what visitors searched for (keywords lower-cased and trimmed, so "Temps" and
 * "temps " are one), how many results they got, the searches that found nothing, and searches per
 * visit by day. A search is a page view of the search page with keywords (spec §2, `cercador`):
 * every other page sends §5's default 'No Informat' as its keywords, which is no search
 * (store/search-keywords-sql.ts, applied where the report tables are made).
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';

/** Stored lower-cased and trimmed (store/duckdb/report-facts-load.ts), so "Temps" and "temps " are one. */
const KEYWORD = 'search_keywords';
const RESULTS = `TRY_CAST(search_results AS DOUBLE)`;
const RESULTS_CLICKHOUSE = 'toFloat64OrNull(search_results)';
/** Every row of `searches` has keywords other than the default; the condition states it for the reader and costs nothing. */
const HAS_KEYWORDS = ' AND search_keywords IS NOT NULL';

const KEYWORD_METRICS: ReportMetric[] = [
  { key: 'searches', label: 'Cerques', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  { key: 'average_results', label: 'Resultats de mitjana', format: 'ratio' },
  { key: 'zero_share', label: 'Sense resultats', format: 'percent' },
];
const keywordSql = (results: string) => ({
  searches: 'count(*)',
  average_results: `avg(${results})`,
  zero_share: `avg(CASE WHEN ${results} = 0 THEN 1.0 ELSE 0.0 END)`,
});
const KEYWORD_SQL = keywordSql(RESULTS);
const PER_VISIT_SQL = { searches: 'sum(searches)', searching_visits: 'count(*)', searches_per_visit: 'sum(searches) / count(*)' };
/** A sum of no rows is NULL on ClickHouse too when summed as nullable, as in DuckDB. */
const PER_VISIT_CLICKHOUSE_SQL = { ...PER_VISIT_SQL, searches: 'sum(toNullable(searches))' };

export const SEARCH_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'search/keywords',
    area: 'search',
    title: 'Paraules cercades',
    dimension: { key: 'keywords', label: 'Paraules' },
    metrics: KEYWORD_METRICS,
    spec: () => ({
      table: 'searches',
      key: KEYWORD,
      where: HAS_KEYWORDS,
      metrics: KEYWORD_SQL,
      order: 'searches',
      clickhouse: { table: 'searches', key: KEYWORD, where: HAS_KEYWORDS, metrics: keywordSql(RESULTS_CLICKHOUSE) },
    }),
  }),
  rankingReport({
    report: 'search/zero-results',
    area: 'search',
    title: 'Cerques sense resultats',
    dimension: { key: 'keywords', label: 'Paraules' },
    metrics: [
      { key: 'searches', label: 'Cerques', format: 'count' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
    ],
    spec: () => ({
      table: 'searches',
      key: KEYWORD,
      where: `${HAS_KEYWORDS} AND ${RESULTS} = 0`,
      metrics: { searches: 'count(*)' },
      order: 'searches',
      clickhouse: { table: 'searches', key: KEYWORD, where: `${HAS_KEYWORDS} AND ${RESULTS_CLICKHOUSE} = 0`, metrics: { searches: 'count()' } },
    }),
  }),
  rankingReport({
    report: 'search/per-visit',
    area: 'search',
    title: 'Cerques per visita',
    dimension: { key: 'day', label: 'Dia' },
    byDay: true,
    metrics: [
      { key: 'searches', label: 'Cerques', format: 'count' },
      { key: 'searching_visits', label: 'Visites amb cerca', format: 'count' },
      { key: 'searches_per_visit', label: 'Cerques per visita amb cerca', format: 'ratio' },
      { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
    ],
    note: 'Compta les visites que han fet almenys una cerca.',
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
  }),
];
