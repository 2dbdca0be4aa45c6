/**
 * Online backup and restore (backup/): a snapshot taken through the admin API while beacons keep
 * arriving holds every event acknowledged before it began, in the restored server's export and
 * reports, with the accounts and API tokens working there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { restoreSnapshot } from '../../src/backup/restore.js';
import { BACKUP_MANIFEST_FILE } from '../../src/backup/snapshot.js';
import { signIn, sessionOf } from '../helpers/account-session.js';
import { BROWSER_UA, TEST_ENV, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const DAY = '2026-11-23';
/** Beacons in flight at once while the backup runs. */
const SENDERS = 4;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function sendPageView(server: MesuraServer): Promise<string | undefined> {
  const hit = testHit();
  const response = await server.app.inject({ method: 'GET', url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
  return response.statusCode === 200 ? hit.eventId : undefined;
}

async function exportedIds(server: MesuraServer, headers: Record<string, string>): Promise<Set<string>> {
  const response = await server.app.inject({ url: `/api/export/events?from=${DAY}&to=${DAY}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return new Set((JSON.parse(response.body) as { event_id: string }[]).map((row) => row.event_id));
}

async function startOn(dataDir: string): Promise<MesuraServer> {
  const config = loadConfig({ MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', ...TEST_ENV }, path.resolve(import.meta.dirname, '../../..'));
  const server = await createServer(config, { now: () => NOW });
  cleanup.push(() => server.close());
  return server;
}

describe('online backup and restore', () => {
  let source: TestServer;

  it('restores every event acknowledged before the backup began, taken while beacons keep arriving', async () => {
    const backupDir = tempDir('mesura-backups-');
    source = await startTestServer({ MESURA_BACKUP_DIR: backupDir, MESURA_BACKUP_INTERVAL_HOURS: '0' }, () => NOW);
    cleanup.push(() => source.dispose());
    const { server } = source;
    const analyst = await source.authHeaders('analyst');
    const admin = await source.authHeaders('admin');
    const { headers: editorSession } = await sessionOf(server, 'editor');
    expect(editorSession.cookie).toBeDefined();

    // Some events loaded into the store (a report catches up), some still only in the ingest log.
    const before: string[] = [];
    for (let i = 0; i < 150; i += 1) before.push((await sendPageView(server))!);
    expect((await server.app.inject({ url: `/api/reports/pageviews?from=${DAY}&to=${DAY}`, headers: analyst })).json().total).toBe(150);
    for (let i = 0; i < 150; i += 1) before.push((await sendPageView(server))!);
    expect(before.every((id) => id !== undefined)).toBe(true);

    let backingUp = true;
    const during: string[] = [];
    const senders = Array.from({ length: SENDERS }, async () => {
      while (backingUp) {
        const id = await sendPageView(server);
        if (id) during.push(id);
      }
    });
    const response = await server.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin, payload: { name: 'under-load' } });
    backingUp = false;
    await Promise.all(senders);
    expect(response.statusCode, response.body).toBe(201);
    const written = response.json() as { dir: string; files: number; bytes: number; startedAt: string };
    expect(written.dir).toBe(path.join(backupDir, 'under-load'));
    // Ingest went on: beacons were acknowledged while the snapshot was written.
    expect(during.length).toBeGreaterThan(0);
    expect(server.backups.status()).toMatchObject({ running: false, lastSuccess: { dir: written.dir, bytes: written.bytes } });
    const health = (await server.app.inject({ url: '/healthz' })).json() as { backup: unknown };
    expect(health.backup).toMatchObject({ running: false, lastSuccess: { dir: written.dir, bytes: written.bytes, at: written.startedAt } });

    const restoredDir = path.join(tempDir('mesura-restored-'), 'data');
    const manifest = await restoreSnapshot(written.dir, restoredDir);
    expect(manifest.files.map((file) => file.path)).toEqual(expect.arrayContaining(['mesura.duckdb', 'content.duckdb', 'visitors.duckdb', 'engagement.duckdb', 'backfill.key']));
    const restored = await startOn(restoredDir);

    // The analyst's API token and the editor's password work there.
    const ids = await exportedIds(restored, analyst);
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    const report = (await restored.app.inject({ url: `/api/reports/pageviews?from=${DAY}&to=${DAY}`, headers: analyst })).json() as { total: number };
    expect(report.total).toBe(ids.size);
    expect(report.total).toBeGreaterThanOrEqual(before.length);
    await signIn(restored, 'editor-session@test.local');
  });

  it('writes nothing without MESURA_BACKUP_DIR, and refuses a name taken or malformed', async () => {
    const plain = await startTestServer({}, () => NOW);
    cleanup.push(() => plain.dispose());
    const admin = await plain.authHeaders('admin');
    const unset = await plain.server.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().error).toMatch(/MESURA_BACKUP_DIR/);

    const backupDir = tempDir('mesura-backups-');
    const withDir = await startTestServer({ MESURA_BACKUP_DIR: backupDir, MESURA_BACKUP_INTERVAL_HOURS: '0' }, () => NOW);
    cleanup.push(() => withDir.dispose());
    const headers = await withDir.authHeaders('admin');
    const first = await withDir.server.app.inject({ method: 'POST', url: '/api/admin/backups', headers, payload: { name: 'nightly' } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await withDir.server.app.inject({ method: 'POST', url: '/api/admin/backups', headers, payload: { name: 'nightly' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/is not empty/);
    for (const name of ['../escape', '.hidden', 'a/b', '']) {
      const bad = await withDir.server.app.inject({ method: 'POST', url: '/api/admin/backups', headers, payload: { name } });
      expect(bad.statusCode, name).toBe(400);
    }
    const analyst = await withDir.authHeaders('analyst');
    expect((await withDir.server.app.inject({ method: 'POST', url: '/api/admin/backups', headers: analyst })).statusCode).toBe(403);
    const listed = await withDir.server.app.inject({ url: '/api/admin/backups', headers });
    expect(listed.json().snapshots.map((s: { name: string }) => s.name)).toEqual(['nightly']);
  });

  it('restores only a whole backup, and only into an empty data folder', async () => {
    const backupDir = tempDir('mesura-backups-');
    const withDir = await startTestServer({ MESURA_BACKUP_DIR: backupDir, MESURA_BACKUP_INTERVAL_HOURS: '0' }, () => NOW);
    cleanup.push(() => withDir.dispose());
    const response = await withDir.server.app.inject({ method: 'POST', url: '/api/admin/backups', headers: await withDir.authHeaders('admin') });
    const { dir } = response.json() as { dir: string };
    await expect(restoreSnapshot(dir, withDir.dataDir)).rejects.toThrow(/is not empty/);
    rmSync(path.join(dir, BACKUP_MANIFEST_FILE));
    await expect(restoreSnapshot(dir, path.join(tempDir('mesura-restored-'), 'data'))).rejects.toThrow(/not a whole Mesura backup/);
  });
});
