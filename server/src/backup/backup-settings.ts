/**
 * MESURA_BACKUP_DIR, MESURA_BACKUP_INTERVAL_HOURS and MESURA_BACKUP_KEEP: where the server writes
 * its snapshots (scheduled ones and those the admin API asks for), how often and how many it keeps.
 */
import path from 'node:path';
import { insideFolder } from './backup-target.js';

/** Daily: a day's events at most to replay from elsewhere after losing the disk. */
export const BACKUP_INTERVAL_HOURS_DEFAULT = 24;
/** A week of daily snapshots. */
export const BACKUP_KEEP_DEFAULT = 7;
/** A year of hourly checks would be 8,760: beyond it a schedule is a mistake. */
export const BACKUP_INTERVAL_HOURS_MAX = 8760;
export const BACKUP_KEEP_MAX = 1000;

export interface BackupSettings {
  /** Absolute; undefined: no scheduled backups, and the admin API writes none. */
  dir: string | undefined;
  /** 0: no schedule (the admin API and `npm run backup` still write into `dir`). */
  intervalHours: number;
  keep: number;
}

/** Reads the three variables; throws a one-line Error naming a bad one. */
export function parseBackupSettings(env: Record<string, string | undefined>, dataDir: string): BackupSettings {
  const dir = env.MESURA_BACKUP_DIR ? path.resolve(env.MESURA_BACKUP_DIR) : undefined;
  if (dir !== undefined && insideFolder(dataDir, dir)) {
    throw new Error(`MESURA_BACKUP_DIR must be outside the data folder ${dataDir}, got '${env.MESURA_BACKUP_DIR}'`);
  }
  return {
    dir,
    intervalHours: wholeNumberUpTo('MESURA_BACKUP_INTERVAL_HOURS', env.MESURA_BACKUP_INTERVAL_HOURS, BACKUP_INTERVAL_HOURS_DEFAULT, 0, BACKUP_INTERVAL_HOURS_MAX),
    keep: wholeNumberUpTo('MESURA_BACKUP_KEEP', env.MESURA_BACKUP_KEEP, BACKUP_KEEP_DEFAULT, 1, BACKUP_KEEP_MAX),
  };
}

function wholeNumberUpTo(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${value}'`);
  return n;
}
