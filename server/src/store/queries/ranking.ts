/**
 * The ranking queries: rows grouped by one key, most first, one page of them with how many there
 * are in all (phase one: sums and counts only, cheap), then the distinct visitors of just that
 * page's rows (phase two), and the totals of the whole filtered range. Counting distinct visitors
 * is what costs, so it is done for the rows shown, not for every key. Each report names its key,
 * label, link and metrics as fixed SQL over its table (never request text); filters and values are
 * bound. Each query has a DuckDB text, over the spec's table (a report table or a roll-up), and a
 * ClickHouse text when the spec has a `clickhouse` part, over the report tables that
 * store/clickhouse/report-facts-sql.ts computes as it reads, or, for the visitors and labels of an
 * unfiltered page ranking, over the cells a materialized view keeps (page-view-cells.ts).
 */
import type { EngineQuery } from '../analytics-reader.js';
import { CLICKHOUSE_FACTS, CLICKHOUSE_IN_RANGE, type ClickHouseFactTable } from '../clickhouse/report-facts-sql.js';
import { IN_RANGE, type ReportTable } from './report-table.js';
import { sketchVisitorsSql } from './visitor-sketch.js';

/** A ranking report's SQL (ranking-report.ts): its spec for the report's parameters and, optionally, the same over roll-up cells for when no filter is asked. */
export interface RankingSources {
  spec: (params: Readonly<Record<string, string>>) => RankingSpec;
  rollup?: (params: Readonly<Record<string, string>>) => RankingSpec;
}

/**
 * A table a report works out as it reads, from the report tables (a page's transitions,
 * page-transitions.ts): its SQL, with the columns the range and the filters name (report_suite,
 * day, is_bot, visitor_key and FACT_FILTER_COLUMNS'), bound like the report's own conditions.
 */
export interface DerivedTable {
  /** What the subquery is called in the query that reads it. */
  name: string;
  sql: string;
}

/** The FROM text of a spec's table: a report table's name, or a derived table's subquery. */
const fromOf = (table: ReportTable | DerivedTable): string => (typeof table === 'string' ? table : `(${table.sql}) AS ${table.name}`);

export interface RankingSpec {
  table: ReportTable | DerivedTable;
  /** SQL of the row key (a column or an expression of the table). */
  key: string;
  /**
   * SQL of what a person reads (an aggregate: `min(programme_name)`); the key when absent. A
   * deterministic one (`min`, not `any_value`), so that both engines and every run show the same.
   */
  label?: string;
  /** SQL of the row's link (an aggregate); none when absent. */
  href?: string;
  /** Extra fixed condition (`AND hit_type = 'link_d'`), after the range and before the filters. */
  where?: string;
  /** Metric key → aggregate SQL (not `visitors`: phase two counts them). */
  metrics: Readonly<Record<string, string>>;
  /** The metric the rows are ranked by. */
  order: string;
  /**
   * How a row's distinct visitors are counted (every row needs them, for the minimum cohort):
   * `approximate` over the table's visitor_key (default); `cells` from page_cells' smallest visitor
   * keys, exact below CELL_VISITOR_KEYS and "at least" above (enough for the cohort, not shown);
   * `sketch` from visit or link cells' sketches (visitor-sketch.ts).
   */
  visitors?: 'approximate' | 'cells' | 'sketch';
  /** Fixed condition on a row's aggregates (`sum(visits) > 0`): cells that add and take away leave rows of nothing. */
  having?: string;
  /** Where phase two counts the rows' visitors when not in `table` (a roll-up without visitor keys). */
  visitorsFrom?: Pick<RankingSpec, 'table' | 'key' | 'where' | 'visitors'>;
  /** Where the rows' label and link are read when not in `table` (a roll-up whose cells cannot keep them exact). */
  labelsFrom?: Pick<RankingSpec, 'table' | 'key' | 'where' | 'label' | 'href'>;
  /** Where the totals are read when not in `table`: the same metric keys, and their visitors. */
  totalsFrom?: Pick<RankingSpec, 'table' | 'key' | 'where' | 'metrics' | 'visitors'>;
  /** The same ranking on ClickHouse; without it the report answers 501 there. */
  clickhouse?: ClickHouseRanking;
}

/**
 * A ranking in ClickHouse's dialect, over a report table that report-facts-sql.ts computes as it
 * reads (and, for the visitors and labels of an unfiltered ask, the `cells` ClickHouse keeps), with
 * the same metric keys as the DuckDB spec and its `order`. Every row's
 * distinct visitors are `uniq(visitor_key)`: exact up to 65,536 visitors (so the minimum cohort is
 * decided exactly, as DuckDB's cells do), then within about 2 %; DuckDB's approx_count_distinct and
 * cell sketches (report-facts-schema.ts CELL_SKETCH_KEYS, about 6 %) are approximate too.
 */
export interface ClickHouseRanking {
  table: ClickHouseFactTable | DerivedTable;
  key: string;
  label?: string;
  href?: string;
  where?: string;
  metrics: Readonly<Record<string, string>>;
  /**
   * A roll-up ClickHouse keeps (store/clickhouse/page-view-cells.ts, link-cells.ts) whose columns
   * cover `key` and `where`, read when no filter is asked: its `visitors` states answer the rows'
   * and totals' visitors (the same `uniq`), `label`/`href` are given over its columns, and with
   * `metrics` (the same keys over its states) the rows and totals are read there too.
   */
  cells?: { table: 'page_view_cells' | 'link_cells'; label?: string; href?: string; metrics?: Readonly<Record<string, string>> };
}

const CLICKHOUSE_VISITORS = 'uniq(visitor_key)';
const CELL_VISITORS = 'uniqMerge(visitors)';

/** Whether the cells answer this ask: a filter (device, channel…) is not one of their keys. */
function onCells(spec: ClickHouseRanking, filters: string): boolean {
  return spec.cells !== undefined && filters.trim() === '';
}

function clickhouseWhere(spec: ClickHouseRanking, filters: string, restricted: boolean, cells = false): string {
  const only = restricted ? ` AND has($keys:strings, toString(${spec.key}))` : '';
  const table = cells && spec.cells ? spec.cells.table : typeof spec.table === 'string' ? CLICKHOUSE_FACTS[spec.table] : fromOf(spec.table);
  return `${table} WHERE ${CLICKHOUSE_IN_RANGE} ${spec.where ?? ''} AND (${spec.key}) IS NOT NULL ${filters}${only}`;
}

/** The metrics and visitors of the rows and totals, from the cells when they hold them. */
function measuresOf(spec: ClickHouseRanking, filters: string): { metrics: Readonly<Record<string, string>>; visitors: string; cells: boolean } {
  const metrics = onCells(spec, filters) ? spec.cells?.metrics : undefined;
  return metrics ? { metrics, visitors: CELL_VISITORS, cells: true } : { metrics: spec.metrics, visitors: CLICKHOUSE_VISITORS, cells: false };
}

/**
 * Aggregates named `m_<key>` inside and renamed outside: ClickHouse reads `sum(page_views) AS
 * page_views` as an aggregate inside another when the table has a `page_views` column.
 */
function inner(metrics: Readonly<Record<string, string>>): { sums: string; named: string } {
  const keys = Object.keys(metrics);
  return { sums: keys.map((key) => `${metrics[key]} AS m_${key}`).join(', '), named: keys.map((key) => `m_${key} AS ${key}`).join(', ') };
}

function clickhouseRows(spec: ClickHouseRanking, order: string, filters: string, restricted: boolean): string {
  const { metrics, cells } = measuresOf(spec, filters);
  const keys = Object.keys(metrics);
  const { sums } = inner(metrics);
  const named = keys.map((key, i) => `tupleElement(r, ${i + 2}) AS ${key}`).join(', ');
  // 18.16 has no count() OVER (): the groups are gathered into one array, counted, and unrolled
  // again, which reads the table once where counting them apart would read it twice.
  return `SELECT toString(tupleElement(r, 1)) AS key_text, ${named}, total_rows
    FROM (SELECT groupArray((row_key, ${keys.map((key) => `m_${key}`).join(', ')})) AS all_rows, count() AS total_rows
      FROM (SELECT ${spec.key} AS row_key, ${sums} FROM ${clickhouseWhere(spec, filters, restricted, cells)} GROUP BY row_key))
    ARRAY JOIN all_rows AS r
    ORDER BY ${order} DESC, key_text LIMIT $limit OFFSET $offset`;
}

function clickhouseLabels(spec: ClickHouseRanking, filters: string): string | undefined {
  const cells = onCells(spec, filters);
  const labels = cells ? spec.cells : spec;
  const extras = { ...(labels?.href && { href: labels.href }), ...(labels?.label && { label: labels.label }) };
  // A ClickHouse spec without the label or link its DuckDB spec has: no text, so a 501 shows the gap.
  if (Object.keys(extras).length === 0) return undefined;
  const { sums, named } = inner(extras);
  return `SELECT toString(row_key) AS key_text, ${named} FROM (SELECT ${spec.key} AS row_key, ${sums}
    FROM ${clickhouseWhere(spec, filters, true, cells)} GROUP BY row_key)`;
}

function clickhouseVisitors(spec: ClickHouseRanking, filters: string): string {
  const cells = onCells(spec, filters);
  return `SELECT toString(row_key) AS key_text, visitors FROM (SELECT ${spec.key} AS row_key, ${cells ? CELL_VISITORS : CLICKHOUSE_VISITORS} AS visitors
    FROM ${clickhouseWhere(spec, filters, true, cells)} GROUP BY row_key)`;
}

function clickhouseTotals(spec: ClickHouseRanking, filters: string, withVisitors: boolean): string {
  const { metrics, visitors, cells } = measuresOf(spec, filters);
  const { sums, named } = inner(withVisitors ? { ...metrics, visitors } : metrics);
  return `SELECT ${named} FROM (SELECT ${sums} FROM ${clickhouseWhere(spec, filters, false, cells)})`;
}

/** `clickhouse` beside `duckdb` when the spec has a ClickHouse part. */
function withClickHouse(query: EngineQuery, spec: RankingSpec, text: (ch: ClickHouseRanking) => string | undefined): EngineQuery {
  const clickhouse = spec.clickhouse && text(spec.clickhouse);
  return clickhouse === undefined ? query : { ...query, clickhouse };
}

const VISITORS: Record<'approximate' | 'cells', { duckdb: string }> = {
  approximate: { duckdb: 'approx_count_distinct(visitor_key)' },
  cells: { duckdb: 'len(list_distinct(flatten(list(lowest_visitor_keys))))' },
};

/**
 * A lower bound of a page-cell row's distinct visitors that is cheap: its fullest cell's keys are
 * distinct visitors, and a list's length is read without its elements (about 15 times cheaper
 * than counting the distinct smallest keys of every cell, measured on 10 M events). Rows it
 * leaves under the cohort are counted exactly after.
 */
const CELL_VISITORS_AT_LEAST = 'max(len(lowest_visitor_keys))';

function whereOf(spec: RankingSpec, filters: string): string {
  return `${IN_RANGE} ${spec.where ?? ''} AND (${spec.key}) IS NOT NULL ${filters}`;
}

/** Only the keys in the JSON list $keys (a page's rows, or a comparison's). */
const ONLY_KEYS = (key: string) => ` AND CAST(${key} AS VARCHAR) IN (SELECT unnest(CAST(json($keys) AS VARCHAR[])))`;

/**
 * Phase one: the page of rows with their metrics, and `total_rows`; with `restricted`, only $keys.
 * Labels and links are not read here: picking a text for every key costs as much as the sums
 * (measured on 10 M events), so rankingLabelsQuery reads them for the page's rows only.
 */
export function rankingRowsQuery(name: string, spec: RankingSpec, filters: string, restricted: boolean): EngineQuery {
  const metrics = Object.entries(spec.metrics)
    .map(([key, sql]) => `${sql} AS ${key}`)
    .join(', ');
  // Grouped on the key's own type and turned into text after: a cast per row costs more than the group.
  const duckdb = `WITH grouped AS (
      SELECT ${spec.key} AS row_key, ${metrics}
      FROM ${fromOf(spec.table)} WHERE ${whereOf(spec, filters)}${restricted ? ONLY_KEYS(spec.key) : ''} GROUP BY 1
      ${spec.having ? `HAVING ${spec.having}` : ''})
    SELECT CAST(row_key AS VARCHAR) AS key_text, * EXCLUDE (row_key), count(*) OVER () AS total_rows FROM grouped
    ORDER BY ${spec.order} DESC, key_text LIMIT CAST($limit AS BIGINT) OFFSET CAST($offset AS BIGINT)`;
  return withClickHouse({ name, duckdb }, spec, (ch) => clickhouseRows(ch, spec.order, filters, restricted));
}

/** The label and link of the rows whose keys are in $keys; undefined when the spec has neither. */
export function rankingLabelsQuery(name: string, ranking: RankingSpec, filters: string): EngineQuery | undefined {
  const spec = ranking.labelsFrom ? { ...ranking, where: undefined, ...ranking.labelsFrom } : ranking;
  const extras = [spec.href ? `${spec.href} AS href` : '', spec.label ? `${spec.label} AS label` : ''].filter(Boolean);
  if (extras.length === 0) return undefined;
  const duckdb = `SELECT CAST(row_key AS VARCHAR) AS key_text, * EXCLUDE (row_key) FROM (SELECT ${spec.key} AS row_key, ${extras.join(', ')}
      FROM ${fromOf(spec.table)} WHERE ${whereOf(spec, filters)}${ONLY_KEYS(spec.key)} GROUP BY 1)`;
  return withClickHouse({ name: `${name} labels`, duckdb }, ranking, (ch) => clickhouseLabels(ch, filters));
}

/**
 * Phase two: the distinct visitors of the rows whose keys are in $keys; for page cells first a
 * lower bound (`exact` false), then the exact count for the rows the bound leaves under the cohort.
 */
export function rankingVisitorsQuery(name: string, ranking: RankingSpec, filters: string, exact = true): EngineQuery {
  const spec = ranking.visitorsFrom ? { ...ranking, where: undefined, ...ranking.visitorsFrom } : ranking;
  const where = `${whereOf(spec, filters)}${ONLY_KEYS(spec.key)}`;
  const clickhouse = (ch: ClickHouseRanking) => clickhouseVisitors(ch, filters);
  if (spec.visitors === 'sketch') {
    const duckdb = `SELECT CAST(row_key AS VARCHAR) AS key_text, visitors FROM (${sketchVisitorsSql(fromOf(spec.table), where, spec.key)})`;
    return withClickHouse({ name: `${name} visitors`, duckdb }, ranking, clickhouse);
  }
  const visitors = spec.visitors !== 'cells' ? VISITORS.approximate.duckdb : exact ? VISITORS.cells.duckdb : CELL_VISITORS_AT_LEAST;
  const duckdb = `SELECT CAST(row_key AS VARCHAR) AS key_text, visitors FROM (SELECT ${spec.key} AS row_key, ${visitors} AS visitors
      FROM ${fromOf(spec.table)} WHERE ${where} GROUP BY 1)`;
  return withClickHouse({ name: `${name} visitors`, duckdb }, ranking, clickhouse);
}

/**
 * The distinct visitors of the rows whose keys are in $keys, together (one row, `visitors`): the
 * rows the minimum cohort hides, to know whether they may show as one row of others
 * (hidden-rows.ts). Counted as phase two counts a row's, exactly where that can be.
 */
export function rankingUnionVisitorsQuery(name: string, ranking: RankingSpec, filters: string): EngineQuery {
  const spec = ranking.visitorsFrom ? { ...ranking, where: undefined, ...ranking.visitorsFrom } : ranking;
  const where = `${whereOf(spec, filters)}${ONLY_KEYS(spec.key)}`;
  const clickhouse = (ch: ClickHouseRanking) => {
    const cells = onCells(ch, filters);
    const { sums, named } = inner({ visitors: cells ? CELL_VISITORS : CLICKHOUSE_VISITORS });
    return `SELECT ${named} FROM (SELECT ${sums} FROM ${clickhouseWhere(ch, filters, true, cells)})`;
  };
  const duckdb =
    spec.visitors === 'sketch'
      ? sketchVisitorsSql(fromOf(spec.table), where)
      : `SELECT ${VISITORS[spec.visitors === 'cells' ? 'cells' : 'approximate'].duckdb} AS visitors FROM ${fromOf(spec.table)} WHERE ${where}`;
  return withClickHouse({ name: `${name} others' visitors`, duckdb }, ranking, clickhouse);
}

/**
 * The spec with each row's distinct visitors among its metrics, so that phase one counts them: for
 * answers that show every row anyway (a time series, fixed rows), one scan where phase two would
 * read the rows again. Undefined where visitors are not counted over the spec's own table as
 * `approximate` (cells and sketches keep theirs, and `visitorsFrom` reads another table).
 */
export function visitorsInRows(spec: RankingSpec): RankingSpec | undefined {
  if ((spec.visitors ?? 'approximate') !== 'approximate' || spec.visitorsFrom) return undefined;
  const clickhouse = spec.clickhouse && {
    ...spec.clickhouse,
    metrics: { ...spec.clickhouse.metrics, visitors: CLICKHOUSE_VISITORS },
    ...(spec.clickhouse.cells?.metrics && { cells: { ...spec.clickhouse.cells, metrics: { ...spec.clickhouse.cells.metrics, visitors: CELL_VISITORS } } }),
  };
  return { ...spec, metrics: { ...spec.metrics, visitors: VISITORS.approximate.duckdb }, ...(clickhouse && { clickhouse }) };
}

/** The whole filtered range's metrics; its visitors too when `withVisitors`. */
export function rankingTotalsQuery(name: string, ranking: RankingSpec, filters: string, withVisitors: boolean): EngineQuery {
  const spec = ranking.totalsFrom ? { ...ranking, where: undefined, ...ranking.totalsFrom } : ranking;
  // Visitors are the total's only as `withVisitors` asks (a spec of visitorsInRows has them among its metrics).
  const metrics = Object.entries(spec.metrics)
    .filter(([key]) => key !== 'visitors')
    .map(([key, sql]) => `${sql} AS ${key}`);
  const where = whereOf(spec, filters);
  const clickhouse = (ch: ClickHouseRanking) => clickhouseTotals(ch, filters, withVisitors);
  if (withVisitors && spec.visitors === 'sketch') {
    const sums = `SELECT ${metrics.join(', ')} FROM ${fromOf(spec.table)} WHERE ${where}`;
    return withClickHouse({ name: `${name} totals`, duckdb: `SELECT * FROM (${sums}), (${sketchVisitorsSql(fromOf(spec.table), where)})` }, ranking, clickhouse);
  }
  if (withVisitors) metrics.push(`${VISITORS[spec.visitors === 'cells' ? 'cells' : 'approximate'].duckdb} AS visitors`);
  return withClickHouse({ name: `${name} totals`, duckdb: `SELECT ${metrics.join(', ')} FROM ${fromOf(spec.table)} WHERE ${where}` }, ranking, clickhouse);
}
