import type { DuckDBConnection } from '@duckdb/node-api';
import { exportPageEndSql, exportValues } from '../queries/export-page.js';
import type { ExportPageEnd, ExportQuery } from '../store.js';

/** Reads where a bounded export page ends: its `limit`-th row, and whether one follows. */
export async function exportPageEnd(connection: DuckDBConnection, query: ExportQuery, limit: number): Promise<ExportPageEnd | undefined> {
  const result = await connection.runAndReadAll(exportPageEndSql(limit, { after: query.after !== undefined }), exportValues({ ...query, through: undefined }));
  const [last, next] = result.getRowObjectsJson();
  if (!last) return undefined;
  return {
    last: { receivedAtMs: Number(last.received_at_ms), eventId: String(last.event_id), reportSuite: String(last.report_suite) },
    more: next !== undefined,
  };
}
