/**
 * `npm run backup -- <dir>`: a snapshot of the data folder (MESURA_DATA_DIR) into `<dir>`, absent
 * or empty. While a server holds the folder (its DuckDB file locked), the server writes it: this
 * command asks `POST /api/admin/backups` on PORT with MESURA_ADMIN_TOKEN (an admin's API token),
 * into MESURA_BACKUP_DIR, and moves it to `<dir>` when that is elsewhere. With no server on the
 * folder it copies the folder itself, each database opened read-only. Every mistake is one line.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServerConfig } from '../config.js';
import { OperatorError } from '../operator-error.js';
import { dataFolderVersion } from '../store/data-folder-version.js';
import { DUCKDB_FILE_NAME } from '../store/duckdb/duckdb-store.js';
import { utcStamp } from './backup-schedule.js';
import { BackupTargetError, checkBackupTarget } from './backup-target.js';
import { askServerForBackup, type ServerBackupAnswer } from './backup-request.js';
import { copyClosedDuckDbFile } from '../store/duckdb/duckdb-copy.js';
import { copyTree, writeSnapshot } from './snapshot.js';
import { runCommand } from './command-line.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

runCommand('backup', async (args) => {
  if (args.length !== 1) throw new OperatorError('usage: npm run backup -- <folder> (a new or empty folder outside the data folder)');
  const config = loadConfig(process.env, repoRoot);
  const target = path.resolve(args[0]!);
  await checkBackupTarget(target, config.dataDir).catch(asOperatorError);
  if (!existsSync(config.dataDir)) throw new OperatorError(`there is no data folder at ${config.dataDir}: set MESURA_DATA_DIR to the server's`);
  if (await heldByAServer(config.dataDir)) {
    const written = await throughServer(config, target);
    return `backup: the server wrote ${written.files} files (${written.bytes} bytes) to ${target}; every event acknowledged before ${written.startedAt} is in it`;
  }
  const manifest = await writeSnapshot({ dataDir: config.dataDir, openDatabases: () => [], schemaVersion: async () => dataFolderVersion(config.dataDir), now: Date.now }, target);
  return `backup: wrote ${manifest.files.length} files (${manifest.bytes} bytes) of ${config.dataDir}, which no server holds, to ${target}`;
});

/** Whether a process holds the folder's DuckDB file (DuckDB's lock refuses a read-only open then). */
async function heldByAServer(dataDir: string): Promise<boolean> {
  const file = path.join(dataDir, DUCKDB_FILE_NAME);
  if (!existsSync(file)) return false;
  const probe = await mkdtemp(path.join(tmpdir(), 'mesura-lock-probe-'));
  try {
    await copyClosedDuckDbFile(file, path.join(probe, 'probe.duckdb')).catch((error: Error) => {
      if (/lock/i.test(error.message)) throw new HeldError();
      throw error;
    });
    return false;
  } catch (error) {
    if (error instanceof HeldError) return true;
    throw new OperatorError(`${file} cannot be read: ${(error as Error).message.split('\n', 1)[0]}`);
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
}

class HeldError extends Error {}

async function throughServer(config: ServerConfig, target: string): Promise<ServerBackupAnswer> {
  const backupDir = config.backup.dir;
  if (backupDir === undefined) {
    throw new OperatorError(`a server holds ${config.dataDir} and writes backups only into its MESURA_BACKUP_DIR: start it with one, and run this command with the same`);
  }
  const inPlace = path.dirname(target) === backupDir;
  const name = inPlace ? path.basename(target) : `manual-${utcStamp(Date.now())}`;
  const written = await askServerForBackup(config, name, process.env.MESURA_ADMIN_TOKEN);
  if (!inPlace) await move(written.dir, target);
  return written;
}

/** Moves the server's snapshot to the operator's folder: a rename on one file system, else a copy. */
async function move(from: string, to: string): Promise<void> {
  // An empty folder the operator made goes (rmdir never takes one that holds anything).
  await rmdir(to).catch(() => undefined);
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyTree(from, to, '.');
    await rm(from, { recursive: true, force: true });
  }
}

function asOperatorError(error: unknown): never {
  if (error instanceof BackupTargetError) throw new OperatorError(error.message);
  throw error;
}
