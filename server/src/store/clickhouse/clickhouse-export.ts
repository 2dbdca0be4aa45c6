/**
 * The event export on ClickHouse (store.ts ReportStore: exportHits, exportPageEnd, exportColumns),
 * answering as the DuckDB store does: the same rows, order, cursor pages, columns and JSON values.
 */
import type { ExportPageEnd, ExportQuery, ExportedHit, ReportStore } from '../store.js';
import { exportChunkClickHouse, exportPageEndClickHouse } from '../queries/export-page.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { EventColumn } from './event-table.js';
import { hitsTable } from './hits-table.js';

/**
 * Rows read per statement while a page streams. The transport answers a statement's rows at once,
 * so a page (up to EXPORT_MAX_ROWS, 100,000) is read in chunks of this many, each after the last
 * row of the one before: memory stays at a chunk, at the cost of sorting the range's keys once per
 * chunk (README "The export").
 */
export const EXPORT_CHUNK_ROWS = 10_000;

export interface ClickHouseExportOptions {
  transport: ClickHouseTransport;
  /** The database holding `hits` (MESURA_STORE's path). */
  database: string;
  /** The named variables of the variable map: a column each, after the fixed ones. */
  variables: readonly string[];
  /** Default EXPORT_CHUNK_ROWS. */
  chunkRows?: number;
}

/** The export's part of ReportStore, for an API node over ClickHouse to serve GET /api/export/events with. */
export type ExportStore = Pick<ReportStore, 'exportHits' | 'exportPageEnd' | 'exportColumns'>;

export class ClickHouseExport implements ExportStore {
  private readonly columns: readonly EventColumn[];

  constructor(private readonly options: ClickHouseExportOptions) {
    this.columns = hitsTable(options.variables).columns;
  }

  exportColumns(): readonly string[] {
    return this.columns.map((column) => column.name);
  }

  async *exportHits(query: ExportQuery): AsyncIterable<ExportedHit[]> {
    const chunkRows = this.options.chunkRows ?? EXPORT_CHUNK_ROWS;
    let after = query.after;
    for (;;) {
      const sql = exportChunkClickHouse(this.options.database, this.exportColumns(), { ...query, ...(after && { after }) }, chunkRows);
      const rows = await this.options.transport.query(sql);
      if (rows.length > 0) yield rows.map((row) => this.exported(row));
      if (rows.length < chunkRows) return;
      const last = rows[rows.length - 1]!;
      after = { receivedAtMs: Number(last.received_at), eventId: String(last.event_id), reportSuite: String(last.report_suite) };
    }
  }

  async exportPageEnd(query: ExportQuery, limit: number): Promise<ExportPageEnd | undefined> {
    const [last, next] = await this.options.transport.query(exportPageEndClickHouse(this.options.database, query, limit));
    if (!last) return undefined;
    return {
      last: { receivedAtMs: Number(last.received_at_ms), eventId: String(last.event_id), reportSuite: String(last.report_suite) },
      more: next !== undefined,
    };
  }

  /** A row as DuckDB's export writes it: times as ISO 8601 text with milliseconds, booleans as booleans. */
  private exported(row: Record<string, unknown>): ExportedHit {
    const hit: ExportedHit = {};
    for (const column of this.columns) hit[column.name] = exportedValue(column, row[column.name]);
    return hit;
  }
}

function exportedValue(column: EventColumn, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'timestamp_ms':
      return isoMs(Number(value));
    case 'boolean':
      return Number(value) === 1;
    default:
      return String(value);
  }
}

/** DuckDB's strftime '%Y-%m-%dT%H:%M:%S.%gZ' (queries/export-page.ts) for the years Date writes with four digits. */
function isoMs(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
