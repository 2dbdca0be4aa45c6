/**
 * The shape every console report answers with (`GET /api/reports/{area}/{report}`), shared by the
 * server that builds it and the console that draws it. One generic shape, so that the console
 * draws any report (chart, table, comparison, CSV) with one component, and a new report is a new
 * query on the server only.
 */

/** Most rows one answer may hold (`limit`): lists are paged, never answered whole; the console draws a time series whole up to it. */
export const REPORT_ROWS_MAX = 500;

/**
 * The dimensions every report can be filtered by (`f=section:noticies`, repeatable, stacking with
 * AND). `country` and `region` are where the address was placed at ingest (an ISO country code, a
 * region as the city database names it: `f=region:Catalonia`).
 */
export const REPORT_FILTER_DIMENSIONS = ['section', 'subsection', 'programme', 'channel', 'portal', 'device', 'login', 'campaign', 'country', 'region'] as const;
export type ReportFilterDimension = (typeof REPORT_FILTER_DIMENSIONS)[number];

/** One stacked filter: the dimension must equal the value. */
export interface ReportFilter {
  dimension: ReportFilterDimension;
  value: string;
}

/** How the console shows a metric's number. */
export type MetricFormat =
  /** A whole count (page views, visitors): 12.345 in Catalan. */
  | 'count'
  /** A share from 0 to 1, shown as 42,1 %. */
  | 'percent'
  /** A ratio shown with two decimals (pages per visit). */
  | 'ratio'
  /** A duration in seconds, shown as 1 h 02 min or 3 min 05 s. */
  | 'seconds'
  /** A duration in milliseconds (startup time). */
  | 'milliseconds'
  /** Bits per second, shown as kbit/s or Mbit/s. */
  | 'bitrate';

export interface ReportMetric {
  key: string;
  /** Catalan column heading. */
  label: string;
  format: MetricFormat;
  /** Counted with an approximate distinct count: the console marks it "aprox.". */
  approximate?: boolean;
}

/** A metric value; null when there is no value or the cell is hidden by the minimum cohort. */
export type ReportValue = number | null;

export interface ReportRow {
  /** Stable key of the row (a day YYYY-MM-DD, an hour YYYY-MM-DDTHH, a section id, a page path…). */
  key: string;
  /** What a person reads (a page's title, a Catalan day name, a section's name). */
  label: string;
  /**
   * How the data names the row when the key alone does not say it (`event3 · scCompartir` for the
   * key `3`): shown on hover and written to the CSV beside the label. Without it, the key is the code.
   */
  code?: string;
  /** A link to the thing itself (the page on the site), when there is one. */
  href?: string;
  /** A drill-down: the same report area's report to open for this row, with its parameters. */
  drill?: { report: string; params: Record<string, string> };
  values: Record<string, ReportValue>;
  /** The same metrics over the comparison period, when one was asked for. */
  previous?: Record<string, ReportValue>;
  /**
   * The row counts fewer than the answer's `minCohort` distinct visitors: every value is null and
   * the console shows "< minCohort"; CSVs of aggregates leave the row out.
   */
  hidden?: boolean;
  /** The comparison period's cell counts fewer than `minCohort` visitors: its values are null. */
  previousHidden?: boolean;
}

/**
 * The maps the console draws places on: `world`, whose rows are countries (ISO 3166-1 alpha-2
 * codes), and `catalonia`, whose rows are provinces as es-atlas names them.
 */
export type ReportMap = 'world' | 'catalonia';

export interface ReportAnswer {
  /** `area/report`, as asked. */
  report: string;
  /** Catalan title of the report. */
  title: string;
  from: string;
  to: string;
  /** The comparison period (the same number of days just before), when `compare=previous`. */
  compare?: { from: string; to: string };
  filters: ReportFilter[];
  /** What the rows are (its Catalan heading). */
  dimension: { key: string; label: string };
  metrics: ReportMetric[];
  /** A time series draws as a line, a ranking as bars. */
  chart: 'line' | 'bar';
  /** A ranking of places is drawn on this map too, each row's key a place of it (ReportMap). */
  map?: ReportMap;
  rows: ReportRow[];
  /**
   * How many rows of this page had fewer than `minCohort` visitors and are added up in the last
   * row, whose key is OTHERS_ROW_KEY («Altres (menys de N visitants)»), instead of shown one by one.
   */
  othersRows?: number;
  /** Rows of the whole answer before paging (top N of totalRows). */
  totalRows: number;
  offset: number;
  limit: number;
  /** Every metric over the whole filtered range (not the sum of the page's rows). */
  totals: {
    values: Record<string, ReportValue>;
    previous?: Record<string, ReportValue>;
    /** The whole filtered range counts fewer than `minCohort` visitors (stacked filters can single one out). */
    hidden?: boolean;
    previousHidden?: boolean;
  };
  /** Filters asked for that this report's data cannot apply (a media report has no section): shown, not silently dropped. */
  ignoredFilters?: ReportFilterDimension[];
  /** The segment asked for (`s=`), by id and name, when the report applied it. */
  segment?: { id: string; name: string };
  /** True when a segment was asked for and this report's data keeps no visitor to narrow by (the consent reports): shown, not silently dropped. */
  ignoredSegment?: boolean;
  /** The minimum cohort in force (MESURA_MIN_COHORT). */
  minCohort: number;
  /** One Catalan sentence on how to read the report, when it needs one. */
  note?: string;
  /** The report's own parameters as asked, by their Catalan names where they have one (`section` → «Notícies»). */
  paramLabels?: Record<string, string>;
}

/** The key of a ranking's row of others: the page's rows under the minimum cohort, added up. */
export const OTHERS_ROW_KEY = '(altres)';

/** One report the console can ask for, as `GET /api/reports/catalogue` lists it. */
export interface ReportCatalogueEntry {
  /** `area/report`. */
  report: string;
  area: string;
  title: string;
  /** Extra parameters the report takes beyond the common ones (e.g. `section` for a drill-down). */
  params?: string[];
  /**
   * The parameters a person chooses on the report itself (a day, a channel), each with what its
   * control needs; the others (a drill-down's `section`) are set by opening a row.
   */
  controls?: ReportParamControl[];
}

/** One choosable value of a `choice` parameter. */
export interface ReportParamChoice {
  value: string;
  /** Catalan name; the value itself is the code shown on hover. */
  label: string;
}

/** How the console offers one of a report's own parameters. */
export interface ReportParamControl {
  /** The query parameter it sets (one of the entry's `params`). */
  name: string;
  /**
   * The kind of control:
   * - `day`: a calendar day, YYYY-MM-DD (a date field).
   * - `choice`: one of `choices` (a list).
   * - `page`: a page of the site by its address (a field to type or search in, which offers the
   *   period's most viewed pages by their titles: content/pages).
   */
  kind: 'day' | 'choice' | 'page';
  /** Catalan label of the control. */
  label: string;
  /** Catalan words for what the report reads when the parameter is absent ("Tots els canals"). */
  absentLabel: string;
  /** The values of a `choice`, in the order offered. */
  choices?: ReportParamChoice[];
}
