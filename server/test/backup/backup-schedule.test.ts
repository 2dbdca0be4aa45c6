/**
 * Scheduled backups (backup/backup-schedule.ts): a snapshot when the newest whole one is older
 * than MESURA_BACKUP_INTERVAL_HOURS, the newest MESURA_BACKUP_KEEP kept, on a fake clock.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runScheduledBackup, scheduledSnapshotName } from '../../src/backup/backup-schedule.js';
import { createBackups } from '../../src/backup/backups.js';

const HOUR_MS = 60 * 60 * 1000;
const START = Date.parse('2026-11-23T03:00:00Z');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setUp() {
  const root = mkdtempSync(path.join(tmpdir(), 'mesura-schedule-'));
  dirs.push(root);
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backups');
  mkdirSync(dataDir);
  mkdirSync(backupDir);
  writeFileSync(path.join(dataDir, 'backfill.key'), 'key');
  let now = START;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const backups = createBackups({ dataDir, openDatabases: () => [], now: clock.now });
  const log = { info: () => undefined, error: () => undefined };
  const options = { backups, dir: backupDir, intervalHours: 24, keep: 2, now: clock.now, log };
  return { dataDir, backupDir, clock, options, backups };
}

describe('scheduled backups', () => {
  it('writes one when none is newer than the interval and keeps the newest MESURA_BACKUP_KEEP', async () => {
    const { backupDir, clock, options } = setUp();
    expect((await runScheduledBackup(options)).wrote).toBe(path.join(backupDir, scheduledSnapshotName(START)));
    clock.advance(23 * HOUR_MS);
    expect((await runScheduledBackup(options)).wrote).toBeUndefined();
    clock.advance(HOUR_MS);
    expect((await runScheduledBackup(options)).wrote).toBeDefined();
    clock.advance(24 * HOUR_MS);
    const third = await runScheduledBackup(options);
    expect(third.deleted).toEqual([scheduledSnapshotName(START)]);
    expect(readdirSync(backupDir)).toEqual([scheduledSnapshotName(START + 24 * HOUR_MS), scheduledSnapshotName(START + 48 * HOUR_MS)]);
  });

  it('deletes a scheduled folder a crash left without a manifest, and leaves other folders alone', async () => {
    const { backupDir, options } = setUp();
    mkdirSync(path.join(backupDir, scheduledSnapshotName(START - 48 * HOUR_MS)));
    mkdirSync(path.join(backupDir, 'before-upgrade'));
    const run = await runScheduledBackup(options);
    expect(run.deleted).toEqual([scheduledSnapshotName(START - 48 * HOUR_MS)]);
    expect(readdirSync(backupDir).sort()).toEqual(['before-upgrade', scheduledSnapshotName(START)]);
  });

  it('shows the newest snapshot on disk as the last success after a restart, and a failure with its folder', async () => {
    const first = setUp();
    await runScheduledBackup(first.options);
    const restarted = createBackups({ dataDir: first.dataDir, openDatabases: () => [], now: first.clock.now });
    expect((await runScheduledBackup({ ...first.options, backups: restarted })).wrote).toBeUndefined();
    expect(restarted.status().lastSuccess).toMatchObject({ dir: path.join(first.backupDir, scheduledSnapshotName(START)), at: new Date(START).toISOString() });

    rmSync(first.dataDir, { recursive: true });
    first.clock.advance(25 * HOUR_MS);
    expect((await runScheduledBackup(first.options)).wrote).toBeUndefined();
    expect(first.backups.status().lastFailure).toMatchObject({ dir: path.join(first.backupDir, scheduledSnapshotName(START + 25 * HOUR_MS)) });
    expect(readdirSync(first.backupDir)).toEqual([scheduledSnapshotName(START)]);
  });
});
