/**
 * A consistent copy of one DuckDB database into a new file, made by DuckDB itself. A file copy of a
 * live database is not one: a checkpoint during the copy moves rows out of the WAL into blocks the
 * copy has already passed, and those rows are lost (seen at 20 MB/s under load). Instead the
 * process that holds the database attaches the new file and runs `COPY FROM DATABASE` inside one
 * transaction, which reads one snapshot of every table (DuckDB's MVCC) while loads go on beside it;
 * the DETACH checkpoints the new file and syncs it.
 */
import { randomBytes } from 'node:crypto';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { sqlString } from '../sql-string.js';

/** A DuckDB database this process holds open, which a backup copies through its own connection. */
export interface OpenDatabase {
  /** Its file's name in the data folder (`mesura.duckdb`, `visitors.duckdb`…). */
  readonly fileName: string;
  /** Writes a consistent copy of the whole database to `targetFile` (which must not exist). */
  copyTo(targetFile: string): Promise<void>;
}

/** The OpenDatabase of a store's instance: each copy on a connection of its own, beside the store's. */
export function openDatabaseOf(instance: DuckDBInstance, fileName: string): OpenDatabase {
  return {
    fileName,
    async copyTo(targetFile) {
      const connection = await instance.connect();
      try {
        await copyDuckDbDatabase(connection, targetFile);
      } finally {
        connection.closeSync();
      }
    },
  };
}

/** Copies the database `source` of `connection` (by default the one it works in) to `targetFile`. */
export async function copyDuckDbDatabase(connection: DuckDBConnection, targetFile: string, source?: string): Promise<void> {
  source ??= String((await connection.runAndReadAll('SELECT current_database() AS name')).getRowObjectsJson()[0]?.name);
  // A name of our own: two copies at once on one instance must not meet.
  const alias = `mesura_backup_${randomBytes(6).toString('hex')}`;
  await connection.run(`ATTACH ${sqlString(targetFile, 'duckdb')} AS ${alias}`);
  try {
    await connection.run('BEGIN TRANSACTION');
    try {
      await connection.run(`COPY FROM DATABASE ${quoteIdentifier(source)} TO ${alias}`);
      await connection.run('COMMIT');
    } catch (error) {
      await connection.run('ROLLBACK');
      throw error;
    }
  } finally {
    await connection.run(`DETACH ${alias}`);
  }
}

/**
 * Copies a database file no process holds (the content store, opened only at start; every file
 * when no server runs on the folder), opened read-only so that nothing in it changes.
 */
export async function copyClosedDuckDbFile(sourceFile: string, targetFile: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  try {
    const connection = await instance.connect();
    try {
      await connection.run(`ATTACH ${sqlString(sourceFile, 'duckdb')} AS backup_source (READ_ONLY)`);
      await copyDuckDbDatabase(connection, targetFile, 'backup_source');
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** A database name as a DuckDB identifier (a file's stem may hold any character). */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
