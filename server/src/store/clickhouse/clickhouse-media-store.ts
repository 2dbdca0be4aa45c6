/**
 * The media reports' store on ClickHouse (media-store.ts MediaStore): the same answers as the
 * DuckDB store's (duckdb-media.ts) from the `heartbeats` and `hits` tables the collectors drain,
 * the sessions of closed days from the session roll-up (session-rollup.ts).
 */
import { readMediaFigures } from '../media-figures.js';
import { mediaSessionOf } from '../media-session-row.js';
import type { MediaRangeQuery, MediaReport, MediaReportQuery, MediaSession, MediaSessionsQuery, MediaStore } from '../media-store.js';
import { mediaReportClickHouse, mediaSessionsClickHouse } from '../queries/media-report.js';
import { mediaTables, type MediaTables } from './clickhouse-media-sessions-sql.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { readRollupSources, type RollupSources } from './day-rollup-reads.js';

export interface ClickHouseMediaStoreOptions {
  transport: ClickHouseTransport;
  /** The database holding `heartbeats` and `hits` (MESURA_STORE's path). */
  database: string;
}

export class ClickHouseMediaStore implements MediaStore {
  private readonly transport: ClickHouseTransport;
  private readonly tables: MediaTables;

  constructor(options: ClickHouseMediaStoreOptions) {
    this.transport = options.transport;
    this.tables = mediaTables(options.database);
  }

  async mediaReport(query: MediaReportQuery): Promise<MediaReport> {
    const rows = await this.transport.query(mediaReportClickHouse(this.tables, query, await this.sources(query)));
    const total = rows.find((r) => Number(r.is_total) === 1);
    return {
      rows: rows.filter((r) => Number(r.is_total) !== 1).map((r) => ({ key: String(r.key), ...readMediaFigures(r) })),
      // No session in the range: no row at all (see ../queries/media-report.ts), zero sessions.
      total: readMediaFigures(total ?? { sessions: 0 }),
    };
  }

  async mediaSessions(query: MediaSessionsQuery): Promise<MediaSession[]> {
    const rows = await this.transport.query(mediaSessionsClickHouse(this.tables, query, await this.sources(query)));
    return rows.map(mediaSessionOf);
  }

  /** Which start days of the range the session roll-up holds (day-rollup-reads.ts). */
  private sources(query: MediaRangeQuery): Promise<RollupSources> {
    return readRollupSources(this.transport, { daysTable: this.tables.sessionRollupDays }, { suite: query.reportSuite, from: query.from, to: query.to });
  }
}
