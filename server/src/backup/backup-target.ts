/**
 * Where a snapshot may be written: a folder that is absent (its parent there and writable) or
 * empty, outside the data folder. Checked before anything is copied, so that a mistake is one line
 * and changes nothing.
 */
import { constants } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** A target the operator has to change; its message is one line naming the folder. */
export class BackupTargetError extends Error {
  override readonly name = 'BackupTargetError';
}

/** Throws BackupTargetError unless `target` (absolute) can take a new snapshot of `dataDir`. */
export async function checkBackupTarget(target: string, dataDir: string): Promise<void> {
  if (!path.isAbsolute(target)) throw new BackupTargetError(`the backup folder must be an absolute path, got '${target}'`);
  if (insideFolder(dataDir, target)) {
    throw new BackupTargetError(`the backup folder ${target} is inside the data folder ${dataDir}: choose one outside it`);
  }
  const found = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new BackupTargetError(`the backup folder ${target} cannot be read (${error.code ?? error.message})`);
  });
  if (found) {
    if (!found.isDirectory()) throw new BackupTargetError(`the backup folder ${target} is a file, not a folder`);
    if ((await readdir(target)).length > 0) throw new BackupTargetError(`the backup folder ${target} is not empty: name a new or empty folder`);
    await writable(target);
    return;
  }
  const parent = path.dirname(target);
  const parentFound = await stat(parent).catch(() => undefined);
  if (!parentFound?.isDirectory()) throw new BackupTargetError(`the backup folder's parent ${parent} does not exist: make it first`);
  await writable(parent);
}

/** True when `candidate` is `folder` or lies under it. */
export function insideFolder(folder: string, candidate: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(candidate));
  return !(relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative));
}

async function writable(dir: string): Promise<void> {
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new BackupTargetError(`the folder ${dir} is not writable by this user`);
  }
}
