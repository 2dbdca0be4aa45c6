/**
 * A report that ranks rows of one key (pages, sections, referrers, networks…): most first, paged,
 * with the totals of the whole filtered range, compared row by row with the previous period when
 * asked, every cell under the minimum cohort hidden.
 */
import type { ReportMap, ReportMetric, ReportRow } from '@mesura/protocol';
import { numberOf, type ResultRow, type SqlValue } from '../store/analytics-reader.js';
import { buildAnswer, measurePeriods, type MeasuredPeriod } from './report-answer-builder.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import type { ReportRequest } from './report-request.js';
import { filterSql } from '../store/queries/filter-sql.js';
import type { MeasuredRow } from './min-cohort.js';
import { pageLabel } from './page-label.js';
import { dayLabel, daysOf } from './time-steps.js';
import { rankingLabelsQuery, rankingRowsQuery, rankingTotalsQuery, rankingUnionVisitorsQuery, rankingVisitorsQuery, visitorsInRows, type RankingSpec } from '../store/queries/ranking.js';
import { measureFoldedPeriods } from './hidden-rows.js';
import { FACT_FILTER_COLUMNS, ROWS_ONLY_FILTERS, VISITOR_ROW_TABLES } from '../store/queries/report-table.js';

export interface RankingReportOptions {
  report: string;
  area: string;
  title: string;
  /** Report parameters (bound as `$p_<name>` when given; the spec decides which conditions they add). */
  params?: readonly string[];
  dimension: { key: string; label: string };
  metrics: ReportMetric[];
  spec: (params: Readonly<Record<string, string>>) => RankingSpec;
  /**
   * The same ranking over roll-up cells (visit_cells, link_cells), asked instead of `spec` when no
   * filter is: the cells keep no filter columns, and hundreds of them answer what a scan of
   * millions of rows does.
   */
  rollup?: (params: Readonly<Record<string, string>>) => RankingSpec;
  /**
   * The same ranking over the rows `spec`'s cells are made from (page_views for page_cells), asked
   * instead when a filter is one the cells keep no column for (report-table.ts ROWS_ONLY_FILTERS).
   */
  rows?: (params: Readonly<Record<string, string>>) => RankingSpec;
  note?: string;
  /** The report a row opens, with its parameters. */
  drill?: (key: string, params: Readonly<Record<string, string>>) => ReportRow['drill'];
  /** The map its rows are drawn on too, for these parameters (geography-reports.ts). */
  map?: (params: Readonly<Record<string, string>>) => ReportMap | undefined;
  /** A label for a key the data gives none for (a section id → its name). */
  labelOf?: (key: string) => string;
  /** ReportRow['code'] of a key, where the key alone does not say how the data names the row. */
  codeOf?: (key: string) => string | undefined;
  /** The rows are pages keyed by their address and labelled by their titles (page-label.ts). */
  pages?: true;
  /**
   * The key is the day: the answer is a time series, as the audience's (audience-reports.ts): every
   * day of the range a row in date order, named as a person reads it, drawn as a line, answered
   * whole, compared day by day in order.
   */
  byDay?: true;
  /**
   * The rows are these keys, in this order whatever their figures (audience/visit-duration's bands):
   * every key a row, answered whole, zeros where nothing fell, labelled by `labelOf`.
   */
  fixedRows?: readonly string[];
  /**
   * Metrics that are a row's share of the period's total of another (`{ visit_share: 'visits' }`),
   * worked out once the rows and the total are measured, alike for both engines; the total's is 1.
   */
  shares?: Readonly<Record<string, string>>;
}

export function rankingReport(options: RankingReportOptions): ReportDefinition {
  const definition: ReportDefinition = {
    report: options.report,
    area: options.area,
    title: options.title,
    ...(options.params && { params: options.params }),
    run: async (request, context) => {
      const full = options.spec(request.params);
      const segmented = request.segment !== undefined;
      // DuckDB reads the roll-up when neither a filter nor a segment is asked, the rows when a
      // filter is one the cells lack or a segment is asked (cells keep no visitor); ClickHouse keeps
      // the full spec's part, whose `cells` (ranking.ts) it reads when nothing narrows it.
      const source = request.filters.length === 0 && !segmented ? options.rollup : segmented || request.filters.some((f) => ROWS_ONLY_FILTERS.includes(f.dimension)) ? options.rows : undefined;
      const spec = source ? { ...source(request.params), clickhouse: full.clickhouse } : full;
      const filters = filterSql(request.filters, segmented && keepsVisitors(spec) ? FACT_FILTER_COLUMNS : CELL_FILTER_COLUMNS, segmented);
      const values = { ...filters.values, ...boundParams(request.params) };
      const fixed = fixedRowsOf(options);
      const measured = fixed
        ? (range: { from: string; to: string }) => measureFixedRows(options, fixed(range), spec, request, context, values, filters.sql, range)
        : (range: { from: string; to: string }, keys?: readonly string[]) => measureRanking(options, spec, request, context, values, filters.sql, range, keys);
      const align = options.byDay ? 'position' : 'key';
      // Fixed rows are all shown, each hidden or not; a ranking's hidden rows add up (hidden-rows.ts).
      const together = (range: { from: string; to: string }, keys: readonly string[]) =>
        togetherVisitors(context, options.report, spec, filters.sql, { ...values, suite: request.reportSuite, from: range.from, to: range.to }, keys);
      const periods = fixed ? { ...(await measurePeriods(request, align, measured)), folded: 0 } : await measureFoldedPeriods(request, options.metrics, context.minCohort, measured, together);
      const current = withShares(options.shares, periods.current);
      const previous = periods.previous && withShares(options.shares, periods.previous);
      return buildAnswer(
        definition,
        request,
        {
          dimension: options.dimension,
          metrics: options.metrics,
          chart: options.byDay ? 'line' : 'bar',
          map: options.map?.(request.params),
          align,
          note: options.note,
          ignoredFilters: filters.ignored,
          ignoredSegment: filters.ignoredSegment,
          folded: periods.folded,
        },
        current,
        previous,
        context.minCohort,
      );
    },
  };
  return definition;
}

/** The filter columns of a ranking whose table keeps no visitor: a segment cannot narrow it. */
const { visitor: _visitor, ...CELL_FILTER_COLUMNS } = FACT_FILTER_COLUMNS;

/**
 * Whether every table the ranking reads on DuckDB keeps each row's visitor, so that a segment can
 * narrow it: the report tables of rows, and derived tables (ranking.ts DerivedTable keeps `visitor_key`).
 */
function keepsVisitors(spec: RankingSpec): boolean {
  const tables = [spec.table, spec.totalsFrom?.table, spec.visitorsFrom?.table].filter((table) => table !== undefined);
  return tables.every((table) => typeof table !== 'string' || VISITOR_ROW_TABLES.includes(table));
}

/** The fixed rows of a period, with their labels: the range's days (byDay), or `fixedRows`; undefined for a ranking. */
function fixedRowsOf(options: RankingReportOptions): ((range: { from: string; to: string }) => { key: string; label: string }[]) | undefined {
  if (options.byDay) return (range) => daysOf(range).map((day) => ({ key: day, label: dayLabel(day) }));
  const { fixedRows, labelOf } = options;
  if (fixedRows) return () => fixedRows.map((key) => ({ key, label: labelOf?.(key) ?? key }));
  return undefined;
}

/** A period of fixed rows: asked all at once, then one per key in order; a key without any shows zeros. */
async function measureFixedRows(
  options: RankingReportOptions,
  keys: readonly { key: string; label: string }[],
  spec: RankingSpec,
  request: ReportRequest,
  context: ReportContext,
  values: Record<string, SqlValue>,
  filters: string,
  range: { from: string; to: string },
): Promise<MeasuredPeriod> {
  // Every row is shown: where it can, phase one counts the rows' visitors too (ranking.ts visitorsInRows).
  const measured = await measureRanking(options, visitorsInRows(spec) ?? spec, { ...request, limit: keys.length, offset: 0 }, context, values, filters, range, undefined);
  const byKey = new Map(measured.rows.map((row) => [row.key, row]));
  const rows = keys.map(({ key, label }): MeasuredRow => {
    const row = byKey.get(key);
    if (row) return { ...row, label };
    // An empty row singles nobody out: it shows its zeroes, and no ratio or average (nothing to divide).
    const zeros = Object.fromEntries(options.metrics.map((m) => [m.key, m.format === 'count' ? 0 : null]));
    return { key, label, values: zeros, visitors: Number.POSITIVE_INFINITY };
  });
  return { rows, totalRows: rows.length, total: measured.total };
}

/** The period with each share metric (RankingReportOptions.shares) worked out from its rows and total. */
function withShares(shares: RankingReportOptions['shares'], period: MeasuredPeriod): MeasuredPeriod {
  if (!shares) return period;
  const whole = period.total.values;
  const share = (row: MeasuredRow): MeasuredRow => {
    const parts = Object.entries(shares).map(([key, of]) => {
      const part = row.values[of];
      const all = whole[of];
      return [key, typeof part === 'number' && typeof all === 'number' && all > 0 ? part / all : null];
    });
    return { ...row, values: { ...row.values, ...Object.fromEntries(parts) } };
  };
  return { ...period, rows: period.rows.map(share), total: share(period.total) };
}

function boundParams(params: Readonly<Record<string, string>>): Record<string, SqlValue> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [`p_${name}`, value]));
}

async function measureRanking(
  options: RankingReportOptions,
  spec: RankingSpec,
  request: ReportRequest,
  context: ReportContext,
  values: Record<string, SqlValue>,
  filters: string,
  range: { from: string; to: string },
  keys: readonly string[] | undefined,
): Promise<MeasuredPeriod> {
  const { reader } = context;
  const bound = { ...values, suite: request.reportSuite, from: range.from, to: range.to };
  const cells = spec.visitors === 'cells';
  const rowValues = keys === undefined ? { ...bound, limit: request.limit, offset: request.offset } : { ...bound, limit: keys.length, offset: 0, keys: JSON.stringify(keys) };
  const [rows, totals] = await Promise.all([
    keys?.length === 0 ? Promise.resolve([]) : reader.read(rankingRowsQuery(options.report, spec, filters, keys !== undefined), rowValues),
    reader.read(rankingTotalsQuery(options.report, spec, filters, !cells), bound),
  ]);
  const pageKeys = rows.map((row) => String(row.key_text));
  // A compared period's rows take the current period's labels (report-answer-builder.ts aligns them by key).
  const labelsQuery = keys === undefined && pageKeys.length > 0 ? rankingLabelsQuery(options.report, spec, filters) : undefined;
  const counted = 'visitors' in spec.metrics;
  const [visitorsOf, labels] = await Promise.all([
    counted ? new Map(rows.map((row) => [String(row.key_text), numberOf(row.visitors) ?? 0])) : rowVisitors(reader, options.report, spec, filters, bound, pageKeys, context.minCohort),
    labelsQuery ? reader.read(labelsQuery, { ...bound, keys: JSON.stringify(pageKeys) }) : Promise.resolve([]),
  ]);
  const labelOf = new Map(labels.map((row) => [String(row.key_text), row]));
  const measured = rows.map((row) => {
    const key = String(row.key_text);
    return measuredRow(options, request.params, { ...row, ...labelOf.get(key) }, visitorsOf.get(key) ?? 0);
  });
  const totalVisitors = cells
    ? await cellTotalVisitors(measured, () => reader.read(rankingTotalsQuery(options.report, spec, filters, true), bound), context.minCohort)
    : (numberOf(totals[0]?.visitors) ?? 0);
  return {
    rows: measured,
    totalRows: numberOf(rows[0]?.total_rows) ?? (keys ? rows.length : 0),
    total: { key: 'total', label: 'Total', values: metricValues(options.metrics, totals[0] ?? {}, totalVisitors), visitors: totalVisitors },
  };
}

/** The distinct visitors of some keys' rows together, for the row of others (hidden-rows.ts). */
async function togetherVisitors(context: ReportContext, name: string, spec: RankingSpec, filters: string, bound: Record<string, SqlValue>, keys: readonly string[]): Promise<number> {
  const rows = await context.reader.read(rankingUnionVisitorsQuery(name, spec, filters), { ...bound, keys: JSON.stringify(keys) });
  return numberOf(rows[0]?.visitors) ?? 0;
}

/** Phase two's distinct visitors per row key; for page cells a cheap bound first, then exact counts where it falls short. */
async function rowVisitors(
  reader: ReportContext['reader'],
  name: string,
  spec: RankingSpec,
  filters: string,
  bound: Record<string, SqlValue>,
  keys: readonly string[],
  minCohort: number,
): Promise<Map<string, number>> {
  const read = async (only: readonly string[], exact: boolean) => (only.length === 0 ? [] : reader.read(rankingVisitorsQuery(name, spec, filters, exact), { ...bound, keys: JSON.stringify(only) }));
  const counts = new Map((await read(keys, spec.visitors !== 'cells')).map((row) => [String(row.key_text), numberOf(row.visitors) ?? 0]));
  if (spec.visitors !== 'cells') return counts;
  const short = keys.filter((key) => (counts.get(key) ?? 0) < minCohort);
  for (const row of await read(short, true)) counts.set(String(row.key_text), numberOf(row.visitors) ?? 0);
  return counts;
}

/**
 * The total's visitors from page cells, for the minimum cohort only: a row of the page that reaches
 * it settles it (the range has at least as many visitors as any of its rows); otherwise the exact
 * union of every cell's smallest keys decides (only small ranges get there).
 */
async function cellTotalVisitors(rows: readonly MeasuredRow[], exact: () => Promise<ResultRow[]>, minCohort: number): Promise<number> {
  const largest = Math.max(0, ...rows.map((row) => row.visitors));
  if (largest >= minCohort) return largest;
  return numberOf((await exact())[0]?.visitors) ?? 0;
}

function measuredRow(options: RankingReportOptions, params: Readonly<Record<string, string>>, row: ResultRow, visitors: number): MeasuredRow {
  const key = String(row.key_text);
  const label = options.pages ? pageLabel(row.label, key) : typeof row.label === 'string' && row.label !== '' ? row.label : (options.labelOf?.(key) ?? key);
  const drill = options.drill?.(key, params);
  const code = options.codeOf?.(key);
  return {
    key,
    label,
    ...(code !== undefined && { code }),
    ...(typeof row.href === 'string' && { href: row.href }),
    ...(drill && { drill }),
    values: metricValues(options.metrics, row, visitors),
    visitors,
  };
}

function metricValues(metrics: readonly ReportMetric[], row: ResultRow, visitors: number): Record<string, number | null> {
  return Object.fromEntries(metrics.map((m) => [m.key, m.key === 'visitors' ? visitors : numberOf(row[m.key])]));
}
