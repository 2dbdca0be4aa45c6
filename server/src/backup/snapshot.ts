/**
 * A snapshot of a data folder, written while the server keeps taking events: a folder laid out as
 * the data folder is (so that a server starts on it, or `npm run restore` copies it back), plus a
 * manifest written last, whose presence says the snapshot is whole.
 *
 * Order matters. The ingest log is copied first and the databases after: an event acknowledged
 * before the snapshot began is in a log segment (then its copy holds it: every acknowledged row is
 * synced before its answer) or was already loaded, and a segment is deleted only after its load
 * commits, so a segment gone before its copy is in the databases copied after. A row in both is
 * stored once when the restored server loads its log (every load de-duplicates by event key).
 */
import { closeSync, fsyncSync, openSync, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { INGEST_LOG_DIR } from '../ingest/intake.js';
import { DUCKDB_STAGING_DIR } from '../store/duckdb/batch-staging.js';
import { copyClosedDuckDbFile, type OpenDatabase } from '../store/duckdb/duckdb-copy.js';

/** Written last into every snapshot: what it holds, and that it is whole. */
export const BACKUP_MANIFEST_FILE = 'mesura-backup.json';
/** The manifest's own format; a restore refuses one it does not know. */
export const BACKUP_FORMAT = 1;
const SNAPSHOT_DIR_MODE = 0o700;
const DUCKDB_FILE_SUFFIX = '.duckdb';
/** What a data folder holds that is not data: DuckDB's own WAL (the copy has none), half-written files. */
const SKIPPED_SUFFIXES = ['.duckdb.wal', '.tmp'];

export interface SnapshotManifest {
  format: typeof BACKUP_FORMAT;
  /** When the copy began (ISO 8601): every event acknowledged before it is in the snapshot. */
  startedAt: string;
  finishedAt: string;
  /**
   * The data folder's schema version when the snapshot was made (the versioned store records
   * it); null when the build that made it kept none. A restore hands it to the server's own check.
   */
  schemaVersion: number | null;
  /** Every file of the snapshot, relative to it, with its size. */
  files: { path: string; bytes: number }[];
  bytes: number;
  /** What the server keeps outside its data folder (ClickHouse, PostgreSQL): not in this snapshot; see docs/operations.md. */
  external: Record<string, string>;
}

export interface SnapshotSources {
  dataDir: string;
  /** The databases this process holds open, copied through their own connections; every other `.duckdb` file is copied closed. */
  openDatabases(): readonly OpenDatabase[];
  /** Runs before anything is copied (what is held in memory goes to the store). */
  beforeCopy?(): Promise<void>;
  /** The data folder's schema version, recorded in the manifest. */
  schemaVersion?(): Promise<number | undefined>;
  /** Stores outside the data folder, by what they hold (their addresses without passwords). */
  external?: Record<string, string>;
  now(): number;
}

/** Writes a snapshot of `sources.dataDir` into `targetDir`, which must be absent or empty (backup-target.ts checks it first). */
export async function writeSnapshot(sources: SnapshotSources, targetDir: string): Promise<SnapshotManifest> {
  const startedAt = new Date(sources.now()).toISOString();
  // Only the server's user reads it: it holds every event and the data folder's keys.
  await mkdir(targetDir, { recursive: true, mode: SNAPSHOT_DIR_MODE });
  await sources.beforeCopy?.();
  const copied: string[] = [];
  // 1. The ingest log, before the databases (see above).
  copied.push(...(await copyTree(path.join(sources.dataDir, INGEST_LOG_DIR), path.join(targetDir, INGEST_LOG_DIR), INGEST_LOG_DIR)));
  // 2. The databases, each one snapshot; 3. everything else (keys, the outbox, markers) as it is.
  const open = new Map(sources.openDatabases().map((database) => [database.fileName, database]));
  for (const entry of await readdir(sources.dataDir, { withFileTypes: true })) {
    const name = entry.name;
    if (name === INGEST_LOG_DIR || name === DUCKDB_STAGING_DIR || name === BACKUP_MANIFEST_FILE || SKIPPED_SUFFIXES.some((s) => name.endsWith(s))) continue;
    const from = path.join(sources.dataDir, name);
    const to = path.join(targetDir, name);
    if (entry.isFile() && name.endsWith(DUCKDB_FILE_SUFFIX)) {
      await (open.get(name)?.copyTo(to) ?? copyClosedDuckDbFile(from, to));
      copied.push(name);
    } else if (entry.isDirectory()) {
      copied.push(...(await copyTree(from, to, name)));
    } else if (entry.isFile()) {
      await copyFileSynced(from, to);
      copied.push(name);
    }
  }
  const files = await Promise.all(copied.sort().map(async (file) => ({ path: file, bytes: (await stat(path.join(targetDir, file))).size })));
  const manifest: SnapshotManifest = {
    format: BACKUP_FORMAT,
    startedAt,
    finishedAt: new Date(sources.now()).toISOString(),
    schemaVersion: (await sources.schemaVersion?.()) ?? null,
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    external: sources.external ?? {},
  };
  syncDirectories(targetDir, copied);
  await writeFile(path.join(targetDir, BACKUP_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  syncPath(path.join(targetDir, BACKUP_MANIFEST_FILE));
  syncPath(targetDir);
  return manifest;
}

/**
 * Copies a folder's files (recursively), answering their paths under `relative`. A file that goes
 * while the folder is read (an ingest log segment loaded and deleted) is skipped: it is in the
 * store by then. A folder that is not there yields nothing.
 */
export async function copyTree(from: string, to: string, relative: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  await mkdir(to, { recursive: true });
  const copied: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      copied.push(...(await copyTree(path.join(from, entry.name), path.join(to, entry.name), name)));
    } else if (entry.isFile()) {
      if (await copyFileSynced(path.join(from, entry.name), path.join(to, entry.name))) copied.push(name);
    }
  }
  return copied;
}

/** Copies one file and syncs the copy; false when the source went before it was read. */
export async function copyFileSynced(from: string, to: string): Promise<boolean> {
  try {
    await copyFile(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  syncPath(to);
  return true;
}

/** Syncs the folders that hold `files` (relative to `root`), so that their entries survive a crash too. */
export function syncDirectories(root: string, files: readonly string[]): void {
  for (const dir of new Set(files.map((file) => path.dirname(path.join(root, file))))) syncPath(dir);
}

/** fsync of a file or a folder. */
export function syncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
