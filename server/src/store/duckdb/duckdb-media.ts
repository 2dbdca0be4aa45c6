import type { DuckDBConnection } from '@duckdb/node-api';
import { HEARTBEAT_COLUMNS, type HeartbeatColumnType } from '../heartbeats-schema.js';
import { mediaReportSql, mediaSessionsSql } from '../queries/media-report.js';
import { DUCKDB_FUNCTIONS } from '../media-sessions-sql.js';
import { readMediaFigures } from '../media-figures.js';
import { mediaSessionOf } from '../media-session-row.js';
import type { MediaReport, MediaReportQuery, MediaSession, MediaSessionsQuery } from '../media-store.js';

const SQL_TYPES: Record<HeartbeatColumnType, string> = {
  text: 'VARCHAR',
  bigint: 'BIGINT',
  timestamp_ms: 'TIMESTAMP_MS',
  date: 'DATE',
  boolean: 'BOOLEAN',
};

type Row = Record<string, unknown>;

export async function ensureHeartbeatsTable(connection: DuckDBConnection): Promise<void> {
  const definitions = HEARTBEAT_COLUMNS.map((c) => `${c.name} ${SQL_TYPES[c.type]}${c.nullable ? '' : ' NOT NULL'}`);
  await connection.run(`CREATE TABLE IF NOT EXISTS heartbeats (${definitions.join(', ')})`);
  // Columns added in a later version are added to an existing table, never dropped.
  for (const c of HEARTBEAT_COLUMNS) {
    await connection.run(`ALTER TABLE heartbeats ADD COLUMN IF NOT EXISTS ${c.name} ${SQL_TYPES[c.type]}`);
  }
}

export async function mediaReport(connection: DuckDBConnection, query: MediaReportQuery): Promise<MediaReport> {
  const result = await connection.runAndReadAll(mediaReportSql(query, DUCKDB_FUNCTIONS));
  const rows = result.getRowObjectsJson() as Row[];
  const total = rows.find((r) => Number(r.is_total) === 1);
  return {
    rows: rows.filter((r) => Number(r.is_total) !== 1).map((r) => ({ key: String(r.key), ...readMediaFigures(r) })),
    // GROUPING SETS gives the total row even over no sessions; the fallback is for engines that do not.
    total: readMediaFigures(total ?? { sessions: 0 }),
  };
}

export async function mediaSessions(connection: DuckDBConnection, query: MediaSessionsQuery): Promise<MediaSession[]> {
  const result = await connection.runAndReadAll(mediaSessionsSql(query, DUCKDB_FUNCTIONS));
  return (result.getRowObjectsJson() as Row[]).map(mediaSessionOf);
}
