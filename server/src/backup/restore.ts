/**
 * A snapshot brought back into a data folder: only a whole one (its manifest there, every file it
 * lists there at its size), only into an absent or empty folder, and all at once: the files go to
 * a folder beside it that takes its name when every one is synced, so a restore cut short leaves
 * no half data folder for a server to start on. The restored server loads the ingest log the
 * snapshot carries, as after a crash, and checks the folder's schema version as on any start.
 */
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DATA_FOLDER_VERSION } from '../store/data-folder-version.js';
import { readManifest } from './backup-schedule.js';
import { insideFolder } from './backup-target.js';
import { BACKUP_FORMAT, BACKUP_MANIFEST_FILE, copyFileSynced, syncDirectories, syncPath, type SnapshotManifest } from './snapshot.js';

/** A snapshot or a data folder the operator has to change; one line. */
export class RestoreError extends Error {
  override readonly name = 'RestoreError';
}

export async function restoreSnapshot(snapshotDir: string, dataDir: string): Promise<SnapshotManifest> {
  const manifest = await wholeSnapshot(snapshotDir);
  const existing = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new RestoreError(`the data folder ${dataDir} cannot be read (${error.code ?? error.message})`);
  });
  if (existing && existing.length > 0) {
    throw new RestoreError(`the data folder ${dataDir} is not empty: restore into a new folder (MESURA_DATA_DIR) or move this one away first`);
  }
  const staging = `${dataDir}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(staging, { recursive: true, mode: 0o700 });
    for (const file of manifest.files) {
      await mkdir(path.dirname(path.join(staging, file.path)), { recursive: true });
      if (!(await copyFileSynced(path.join(snapshotDir, file.path), path.join(staging, file.path)))) {
        throw new RestoreError(`the backup ${snapshotDir} lost ${file.path} while it was copied`);
      }
    }
    syncDirectories(
      staging,
      manifest.files.map((file) => file.path),
    );
    if (existing) await rmdir(dataDir);
    await rename(staging, dataDir);
    syncPath(path.dirname(path.resolve(dataDir)));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return manifest;
}

/** The snapshot's manifest, once the snapshot is checked whole. */
async function wholeSnapshot(snapshotDir: string): Promise<SnapshotManifest> {
  const manifest = await readManifest(snapshotDir);
  if (!manifest) throw new RestoreError(`${snapshotDir} is not a whole Mesura backup: it has no readable ${BACKUP_MANIFEST_FILE} (cut short, or not a backup)`);
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) {
    throw new RestoreError(`${snapshotDir} is a backup of format ${String(manifest.format)}, which this build does not know: restore it with the release that made it`);
  }
  if (manifest.schemaVersion !== null && manifest.schemaVersion > DATA_FOLDER_VERSION) {
    throw new RestoreError(`${snapshotDir} holds a data folder at version ${manifest.schemaVersion}, newer than this Mesura knows (${DATA_FOLDER_VERSION}): restore it with the release that made it`);
  }
  for (const file of manifest.files) {
    // A manifest names files inside its snapshot only; one edited to reach elsewhere is refused.
    if (typeof file.path !== 'string' || path.isAbsolute(file.path) || !insideFolder(snapshotDir, path.join(snapshotDir, file.path))) {
      throw new RestoreError(`${snapshotDir}'s manifest names a file outside it: ${String(file.path).slice(0, 200)}`);
    }
    const found = await stat(path.join(snapshotDir, file.path)).catch(() => undefined);
    if (!found?.isFile() || found.size !== file.bytes) {
      throw new RestoreError(`the backup ${snapshotDir} is damaged: ${file.path} is ${found ? `${found.size} bytes, not ${file.bytes}` : 'missing'}`);
    }
  }
  return manifest;
}
