/**
 * The server's backups: one snapshot at a time (snapshot.ts), into a checked folder
 * (backup-target.ts), and the last success and failure kept for the health answer.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkBackupTarget } from './backup-target.js';
import { writeSnapshot, type SnapshotManifest, type SnapshotSources } from './snapshot.js';

/** A second backup asked for while one runs. */
export class BackupBusyError extends Error {
  override readonly name = 'BackupBusyError';
}

export interface BackupSuccess {
  /** When the snapshot began (ISO 8601): every event acknowledged before then is in it. */
  at: string;
  dir: string;
  bytes: number;
  durationMs: number;
}

export interface BackupFailure {
  at: string;
  dir: string;
  error: string;
}

/** What the health answer shows of the backups (absent fields: none yet since start). */
export interface BackupStatus {
  running: boolean;
  lastSuccess?: BackupSuccess;
  lastFailure?: BackupFailure;
}

export interface Backups {
  /** Writes a snapshot into `dir` (absent or empty); throws BackupBusyError while another runs, BackupTargetError for a bad folder. */
  write(dir: string): Promise<SnapshotManifest>;
  status(): BackupStatus;
  /** Records a snapshot found on disk as the last success, when none was made since start (the schedule reads its folder at start). */
  noteExisting(success: BackupSuccess): void;
  /** Resolves once no backup runs (the server waits for it before closing its stores). */
  idle(): Promise<void>;
}

export function createBackups(sources: SnapshotSources): Backups {
  const status: BackupStatus = { running: false };
  let running: Promise<unknown> = Promise.resolve();
  const attempt = async (dir: string): Promise<SnapshotManifest> => {
    const started = sources.now();
    await checkBackupTarget(dir, sources.dataDir);
    const existed = await readdir(dir).then(
      () => true,
      () => false,
    );
    try {
      const manifest = await writeSnapshot(sources, dir);
      status.lastSuccess = { at: manifest.startedAt, dir, bytes: manifest.bytes, durationMs: sources.now() - started };
      return manifest;
    } catch (error) {
      status.lastFailure = { at: new Date(started).toISOString(), dir, error: oneLine(error) };
      // A cut-short snapshot has no manifest and no restore takes it; it goes, so it misleads no one.
      await removeWritten(dir, existed);
      throw error;
    }
  };
  return {
    write(dir) {
      if (status.running) return Promise.reject(new BackupBusyError('a backup is already running: wait for it to finish'));
      status.running = true;
      const run = attempt(dir).finally(() => {
        status.running = false;
      });
      running = run.catch(() => undefined);
      return run;
    },
    status: () => ({ ...status }),
    noteExisting(success) {
      status.lastSuccess ??= success;
    },
    idle: () => running.then(() => undefined),
  };
}

async function removeWritten(dir: string, existed: boolean): Promise<void> {
  if (!existed) return rm(dir, { recursive: true, force: true });
  for (const name of await readdir(dir).catch(() => [])) await rm(path.join(dir, name), { recursive: true, force: true });
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0] ?? '';
}
