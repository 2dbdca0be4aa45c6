/**
 * The report tables' shared parts (store/duckdb/report-facts-schema.ts): which filter column each
 * has, and the range condition every report query starts from. Bots are always left out of the
 * console's reports (the export keeps them, flagged).
 */
import type { ReportFilterDimension } from '@mesura/protocol';
import type { FilterColumns } from './filter-sql.js';

export type ReportTable =
  | 'page_views'
  | 'visits'
  | 'link_hits'
  | 'page_cells'
  | 'searches'
  | 'visit_cells'
  | 'link_cells'
  | 'page_day_cells'
  | 'visit_page_cells'
  | 'duration_band_sketches'
  | 'page_engagements'
  | 'page_engagement_cells'
  | 'page_transition_steps';

/** The report tables name the filter dimensions alike. */
export const FACT_FILTER_COLUMNS: FilterColumns = {
  section: 'section',
  subsection: 'subsection',
  programme: 'programme',
  channel: 'channel',
  portal: 'portal',
  device: 'device',
  login: 'login',
  campaign: 'campaign',
  country: 'country',
  region: 'region',
  visitor: 'visitor_key',
};

/** The report tables that keep each row's visitor (a segment can narrow them); the cells keep none. */
export const VISITOR_ROW_TABLES: readonly string[] = ['page_views', 'visits', 'link_hits', 'searches', 'page_engagements'];

/**
 * The filters page_cells keep no column for (duckdb/report-facts-schema.ts PLACE_FILTER_COLUMNS):
 * a ranking over the page cells asked with one reads page_views (ranking-report.ts `rows`).
 */
export const ROWS_ONLY_FILTERS: readonly ReportFilterDimension[] = ['country', 'region'];

/** Rows of the suite and range (bound as $suite, $from, $to), bots left out. */
export const IN_RANGE = `report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot`;
