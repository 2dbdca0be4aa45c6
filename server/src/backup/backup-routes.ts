/**
 * The backup API, for admins (a session or an API token, as `npm run backup` sends):
 * `POST /api/admin/backups` writes a snapshot into a new folder of MESURA_BACKUP_DIR (named by
 * `{name}`, else `manual-<time>`) and answers where and what it wrote once it is whole;
 * `GET /api/admin/backups` answers the schedule, the last success and failure, and the snapshots
 * the folder holds. The server writes nowhere else: like ClickHouse's `backups.allowed_path`, the
 * folder is the operator's choice, never a request's.
 */
import type { FastifyInstance } from 'fastify';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ERRORS, HttpError } from '../http/errors.js';
import { BackupBusyError, type Backups } from './backups.js';
import { readManifest, utcStamp } from './backup-schedule.js';
import type { BackupSettings } from './backup-settings.js';
import { BackupTargetError } from './backup-target.js';

/** A folder name of the backup folder's own: no separator, no leading dot, nothing to escape. */
const BACKUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const ADMIN = { config: { access: 'admin' as const } };

export interface BackupRouteDeps {
  backups: Backups;
  settings: BackupSettings;
  now: () => number;
}

export async function backupRoutes(app: FastifyInstance, deps: BackupRouteDeps): Promise<void> {
  app.post('/api/admin/backups', ADMIN, async (request, reply) => {
    const dir = deps.settings.dir;
    if (dir === undefined) throw new HttpError(ERRORS.conflict, 'this server has no backup folder: start it with MESURA_BACKUP_DIR');
    const name = backupName(request.body, deps.now());
    const target = path.join(dir, name);
    try {
      const manifest = await deps.backups.write(target);
      const { startedAt, finishedAt, bytes, files, schemaVersion, external } = manifest;
      return reply.code(201).send({ dir: target, startedAt, finishedAt, bytes, files: files.length, schemaVersion, external });
    } catch (error) {
      if (error instanceof BackupBusyError || error instanceof BackupTargetError) throw new HttpError(ERRORS.conflict, error.message);
      throw error;
    }
  });

  app.get('/api/admin/backups', ADMIN, async () => {
    const { dir, intervalHours, keep } = deps.settings;
    return { dir: dir ?? null, intervalHours, keep, status: deps.backups.status(), snapshots: dir === undefined ? [] : await snapshotsIn(dir) };
  });
}

/** `{name}` checked, else `manual-<UTC time>`, which the schedule never prunes. */
function backupName(body: unknown, nowMs: number): string {
  if (body === undefined || body === null) return `manual-${utcStamp(nowMs)}`;
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(ERRORS.badQuery, 'the body must be a JSON object: {"name"?: string}');
  const { name, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new HttpError(ERRORS.badQuery, `unknown field '${Object.keys(rest)[0]!.slice(0, 40)}': only name`);
  if (name === undefined) return `manual-${utcStamp(nowMs)}`;
  if (typeof name !== 'string' || !BACKUP_NAME.test(name)) {
    throw new HttpError(ERRORS.badQuery, 'name must be 1 to 100 letters, digits, dots, dashes or underscores, not starting with a dot');
  }
  return name;
}

/** The whole snapshots in the folder, newest first. */
async function snapshotsIn(dir: string): Promise<{ name: string; startedAt: string; bytes: number }[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
  const found = [];
  for (const name of names) {
    const manifest = await readManifest(path.join(dir, name));
    if (manifest) found.push({ name, startedAt: manifest.startedAt, bytes: manifest.bytes });
  }
  return found;
}
