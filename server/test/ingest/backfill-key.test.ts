import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKFILL_KEY_FILE, BACKFILL_KEY_HEADER, RECEIVED_AT_HEADER, createBackfill, ensureBackfillKey } from '../../src/ingest/backfill-key.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const DAY_MS = 86_400_000;
/** 13:00 in Barcelona on 2026-03-10. */
const NOW = Date.UTC(2026, 2, 10, 12, 0);

describe('the backfill key', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is made once in the data folder, readable by its owner only, and kept', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-backfill-'));
    dirs.push(dir);
    const key = ensureBackfillKey(dir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path.join(dir, BACKFILL_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(ensureBackfillKey(dir)).toBe(key);
    expect(readFileSync(path.join(dir, BACKFILL_KEY_FILE), 'utf8')).toBe(key);
  });

  it('names a past receive time only with the key, within the retention period, never in the future', () => {
    const backfill = createBackfill('k'.repeat(43), 30);
    const keyed = (at: string, key = 'k'.repeat(43)) => ({ [BACKFILL_KEY_HEADER]: key, [RECEIVED_AT_HEADER]: at });
    expect(backfill.receivedAt(keyed(String(NOW - DAY_MS)), NOW)).toBe(NOW - DAY_MS);
    expect(backfill.receivedAt(keyed(String(NOW - 30 * DAY_MS)), NOW)).toBe(NOW - 30 * DAY_MS);
    // Without the key, or with another, the header is the client's word: ignored.
    expect(backfill.receivedAt({ [RECEIVED_AT_HEADER]: String(NOW - DAY_MS) }, NOW)).toBe(NOW);
    expect(backfill.receivedAt(keyed(String(NOW - DAY_MS), 'x'.repeat(43)), NOW)).toBe(NOW);
    expect(backfill.receivedAt(keyed(String(NOW - DAY_MS), 'short'), NOW)).toBe(NOW);
    // Node reads header bytes as latin1: 43 characters, one past ASCII, are 44 bytes in UTF-8.
    expect(backfill.trusted(keyed('1', `\u00e9${'k'.repeat(42)}`))).toBe(false);
    expect(backfill.trusted(keyed('1'))).toBe(true);
    expect(backfill.trusted({})).toBe(false);
    for (const bad of [String(NOW + 1), String(NOW - 30 * DAY_MS - 1), 'yesterday', '-5', '1e12']) {
      expect(() => backfill.receivedAt(keyed(bad), NOW), bad).toThrow(`${RECEIVED_AT_HEADER} must be epoch milliseconds, not in the future and within the retention period`);
    }
  });
});

describe('a backfilled beacon', () => {
  let t: TestServer;
  afterEach(() => t.dispose());

  async function pageViewsByDay(): Promise<Record<string, number>> {
    const response = await t.server.app.inject({ url: '/api/reports/audience/by-day?from=2026-03-01&to=2026-03-10&suite=mesuradev', headers: await t.authHeaders('analyst') });
    expect(response.statusCode).toBe(200);
    const rows = response.json().rows as { key: string; values: { page_views: number } }[];
    return Object.fromEntries(rows.filter((row) => row.values.page_views > 0).map((row) => [row.key, row.values.page_views]));
  }

  it('counts on the day it names with the key, on today without it, and is refused past the retention period', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1', MESURA_RETENTION_DAYS: '30' }, () => NOW);
    const key = readFileSync(path.join(t.dataDir, BACKFILL_KEY_FILE), 'utf8');
    const send = (headers: Record<string, string>) =>
      t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid: `BACKFILL-${Math.random()}` } })), headers: { 'user-agent': BROWSER_UA, ...headers } });

    expect((await send({ [BACKFILL_KEY_HEADER]: key, [RECEIVED_AT_HEADER]: String(NOW - 5 * DAY_MS) })).statusCode).toBe(200);
    expect((await send({ [RECEIVED_AT_HEADER]: String(NOW - 5 * DAY_MS) })).statusCode).toBe(200);
    const tooOld = await send({ [BACKFILL_KEY_HEADER]: key, [RECEIVED_AT_HEADER]: String(NOW - 31 * DAY_MS) });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().error).toMatch(/within the retention period/);
    expect(await pageViewsByDay()).toEqual({ '2026-03-05': 1, '2026-03-10': 1 });
  });
});
