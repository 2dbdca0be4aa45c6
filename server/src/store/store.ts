import type { ExportCursor } from './export-cursor.js';
import type { MediaStore } from './media-store.js';

/** Which kinds of record an ingest-log segment holds, so that the store reads only the tables it must fill. */
export interface SegmentKinds {
  hits: boolean;
  heartbeats: boolean;
  /** Impressions and conversions of activities (decide/). */
  decisions: boolean;
}

/** How the page-view report groups its rows. */
export type PageViewDimension = 'day' | 'section' | 'pageName';

export interface PageViewQuery {
  /** First and last day, inclusive, YYYY-MM-DD in the configured time zone. */
  from: string;
  to: string;
  by: PageViewDimension;
  reportSuite: string;
  includeBots: boolean;
}

export interface PageViewRow {
  key: string;
  pageViews: number;
  visitors: number;
}

export interface PageViewReport {
  rows: PageViewRow[];
  totalPageViews: number;
  /** Distinct visitors over the whole range (not the sum of the rows). */
  totalVisitors: number;
}

export interface ExportQuery {
  from: string;
  to: string;
  reportSuite: string;
  /** Only rows after this key (exclusive): a continued export. */
  after?: ExportCursor;
  /** Only rows up to this key (inclusive): the end of a bounded page. */
  through?: ExportCursor;
}

/** Where a bounded export page ends, and whether rows remain after it. */
export interface ExportPageEnd {
  last: ExportCursor;
  more: boolean;
}

/** A stored hit as the export API writes it: column name → JSON value. */
export type ExportedHit = Record<string, string | number | boolean | null>;

/** What reports need of the store: reads only. */
export interface ReportStore extends MediaStore {
  pageViews(query: PageViewQuery): Promise<PageViewReport>;
  /**
   * Stored hits of the range, one deduplicated row per event id and suite, ordered by receive
   * time, event id and suite, in chunks.
   */
  exportHits(query: ExportQuery): AsyncIterable<ExportedHit[]>;
  /** Where a page of at most `limit` rows of `query` ends; undefined when fewer remain. */
  exportPageEnd(query: ExportQuery, limit: number): Promise<ExportPageEnd | undefined>;
  /** Column names of the export, in order. */
  exportColumns(): readonly string[];
  close(): Promise<void>;
}

/**
 * Where hits live. The collector acknowledges an event once the ingest log holds it; the loader
 * then moves each log segment into the store.
 */
export interface Store extends ReportStore {
  /**
   * Loads one ingest-log segment file (NDJSON of HitRow and HeartbeatRow) in one transaction; with
   * `skipStored`, only the hits and heartbeats not stored yet (recovery after a crash). `kinds`
   * says which tables the segment has rows for (default: both). Returns how many rows it added.
   * Resolving means they are durable.
   */
  loadSegment(file: string, options: { skipStored: boolean; kinds?: SegmentKinds }): Promise<number>;
}
