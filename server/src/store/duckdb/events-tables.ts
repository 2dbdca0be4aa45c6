/**
 * The tables of the events file, made or completed at each start (step 1 of
 * EVENTS_FILE_MIGRATIONS, duckdb-store.ts): the hits with a column per variable of the map, and
 * every other table from the file that owns it.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ColumnType, HitColumn } from '../hits-schema.js';
import { ensureAccountTables } from './duckdb-accounts.js';
import { ensureDecisionTables } from './duckdb-decisions.js';
import { ensureHeartbeatsTable } from './duckdb-media.js';
import { ensureRefusedHitsTable } from './duckdb-refusals.js';
import { ensureMediaRollups } from './media-rollups.js';
import { ensureReportFactTables } from './report-facts-schema.js';
import { ensurePageViewsDailyTable } from './retention-sql.js';
import { ensureRightsRequestsTable } from './rights-requests-sql.js';

const SQL_TYPES: Record<ColumnType, string> = {
  text: 'VARCHAR',
  timestamp_ms: 'TIMESTAMP_MS',
  date: 'DATE',
  boolean: 'BOOLEAN',
};

/** Makes or completes every table of the file; what each start has always done (step 1 of EVENTS_FILE_MIGRATIONS). */
export async function ensureTables(writer: DuckDBConnection, columns: readonly HitColumn[]): Promise<void> {
  await ensureHitsTable(writer, columns);
  await ensureHeartbeatsTable(writer);
  await ensureMediaRollups(writer);
  await ensureDecisionTables(writer);
  await ensureRefusedHitsTable(writer);
  await ensurePageViewsDailyTable(writer);
  await ensureRightsRequestsTable(writer);
  await ensureAccountTables(writer);
  await ensureReportFactTables(writer);
}

async function ensureHitsTable(connection: DuckDBConnection, columns: readonly HitColumn[]): Promise<void> {
  const definitions = columns.map((c) => `${c.name} ${SQL_TYPES[c.type]}${c.nullable ? '' : ' NOT NULL'}`);
  await connection.run(`CREATE TABLE IF NOT EXISTS hits (${definitions.join(', ')})`);
  // Columns added to the variable map after the table was made are added, never dropped.
  for (const c of columns) {
    await connection.run(`ALTER TABLE hits ADD COLUMN IF NOT EXISTS ${c.name} ${SQL_TYPES[c.type]}`);
  }
}
