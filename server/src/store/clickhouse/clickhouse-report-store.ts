/**
 * What GET /api/reports/pageviews, /api/reports/media, /api/reports/media/sessions and
 * /api/export/events need of the store (store.ts ReportStore), on ClickHouse: the media store
 * (clickhouse-media-store.ts), the export (clickhouse-export.ts) and the page-view report, which
 * answers as duckdb-page-views.ts does: the hits still stored, plus the identifier-free daily
 * roll-up that retention keeps of the days it deleted (page-views-daily-table.ts), which adds page
 * views and no visitors.
 */
import type { MediaReport, MediaReportQuery, MediaSession, MediaSessionsQuery } from '../media-store.js';
import type { ExportPageEnd, ExportQuery, ExportedHit, PageViewQuery, PageViewReport, ReportStore } from '../store.js';
import { ClickHouseExport } from './clickhouse-export.js';
import { ClickHouseMediaStore } from './clickhouse-media-store.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { PAGE_VIEWS_DAILY_TABLE } from '../queries/retention.js';
import { sqlBoolean, sqlDate, sqlIdentifier, sqlString } from './sql-literal.js';

export interface ClickHouseReportStoreOptions {
  /** The caller's: close() leaves it open. */
  transport: ClickHouseTransport;
  /** The database holding `hits` and `heartbeats` (MESURA_STORE's path). */
  database: string;
  /** The named variables of the variable map (the export's columns). */
  variables: readonly string[];
}

/** The page-view report's key per dimension (duckdb-page-views.ts DIMENSION_SQL). */
const DIMENSION_SQL: Record<PageViewQuery['by'], string> = {
  day: 'toString(day)',
  section: "coalesce(section, '')",
  pageName: "coalesce(page_name, '')",
};

export class ClickHouseReportStore implements ReportStore {
  private readonly media: ClickHouseMediaStore;
  private readonly export: ClickHouseExport;

  constructor(private readonly options: ClickHouseReportStoreOptions) {
    this.media = new ClickHouseMediaStore(options);
    this.export = new ClickHouseExport(options);
  }

  mediaReport(query: MediaReportQuery): Promise<MediaReport> {
    return this.media.mediaReport(query);
  }

  mediaSessions(query: MediaSessionsQuery): Promise<MediaSession[]> {
    return this.media.mediaSessions(query);
  }

  exportHits(query: ExportQuery): AsyncIterable<ExportedHit[]> {
    return this.export.exportHits(query);
  }

  exportPageEnd(query: ExportQuery, limit: number): Promise<ExportPageEnd | undefined> {
    return this.export.exportPageEnd(query, limit);
  }

  exportColumns(): readonly string[] {
    return this.export.exportColumns();
  }

  /** Page views (distinct event ids) and distinct visitors per key, and over the range. */
  async pageViews(query: PageViewQuery): Promise<PageViewReport> {
    const order = query.by === 'day' ? 'key' : 'page_views DESC, key';
    const rows = await this.options.transport.query(`${this.countsSql(query, DIMENSION_SQL[query.by])} ORDER BY ${order}`);
    const [total] = await this.options.transport.query(this.countsSql(query, "'total'"));
    return {
      rows: rows.map((r) => ({ key: String(r.key), pageViews: Number(r.page_views), visitors: Number(r.visitors) })),
      totalPageViews: Number(total?.page_views ?? 0),
      totalVisitors: Number(total?.visitors ?? 0),
    };
  }

  /** The transport is the caller's. */
  async close(): Promise<void> {}

  /** Each page view once (its first copy: ClickHouse keeps a resent hit twice), counted per key, plus the rolled-up days'. */
  private countsSql(query: PageViewQuery, key: string): string {
    const db = sqlIdentifier(this.options.database);
    const range = `report_suite = ${sqlString(query.reportSuite)}
        AND day BETWEEN toDate(${sqlDate(query.from)}) AND toDate(${sqlDate(query.to)}) AND (${sqlBoolean(query.includeBots)} OR NOT is_bot)`;
    const pages = `SELECT event_id, visitor_id, ${key} AS key FROM ${db}.hits
      WHERE hit_type = 'page_view' AND ${range}
      ORDER BY event_id, received_at, batch_id, batch_row
      LIMIT 1 BY event_id`;
    return `SELECT key, sum(page_views) AS page_views, sum(visitors) AS visitors FROM (
        SELECT key, toUInt64(uniqExact(event_id)) AS page_views, toUInt64(uniqExact(visitor_id)) AS visitors FROM (${pages}) pages GROUP BY key
        UNION ALL
        SELECT ${key} AS key, toUInt64(sum(page_views)) AS page_views, toUInt64(0) AS visitors FROM (${this.rolledUpSql(range)}) rolled GROUP BY key)
      GROUP BY key`;
  }

  /**
   * The roll-up's rows of the range, each (page, day, batch) once: two retention runs at the same
   * moment (two API nodes) may both roll up a batch's day, with the same figures.
   */
  private rolledUpSql(range: string): string {
    const columns = 'report_suite, day, section, page_name, is_bot, batch_id';
    return `SELECT ${columns}, page_views FROM ${sqlIdentifier(this.options.database)}.${PAGE_VIEWS_DAILY_TABLE}
      WHERE ${range} LIMIT 1 BY ${columns}`;
  }
}
