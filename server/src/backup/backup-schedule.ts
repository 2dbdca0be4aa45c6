/**
 * Scheduled backups (MESURA_BACKUP_DIR, MESURA_BACKUP_INTERVAL_HOURS, MESURA_BACKUP_KEEP): every
 * BACKUP_CHECK_INTERVAL_MS, and once at start, a snapshot is written into a new timestamped
 * folder when the newest whole one is older than the interval, and the oldest beyond the number to
 * keep are deleted. The newest snapshot on disk decides, not the process's memory: a server
 * restarted every hour still backs up once a day, and one down for a week backs up as it starts.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { startPeriodicJob, type JobTimers, type PeriodicJob } from '../periodic-job.js';
import { BackupBusyError, type Backups, type BackupSuccess } from './backups.js';
import { BACKUP_MANIFEST_FILE, type SnapshotManifest } from './snapshot.js';

/** How often the schedule looks whether a snapshot is due: the latest a snapshot comes after it is due. */
export const BACKUP_CHECK_INTERVAL_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** `mesura-20261123T090507Z`: sorted by name, sorted by time. */
const SCHEDULED_NAME = /^mesura-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

export interface BackupScheduleOptions {
  backups: Backups;
  dir: string;
  intervalHours: number;
  keep: number;
  now(): number;
  timers?: JobTimers;
  log: { info(message: string): void; error(message: string): void };
}

/** What one check did: the snapshot it wrote (or none, not due) and the folders it deleted. */
export interface ScheduledRun {
  wrote: string | undefined;
  deleted: string[];
}

export function startBackupSchedule(options: BackupScheduleOptions): PeriodicJob<ScheduledRun> {
  return startPeriodicJob(() => runScheduledBackup(options), BACKUP_CHECK_INTERVAL_MS, options.timers);
}

export async function runScheduledBackup(options: BackupScheduleOptions): Promise<ScheduledRun> {
  const { backups, dir, log } = options;
  const whole = await wholeSnapshots(dir);
  const newest = whole.at(-1);
  if (newest) backups.noteExisting(newest.success);
  const now = options.now();
  if (newest && now - newest.atMs < options.intervalHours * HOUR_MS) return { wrote: undefined, deleted: [] };
  const target = path.join(dir, scheduledSnapshotName(now));
  try {
    const manifest = await backups.write(target);
    log.info(`backup: wrote ${target} (${manifest.bytes} bytes, ${manifest.files.length} files)`);
  } catch (error) {
    // Busy: an admin's backup is running; the next check comes soon enough.
    if (!(error instanceof BackupBusyError)) log.error(`backup: writing ${target} failed: ${(error as Error).message.split('\n', 1)[0]}; will retry at the next check`);
    return { wrote: undefined, deleted: [] };
  }
  return { wrote: target, deleted: await prune(dir, options.keep) };
}

/** The folder name of a snapshot begun at `atMs`. */
export function scheduledSnapshotName(atMs: number): string {
  return `mesura-${utcStamp(atMs)}`;
}

/** `20261123T090507Z`: a time in UTC to the second, as folder names carry it. */
export function utcStamp(atMs: number): string {
  return new Date(atMs)
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replaceAll(/[-:]/g, '');
}

/** Scheduled snapshots with a manifest (whole ones), oldest first. */
async function wholeSnapshots(dir: string): Promise<{ name: string; atMs: number; success: BackupSuccess }[]> {
  const found = [];
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
    const stamp = SCHEDULED_NAME.exec(name);
    if (!stamp) continue;
    const manifest = await readManifest(path.join(dir, name));
    if (!manifest) continue;
    const [, year, month, day, hour, minute, second] = stamp;
    const atMs = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
    const durationMs = Date.parse(manifest.finishedAt) - Date.parse(manifest.startedAt);
    found.push({ name, atMs, success: { at: manifest.startedAt, dir: path.join(dir, name), bytes: manifest.bytes, durationMs } });
  }
  return found;
}

/** Deletes whole snapshots beyond the newest `keep`, and scheduled folders a crash left without a manifest. */
async function prune(dir: string, keep: number): Promise<string[]> {
  const whole = new Set((await wholeSnapshots(dir)).map((snapshot) => snapshot.name));
  const kept = new Set([...whole].slice(-keep));
  const deleted: string[] = [];
  for (const name of await readdir(dir)) {
    if (!SCHEDULED_NAME.test(name) || kept.has(name)) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    deleted.push(name);
  }
  return deleted;
}

export async function readManifest(snapshotDir: string): Promise<SnapshotManifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(snapshotDir, BACKUP_MANIFEST_FILE), 'utf8')) as SnapshotManifest;
  } catch {
    return undefined;
  }
}
