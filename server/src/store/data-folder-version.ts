/**
 * The version of a data folder as a whole (MESURA_DATA_DIR): the highest numbered step of its
 * embedded DuckDB files (their own `schema_version` tables, duckdb/duckdb-schema-version.ts),
 * written to `mesura-version.json` so that a start can tell a folder of a newer release before it
 * opens or writes anything: the backfill and preview keys, the ingest log (whose segment format
 * it also covers: a change to it is a new step), retention. An older release refuses such a folder
 * with one line and exit code 2, as PostgreSQL refuses a data directory of another major version.
 *
 * The file is written once the folder's stores are open and migrated; a start that stops
 * half-way leaves the older number, and each DuckDB file still refuses on its own a build older
 * than its steps.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { OperatorError } from '../operator-error.js';
import { newestVersion } from './duckdb/duckdb-schema-version.js';
import { EVENTS_FILE_MIGRATIONS } from './duckdb/events-file-migrations.js';
import { CONTENT_FILE_MIGRATIONS, ENGAGEMENT_FILE_MIGRATIONS, VISITORS_FILE_MIGRATIONS } from './duckdb/metadata-file-migrations.js';

export const DATA_FOLDER_VERSION_FILE = 'mesura-version.json';

/** This release's data folder version: its newest step in any embedded file. */
export const DATA_FOLDER_VERSION = Math.max(...[EVENTS_FILE_MIGRATIONS, CONTENT_FILE_MIGRATIONS, ENGAGEMENT_FILE_MIGRATIONS, VISITORS_FILE_MIGRATIONS].map(newestVersion));

/**
 * The version `dataDir` records; 0 for a folder without the file (new, or made before versions).
 * Reads only. A file that cannot be read as a version is an operator's problem, said in one line.
 */
export function dataFolderVersion(dataDir: string): number {
  const file = path.join(dataDir, DATA_FOLDER_VERSION_FILE);
  if (!existsSync(file)) return 0;
  let version: unknown;
  try {
    version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
  } catch (error) {
    throw new OperatorError(`${file} cannot be read (${(error as Error).message}): restore it from a backup, or delete it to let Mesura read the version of each store`);
  }
  if (!Number.isSafeInteger(version) || (version as number) < 0)
    throw new OperatorError(`${file} holds no version number: restore it from a backup, or delete it to let Mesura read the version of each store`);
  return version as number;
}

/**
 * Refuses a folder of a newer release before anything is opened or written (createServer's first
 * step); answers the folder's version.
 */
export function checkDataFolderVersion(dataDir: string, known = DATA_FOLDER_VERSION): number {
  const version = dataFolderVersion(dataDir);
  if (version > known) {
    throw new OperatorError(
      `the data folder ${dataDir} is at version ${version}, newer than this Mesura knows (${known}): it was written by a newer release and is left unchanged; run that release, or restore the backup taken before the upgrade (docs/operations.md "Upgrades and rollbacks")`,
    );
  }
  return version;
}

/**
 * Records DATA_FOLDER_VERSION once the folder's stores are migrated, and says so in the log when
 * it changed. Written to a temporary file, synced and renamed, so a crash leaves the
 * old version or the new one, never a torn file.
 */
export function recordDataFolderVersion(dataDir: string, from: number, log: { info(line: string): void }, version = DATA_FOLDER_VERSION): void {
  if (from === version) return;
  const file = path.join(dataDir, DATA_FOLDER_VERSION_FILE);
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w', 0o644);
  try {
    writeSync(fd, `${JSON.stringify({ version, note: 'the data folder version of Mesura (docs/operations.md "Upgrades and rollbacks"); do not edit' })}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const folder = openSync(dataDir, 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
  log.info(from === 0 ? `data folder ${dataDir}: version ${version} recorded` : `data folder ${dataDir}: upgraded from version ${from} to ${version}`);
}
