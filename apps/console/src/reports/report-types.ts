/** How the page-views report groups its rows: the `by` parameter of the reports API. */
export type Dimension =
  /** One row per calendar day (YYYY-MM-DD, in the server's time zone). */
  | 'day'
  /** One row per site section (the data layer's `seccio`). */
  | 'section'
  /** One row per page name. */
  | 'pageName';

/** An inclusive range of calendar days, both YYYY-MM-DD. */
export interface DateRange {
  from: string;
  to: string;
}

export interface PageViewsQuery extends DateRange {
  by: Dimension;
}

export interface ReportRow {
  /** The day, section or page name; '' when the hits carried no value. */
  key: string;
  pageViews: number;
  visitors: number;
}

/** A 200 answer of GET /api/reports/pageviews. */
export interface PageViewsReport extends PageViewsQuery {
  /** Page views over the whole range. */
  total: number;
  /**
   * Distinct visitors over the whole range, when the server reports it. Per-row visitors cannot be
   * added up: a visitor seen on two days is one visitor of the range.
   */
  visitors?: number;
  rows: ReportRow[];
}

/** Why a report could not be shown. */
export type ReportFailure =
  /** The server refused the query (4xx), with its one-line reason and stable code. */
  | { reason: 'rejected'; status: number; message: string; code?: string }
  /** The server failed (5xx or another unexpected status). */
  | { reason: 'server-error'; status: number }
  /** No answer: offline, server down, request cut. */
  | { reason: 'network' }
  /** A 200 whose body is not a page-views report. */
  | { reason: 'malformed' };

export type ReportOutcome = { ok: true; report: PageViewsReport } | { ok: false; failure: ReportFailure };
