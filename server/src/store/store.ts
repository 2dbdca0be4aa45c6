import type { ExportCursor } from './export-cursor.js';
import type { MediaStore } from './media-store.js';
import type { RowBatchSink } from './row-batch.js';

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
 * then hands the store each log segment's rows as batches (row-batch.ts `RowBatchSink`): rows, not
 * file names, so a store never needs to read the collector's disk. `storeBatch` stores a batch in
 * one transaction, only in the tables of its `kinds`, and resolving means the rows are durable.
 */
export interface Store extends ReportStore, RowBatchSink {}
