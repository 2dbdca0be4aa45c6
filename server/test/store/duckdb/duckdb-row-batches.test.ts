/**
 * The embedded store takes rows, not file names (Store.storeBatch): a batch made in memory is
 * stored, a batch sent again is stored once, and a segment whose second batch failed ends with
 * every row once after the loader's retry.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { IngestLog, type LogRecord } from '../../../src/ingest/ingest-log.js';
import { StoreLoader } from '../../../src/ingest/store-loader.js';
import { DUCKDB_STAGING_DIR } from '../../../src/store/duckdb/batch-staging.js';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import type { RowBatchSink } from '../../../src/store/row-batch.js';
import { LAST_HOUR_OF_JANUARY_MS, decisionRow, heartbeatRow, hitRow } from '../../helpers/event-rows.js';

type DuckDbStore = Awaited<ReturnType<typeof openDuckDbStore>>;

let dir: string;
let store: DuckDbStore;
const dataDir = () => path.join(dir, 'data');

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-duckdb-batches-'));
  store = await openDuckDbStore(dataDir(), variableNames(SITE_VARIABLE_MAP));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Rows of every kind, each id once. */
function records(prefix: string): LogRecord[] {
  return [
    hitRow(`${prefix}-1`),
    { ...heartbeatRow(LAST_HOUR_OF_JANUARY_MS), heartbeatId: `${prefix}-hb1` },
    hitRow(`${prefix}-2`, { pageName: `l'${prefix}\n` }),
    decisionRow(`${prefix}-d`, LAST_HOUR_OF_JANUARY_MS),
    hitRow(`${prefix}-3`, { day: '2026-02-01' }),
    { ...heartbeatRow(LAST_HOUR_OF_JANUARY_MS + 1000), heartbeatId: `${prefix}-hb2` },
    hitRow(`${prefix}-4`),
  ];
}

/** The ids of every stored row of the three tables, one per copy, sorted. */
async function storedIds(): Promise<string[]> {
  const rows = await store.read(
    {
      name: 'stored-ids',
      duckdb: `SELECT event_id AS id FROM hits UNION ALL SELECT heartbeat_id FROM heartbeats UNION ALL SELECT decision_id FROM decision_events ORDER BY 1`,
    },
    {},
  );
  return rows.map((row) => String(row.id));
}

const idsOf = (rows: readonly LogRecord[]) => rows.map((row) => ('kind' in row ? (row.kind === 'decision' ? row.decisionId : row.heartbeatId) : row.eventId)).sort();

describe('DuckDbStore.storeBatch', () => {
  it('stores a batch made in memory, which no ingest log wrote, and leaves no staged file behind', async () => {
    const rows = records('memory');
    expect(store.batchRows).toBe(Number.POSITIVE_INFINITY);
    expect(await store.storeBatch(rowBatchOf('import-1', rows), { skipStored: false })).toBe(rows.length);
    expect(await storedIds()).toEqual(idsOf(rows));
    expect(readdirSync(path.join(dataDir(), DUCKDB_STAGING_DIR))).toEqual([]);
  });

  it('stores a batch sent again after its answer was lost once', async () => {
    const rows = records('again');
    const batch = rowBatchOf('seg', rows);
    expect(await store.storeBatch(batch, { skipStored: false })).toBe(rows.length);
    // The same rows as a new batch object, as a retry re-reads them from the segment.
    expect(await store.storeBatch(rowBatchOf('seg', rows), { skipStored: true })).toBe(0);
    expect(await storedIds()).toEqual(idsOf(rows));
  });

  it('stores every row of a segment once when its second batch failed and the loader tried the segment again', async () => {
    const rows = records('second');
    let calls = 0;
    const failingSecond: RowBatchSink = {
      batchRows: 3,
      storeBatch: (batch, options) => (++calls === 2 ? Promise.reject(new Error('disk full')) : store.storeBatch(batch, options)),
    };
    const logDir = path.join(dir, 'log');
    const { log } = IngestLog.open(logDir);
    const loader = new StoreLoader(log, failingSecond, () => undefined, { setInterval: () => 1, clearInterval: () => undefined });
    await log.append(rows);
    await expect(loader.flush()).rejects.toThrow('disk full');
    // The first batch is in, the segment still on disk.
    expect(await storedIds()).toEqual(idsOf(rows.slice(0, 3)));
    expect(readdirSync(logDir)).toHaveLength(2);
    await loader.flush();
    expect(await storedIds()).toEqual(idsOf(rows));
    expect(readdirSync(logDir)).toHaveLength(1); // only the current segment
    await log.close();
  });

  it('deletes at open the staged batches a crash left, and nothing else', async () => {
    await store.close();
    const staging = path.join(dataDir(), DUCKDB_STAGING_DIR);
    mkdirSync(staging, { recursive: true });
    writeFileSync(path.join(staging, 'batch-0123456789ab-7.ndjson'), '{"eventId":"left"}\n');
    writeFileSync(path.join(staging, 'notes.txt'), 'kept');
    store = await openDuckDbStore(dataDir(), variableNames(SITE_VARIABLE_MAP));
    expect(readdirSync(staging)).toEqual(['notes.txt']);
    expect(existsSync(path.join(dataDir(), 'mesura.duckdb'))).toBe(true);
  });
});
