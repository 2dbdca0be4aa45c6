/**
 * What the move (move-to-cluster.ts) asks of the data folder before it reads anything: a folder of
 * this release (a newer one is refused as a start refuses it; an older one is first migrated by a
 * start of this release, so that every table has today's columns), and an ingest log the stopped
 * server has loaded whole (its acknowledged events are then all in mesura.duckdb).
 */
import { existsSync, openSync, readSync, closeSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { INGEST_LOG_DIR } from '../ingest/intake.js';
import { OperatorError } from '../operator-error.js';
import { checkDataFolderVersion, DATA_FOLDER_VERSION } from '../store/data-folder-version.js';
import { DUCKDB_FILE_NAME } from '../store/duckdb/duckdb-store.js';

/** Segment files of the ingest log (ingest-log.ts names them by a 12-digit sequence number). */
const SEGMENT_FILE = /^\d{12}\.ndjson$/;

export function checkSourceFolder(dataDir: string): void {
  if (!existsSync(path.join(dataDir, DUCKDB_FILE_NAME))) {
    throw new OperatorError(`there is no ${DUCKDB_FILE_NAME} in ${dataDir}: pass the embedded server's data folder with --data-dir or MESURA_DATA_DIR`);
  }
  // A newer folder: the same line a start of this release says, nothing read.
  const version = checkDataFolderVersion(dataDir);
  if (version < DATA_FOLDER_VERSION) {
    throw new OperatorError(
      `the data folder ${dataDir} is at version ${version}, older than this Mesura (${DATA_FOLDER_VERSION}): start this release's server on it once (it migrates the folder), stop it, and run the move again`,
    );
  }
  const unloaded = unloadedSegments(path.join(dataDir, INGEST_LOG_DIR));
  if (unloaded > 0) {
    throw new OperatorError(
      `the ingest log of ${dataDir} holds ${unloaded} segment(s) not yet in ${DUCKDB_FILE_NAME} (the server did not stop cleanly): start the server once and stop it with SIGTERM, which loads them, then run the move again`,
    );
  }
}

/** Segments that hold rows: a clean stop loads and deletes every one (an empty one holds only zeros written ahead, or nothing). */
function unloadedSegments(logDir: string): number {
  if (!existsSync(logDir)) return 0;
  return readdirSync(logDir).filter((name) => SEGMENT_FILE.test(name) && holdsRows(path.join(logDir, name))).length;
}

function holdsRows(file: string): boolean {
  if (statSync(file).size === 0) return false;
  const first = Buffer.alloc(1);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, first, 0, 1, 0);
  } finally {
    closeSync(fd);
  }
  // A row starts with `{`; the zeros a crash leaves after the last row start with 0.
  return first[0] !== 0;
}
