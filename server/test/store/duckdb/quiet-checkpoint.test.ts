import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { DUCKDB_FILE_NAME, openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { CHECKPOINT_QUIET_MS, CHECKPOINT_WAL_MIB, DEFAULT_CHECKPOINT_RULE, checkpointDue, type CheckpointRule } from '../../../src/store/duckdb/quiet-checkpoint.js';
import { ReadsFirst } from '../../../src/store/duckdb/reads-first.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { plainPageView } from '../../helpers/event-rows.js';

const MIB = 1024 * 1024;

describe('a checkpoint is due once the WAL holds CHECKPOINT_WAL_MIB and no report was read for CHECKPOINT_QUIET_MS', () => {
  it.each([
    [CHECKPOINT_WAL_MIB * MIB - 1, Number.POSITIVE_INFINITY, false],
    [CHECKPOINT_WAL_MIB * MIB, CHECKPOINT_QUIET_MS - 1, false],
    [CHECKPOINT_WAL_MIB * MIB, 0, false],
    [CHECKPOINT_WAL_MIB * MIB, CHECKPOINT_QUIET_MS, true],
    [CHECKPOINT_WAL_MIB * MIB, Number.POSITIVE_INFINITY, true],
  ])('WAL of %i bytes, quiet for %d ms: %s', (wal, quiet, due) => {
    expect(checkpointDue(DEFAULT_CHECKPOINT_RULE, wal, quiet)).toBe(due);
  });

  it('counts quiet from the end of the last read, and none while one is in flight', async () => {
    let now = 1000;
    const reads = new ReadsFirst({ now: () => now, setTimeout: () => undefined, clearTimeout: () => undefined });
    expect(reads.quietForMs()).toBe(Number.POSITIVE_INFINITY);
    let finish!: () => void;
    const read = reads.during(() => new Promise<void>((resolve) => (finish = resolve)));
    now = 1500;
    expect(reads.quietForMs()).toBe(0);
    finish();
    await read;
    now = 1800;
    expect(reads.quietForMs()).toBe(300);
  });
});

describe('the embedded store checkpoints after a load when it is due', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesura-checkpoint-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const walSize = () => {
    const wal = path.join(dir, `${DUCKDB_FILE_NAME}.wal`);
    return existsSync(wal) ? statSync(wal).size : 0;
  };

  const hit = (eventId: string): HitRow => plainPageView(eventId, 'visitor-1', Date.UTC(2026, 10, 23, 9), '/', { pageName: 'portada', channel: 'portada', events: '[]', variables: {} });

  /** Opens a store with `rule`, reads once if asked, loads one page view, and answers the WAL left and the rows stored. */
  async function loadOnce(rule: CheckpointRule, readFirst = false): Promise<{ wal: number; stored: number }> {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP), 'Europe/Madrid', rule);
    try {
      if (readFirst) await store.read({ name: 'one', duckdb: 'SELECT 1 AS one' }, {});
      await store.storeBatch(rowBatchOf('segment', [hit('e1')]), { skipStored: false });
      const wal = walSize();
      const [row] = await store.read({ name: 'count', duckdb: 'SELECT count(*)::INTEGER AS n FROM page_views' }, {});
      return { wal, stored: Number(row?.n) };
    } finally {
      await store.close();
    }
  }

  it('writes the WAL into the data file when it is past the rule and no report was read lately', async () => {
    expect(await loadOnce({ walBytes: 1, quietMs: 0 })).toEqual({ wal: 0, stored: 1 });
  });

  it('keeps the WAL below CHECKPOINT_WAL_MIB', async () => {
    const { wal, stored } = await loadOnce(DEFAULT_CHECKPOINT_RULE);
    expect(wal).toBeGreaterThan(0);
    expect(stored).toBe(1);
  });

  it('keeps the WAL while a report was read within the quiet time', async () => {
    const { wal } = await loadOnce({ walBytes: 1, quietMs: 60_000 }, true);
    expect(wal).toBeGreaterThan(0);
  });
});
