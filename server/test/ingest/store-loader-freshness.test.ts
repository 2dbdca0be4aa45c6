import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IngestLog } from '../../src/ingest/ingest-log.js';
import { LOAD_INTERVAL_MS, StoreLoader } from '../../src/ingest/store-loader.js';
import type { RowBatchSink } from '../../src/store/row-batch.js';

/** A store whose loads finish when the test says so. */
class GatedStore implements RowBatchSink {
  private release: (() => void)[] = [];
  loads = 0;
  readonly batchRows = Number.POSITIVE_INFINITY;

  storeBatch(): Promise<number> {
    this.loads++;
    return new Promise((resolve) => this.release.push(() => resolve(1)));
  }

  /** Finishes the load under way. */
  finish(): void {
    this.release.shift()?.();
  }

  /** Resolves once `count` loads have reached the store (the loader reads each segment first). */
  async started(count: number): Promise<void> {
    while (this.loads < count) await new Promise((resolve) => setImmediate(resolve));
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-freshness-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A row of the log: the gated store never reads it. */
function row(eventId: string) {
  return { eventId, reportSuite: 'mesuradev' } as unknown as Parameters<IngestLog['append']>[0][number];
}

describe('how long a report waits for the loader (StoreLoader.freshness)', () => {
  const MAX_LAG_MS = 2 * LOAD_INTERVAL_MS;

  it('waits for nothing while a finished load began within the lag, even as the next one runs', async () => {
    const clock = { nowMs: 0 };
    const { log } = IngestLog.open(path.join(dir, 'log'));
    const store = new GatedStore();
    const loader = new StoreLoader(log, store, () => undefined, { setInterval: () => 1, clearInterval: () => undefined, now: () => clock.nowMs });
    expect(loader.freshness(MAX_LAG_MS)).toBe('stale');

    await log.append([row('a')]);
    const first = loader.flush();
    await store.started(1);
    // The load under way began within the lag: a reader waits for it, and only for it.
    expect(loader.freshness(MAX_LAG_MS)).toBe('running');
    store.finish();
    await first;
    expect(loader.freshness(MAX_LAG_MS)).toBe('fresh');
    // MESURA_REPORT_MAX_LAG_MS=0: every reader loads, even in the millisecond a load began.
    expect(loader.freshness(0)).toBe('stale');

    clock.nowMs = LOAD_INTERVAL_MS;
    await log.append([row('b')]);
    const second = loader.flush();
    await store.started(2);
    // The first load began 5 s ago and finished: what it holds is within the lag, so no wait.
    expect(loader.freshness(MAX_LAG_MS)).toBe('fresh');
    clock.nowMs = MAX_LAG_MS + 1;
    // Now only the load under way began within the lag.
    expect(loader.freshness(MAX_LAG_MS)).toBe('running');
    clock.nowMs = LOAD_INTERVAL_MS + MAX_LAG_MS + 1;
    expect(loader.freshness(MAX_LAG_MS)).toBe('stale');
    store.finish();
    await second;
    await log.close();
  });

  it('does not count a load that failed as fresh', async () => {
    const clock = { nowMs: 0 };
    const { log } = IngestLog.open(path.join(dir, 'log'));
    const failing: RowBatchSink = { batchRows: Number.POSITIVE_INFINITY, storeBatch: () => Promise.reject(new Error('disk full')) };
    const loader = new StoreLoader(log, failing, () => undefined, { setInterval: () => 1, clearInterval: () => undefined, now: () => clock.nowMs });
    await log.append([row('a')]);
    await expect(loader.flush()).rejects.toThrow('disk full');
    clock.nowMs = 1;
    expect(loader.freshness(MAX_LAG_MS)).not.toBe('fresh');
    clock.nowMs = MAX_LAG_MS + 1;
    expect(loader.freshness(MAX_LAG_MS)).toBe('stale');
    await log.close().catch(() => undefined);
  });
});
