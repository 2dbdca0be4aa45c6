/**
 * The schema version of one embedded DuckDB file (mesura.duckdb, content.duckdb, engagement.duckdb,
 * visitors.duckdb), kept in the file itself as the migrations it has had (`schema_version`), so
 * that a version never disagrees with the tables it describes: a migration and its row commit
 * together. PostgreSQL's metadata keeps the same table (postgres/metadata-migrations.ts).
 *
 * Opening a file: its version is read first, without writing anything; a file newer than this
 * build knows is refused (OperatorError, exit 2) before any CREATE TABLE. Then the store's own
 * `ensure` makes or completes its tables (idempotent, as every start has done), and each missing
 * migration runs in its own transaction, in order. A file made before versions were recorded is
 * at version 0.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { OperatorError } from '../../operator-error.js';

export const SCHEMA_VERSION_TABLE = 'schema_version';

/** One numbered step. Once released a step is never edited: a change is a new step. */
export interface DuckDbMigration {
  /** Numbered across the whole data folder (data-folder-migrations.ts), so the folder's version is the highest. */
  version: number;
  /** Said in the start-up log when it runs. */
  name: string;
  /** Runs inside the step's transaction, after the store's tables exist. */
  run(connection: DuckDBConnection): Promise<void>;
}

export interface DuckDbSchema {
  /** For messages: `content.duckdb`. */
  file: string;
  migrations: readonly DuckDbMigration[];
  /** Makes or completes the store's tables; runs on every start, after the version check. */
  ensure(connection: DuckDBConnection): Promise<void>;
}

/** The highest step a file has had; 0 for a new file or one from before versions. Reads only. */
export async function storedSchemaVersion(connection: DuckDBConnection): Promise<number> {
  const table = await connection.runAndReadAll(
    `SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = '${SCHEMA_VERSION_TABLE}' AND schema_name = 'main' AND database_name = current_database()`,
  );
  if (Number(table.getRowObjectsJson()[0]?.n ?? 0) === 0) return 0;
  const stored = await connection.runAndReadAll(`SELECT coalesce(max(version), 0) AS version FROM ${SCHEMA_VERSION_TABLE}`);
  return Number(stored.getRowObjectsJson()[0]?.version ?? 0);
}

export function newestVersion(migrations: readonly DuckDbMigration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/** The one line an older build says of a newer file, before it changes anything. */
export function newerFileMessage(file: string, stored: number, newest: number): string {
  return `${file} is at schema version ${stored}, newer than this Mesura knows (${newest}): it was written by a newer release; run that release, or restore the backup taken before the upgrade (docs/operations.md "Upgrades and rollbacks")`;
}

/**
 * Checks, completes and migrates one file; answers the steps it ran, for the caller to log (one
 * line each). Throws OperatorError, having written nothing, when the file is newer than `schema`.
 */
export async function migrateDuckDbFile(connection: DuckDBConnection, schema: DuckDbSchema): Promise<DuckDbMigration[]> {
  const stored = await storedSchemaVersion(connection);
  const newest = newestVersion(schema.migrations);
  if (stored > newest) throw new OperatorError(newerFileMessage(schema.file, stored, newest));
  await schema.ensure(connection);
  const pending = schema.migrations.filter((migration) => migration.version > stored);
  if (pending.length === 0) return [];
  await connection.run(`CREATE TABLE IF NOT EXISTS ${SCHEMA_VERSION_TABLE} (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)`);
  for (const migration of pending) {
    await connection.run('BEGIN TRANSACTION');
    try {
      await migration.run(connection);
      await connection.run(`INSERT INTO ${SCHEMA_VERSION_TABLE} VALUES ($version, $name, now()::TIMESTAMP)`, { version: migration.version, name: migration.name });
      await connection.run('COMMIT');
    } catch (error) {
      await connection.run('ROLLBACK');
      throw error;
    }
  }
  return pending;
}

/** The start-up log's line for a step a file has had. */
export function migrationLine(file: string, migration: DuckDbMigration): string {
  return `${file}: schema migration ${migration.version} applied (${migration.name})`;
}
