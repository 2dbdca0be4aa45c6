import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, decodeHeartbeatQuery, variableNames } from '@mesura/protocol';
import { createServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createHeartbeatPipeline } from '../../src/ingest/heartbeat-pipeline.js';
import { IngestLog } from '../../src/ingest/ingest-log.js';
import { storeSegment } from '../../src/ingest/segment-batches.js';
import { StoreLoader } from '../../src/ingest/store-loader.js';
import { localDayIn } from '../../src/local-day.js';
import { openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { HeartbeatRow } from '../../src/store/heartbeat-row.js';
import type { Store } from '../../src/store/store.js';
import { deliver, heartbeatsOf, queryOf, replay, REPLAY_DAY, REPLAY_EPOCH_MS } from '../helpers/media.js';
import { authHeadersFor, startTestServer } from '../helpers/test-server.js';

/** The preroll scenario's figures (media-report.test.ts). */
const FIGURES = { sessionId: '1767225600000605992674', contentSeconds: 26.4, adSeconds: 4.8, completes: 1, startupTimeMs: 1400 };
const QUERY = { from: REPLAY_DAY, to: REPLAY_DAY, reportSuite: 'mesuraprod', includeBots: false, nowMs: REPLAY_EPOCH_MS, limit: 10 };

let dir: string;
let store: Store;
const logDir = () => path.join(dir, 'log');
const silent = () => undefined;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-media-log-'));
  store = await openDuckDbStore(path.join(dir, 'db'), variableNames(SITE_VARIABLE_MAP));
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The rows the collector writes to the log for every heartbeat of the preroll scenario. */
async function prerollRows(): Promise<HeartbeatRow[]> {
  const pipeline = createHeartbeatPipeline({
    environment: 'development',
    localDay: localDayIn('Europe/Madrid'),
    checkConsent: () => 'unknown',
    keepUserAgent: false,
  });
  return heartbeatsOf(await replay('preroll-ads-chapter-seek.json')).flatMap((request) => {
    const decoded = decodeHeartbeatQuery(queryOf(request.params));
    if (!decoded.ok) throw new Error(decoded.reason);
    return pipeline(decoded.value, ['mesuraprod'], { receivedAtMs: request.sentAtMs, ip: '203.0.113.9', userAgent: undefined });
  });
}

describe('acknowledged heartbeats survive a crash (the beacons’ ingest log)', () => {
  it('recovers the heartbeats a crashed process acknowledged, skipping a torn last line', async () => {
    const rows = await prerollRows();
    const crashed = IngestLog.open(logDir()).log;
    await crashed.append(rows);
    // The process dies here: nothing sealed or loaded; a half-written batch follows.
    appendFileSync(path.join(logDir(), readdirSync(logDir())[0]!), '{"kind":"heartbeat","heartbeatId":"x","reportSu');

    const { log, leftover } = IngestLog.open(logDir());
    expect(await new StoreLoader(log, store, silent).recover(leftover)).toBe(rows.length);
    expect(await store.mediaSessions(QUERY)).toMatchObject([FIGURES]);
    await log.close();
  });

  it('does not store a heartbeat twice when a segment that was already loaded is recovered again', async () => {
    const rows = await prerollRows();
    const first = IngestLog.open(logDir()).log;
    await first.append(rows);
    await storeSegment(store, { file: path.join(logDir(), readdirSync(logDir())[0]!) }, { skipStored: false });

    const { log, leftover } = IngestLog.open(logDir());
    expect(await new StoreLoader(log, store, silent).recover(leftover)).toBe(0);
    expect(await store.mediaSessions(QUERY)).toMatchObject([FIGURES]);
    await log.close();
  });

  it('stores a copy received within a day once, and counts a later copy once in the sessions', async () => {
    const rows = await prerollRows();
    const loadCopies = async (name: string, laterByMs: number): Promise<number> => {
      const copies = IngestLog.open(path.join(dir, name)).log;
      await copies.append(rows.map((row) => ({ ...row, receivedAtMs: row.receivedAtMs + laterByMs })));
      await copies.close();
      return storeSegment(store, { file: path.join(dir, name, readdirSync(path.join(dir, name))[0]!) }, { skipStored: false });
    };
    const HOUR_MS = 3_600_000;
    expect(await loadCopies('first', 0)).toBe(rows.length);
    // Within DEDUPLICATION_WINDOW_HOURS of the stored heartbeats: a retry, nothing new.
    expect(await loadCopies('retry', 23 * HOUR_MS)).toBe(0);
    // Beyond it the lookup does not reach them: stored again, yet each session counts a heartbeat id once.
    expect(await loadCopies('late', 25 * HOUR_MS)).toBe(rows.length);
    expect(await store.mediaSessions(QUERY)).toMatchObject([FIGURES]);
  });

  it('loads hits and heartbeats of one segment together', async () => {
    const { log } = IngestLog.open(logDir());
    const loader = new StoreLoader(log, store, silent);
    // The session's start, aa_start, the preroll wait's start close and the first ad's start.
    await log.append((await prerollRows()).slice(0, 4));
    await loader.flush();
    expect(await store.mediaSessions(QUERY)).toMatchObject([{ sessionId: FIGURES.sessionId, adsStarted: 1 }]);
    expect(readdirSync(logDir())).toHaveLength(1); // only the new, current segment
    await log.close();
  });

  it('reports after a restart on the disk as a crash left it, every heartbeat it had acknowledged', async () => {
    let clock = REPLAY_EPOCH_MS;
    const running = await startTestServer({}, () => clock);
    const crashImage = mkdtempSync(path.join(tmpdir(), 'mesura-crash-'));
    try {
      await deliver(running, await replay('preroll-ads-chapter-seek.json'), (ms) => (clock = ms));
      // Every 200 has gone out: the data folder now is what a kill -9 would leave.
      cpSync(running.dataDir, crashImage, { recursive: true });
      const repoRoot = path.resolve(import.meta.dirname, '../../..');
      const restarted = await createServer(loadConfig({ MESURA_DATA_DIR: crashImage, MESURA_LOG_LEVEL: 'silent' }, repoRoot), { now: () => clock });
      const headers = await authHeadersFor(restarted, 'analyst');
      const response = await restarted.app.inject({ url: `/api/reports/media/sessions?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=mesuraprod`, headers });
      expect(response.json().sessions).toMatchObject([{ ...FIGURES, endedReason: 'complete' }]);
      await restarted.close();
    } finally {
      await running.dispose();
      rmSync(crashImage, { recursive: true, force: true });
    }
  });
});
