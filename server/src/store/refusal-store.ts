/** One stored refusal count: hits of a report suite not stored on a local day, for one reason. */
export interface RefusedHitsRow {
  /** YYYY-MM-DD in the configured time zone. */
  day: string;
  reportSuite: string;
  reason: string;
  hits: number;
}

export interface RefusedHitsQuery {
  /** First and last day, inclusive, YYYY-MM-DD. */
  from: string;
  to: string;
  reportSuite: string;
}

/** Where refusal counts live (the `refused_hits` table of the embedded store). */
export interface RefusalStore {
  /** Adds each row's hits to the stored count of its (day, suite, reason), creating it at 0 first. */
  addRefusedHits(rows: readonly RefusedHitsRow[]): Promise<void>;
  /** The counts of the range, by day then reason. */
  refusedHits(query: RefusedHitsQuery): Promise<RefusedHitsRow[]>;
}
