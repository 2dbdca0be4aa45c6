/**
 * The key figures on top of a console area (`GET /api/key-figures/{area}`): a few headline
 * numbers of the asked period, each with the previous period of the same length and a daily
 * series for its trend line. They are read from the area's own reports, so they follow the same
 * filters, segment and minimum cohort as the charts below them.
 */
import type { MetricFormat, ReportFilter, ReportFilterDimension, ReportValue } from './report-answer.js';

export interface KeyFigure {
  /** Stable key of the figure (`visits`, `plays`…). */
  key: string;
  /** Catalan name. */
  label: string;
  format: MetricFormat;
  /** Counted with an approximate distinct count: the console marks it "aprox.". */
  approximate?: boolean;
  /** The asked period's figure; null when there is none or the minimum cohort hides it. */
  value: ReportValue;
  /** The previous period's figure, likewise. */
  previous: ReportValue;
  /** The period's figure is hidden by the minimum cohort. */
  hidden?: boolean;
  /** The previous period's figure is hidden by the minimum cohort. */
  previousHidden?: boolean;
  /** One value per day of the asked period, in order (null: none, or hidden). */
  series: ReportValue[];
}

export interface KeyFiguresAnswer {
  /** The area, as the catalogue names it (`audience`). */
  area: string;
  from: string;
  to: string;
  /** The period compared with: the same number of days just before `from`. */
  compare: { from: string; to: string };
  /** The days of `series`, YYYY-MM-DD. */
  days: string[];
  figures: KeyFigure[];
  filters: ReportFilter[];
  /** Filters asked for that some figure's data cannot apply. */
  ignoredFilters?: ReportFilterDimension[];
  /** The segment applied, when one was asked for. */
  segment?: { id: string; name: string };
  /** True when a segment was asked for and some figure's data keeps no visitor to narrow by (consent). */
  ignoredSegment?: boolean;
  /** The minimum cohort in force (MESURA_MIN_COHORT). */
  minCohort: number;
}
