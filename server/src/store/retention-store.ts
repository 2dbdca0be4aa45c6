/** The first instant and day whose raw rows are kept; everything before goes. */
export interface RetentionCutoff {
  /** Hits and heartbeats of days before this one (YYYY-MM-DD, configured time zone) are deleted. */
  day: string;
  /** Decision events before this instant (epoch ms) are deleted: they carry a time, not a day. */
  atMs: number;
}

/** Rows one retention run removed, per table, and the page-view rows it kept as aggregates. */
export interface RetentionResult {
  hits: number;
  heartbeats: number;
  decisionEvents: number;
  /** Rows of the report tables (page views, visits, link hits) removed with the raw rows. */
  reportRows: number;
  /** Rows added to `page_views_daily`: page views per suite, day, section, page name and bot flag. */
  pageViewAggregates: number;
}

/** Deletes raw rows older than the retention period, keeping identifier-free page-view counts. */
export interface RetentionStore {
  deleteBefore(cutoff: RetentionCutoff): Promise<RetentionResult>;
}
