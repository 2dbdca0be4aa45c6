import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { localDayIn } from '../../src/local-day.js';
import { MAX_PENDING_REFUSAL_KEYS, createRefusalCounts } from '../../src/ingest/refusals.js';
import type { RefusalStore, RefusedHitsRow } from '../../src/store/refusal-store.js';
import { openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const localDay = localDayIn('Europe/Madrid');
const NOON_23 = Date.UTC(2026, 10, 23, 11, 0);
const LATE_22 = Date.UTC(2026, 10, 22, 23, 30); // 00:30 on the 23rd in Barcelona
const EARLY_24 = Date.UTC(2026, 10, 24, 8, 0);
const noTimers = { setInterval: () => 0, clearInterval: () => undefined };

function memoryStore(): RefusalStore & { added: RefusedHitsRow[][]; failNext: boolean } {
  const store = {
    added: [] as RefusedHitsRow[][],
    failNext: false,
    async addRefusedHits(rows: readonly RefusedHitsRow[]) {
      if (store.failNext) {
        store.failNext = false;
        throw new Error('store down');
      }
      store.added.push([...rows]);
    },
    async refusedHits() {
      return [];
    },
  };
  return store;
}

describe('refusal counts in memory', () => {
  it('adds up hits per local day, suite and reason, and clears them once flushed', async () => {
    const store = memoryStore();
    const counts = createRefusalCounts({ store, localDay, onFlushError: () => undefined, timers: noTimers });
    counts.count('mesuradev', 'visitor-rate', NOON_23);
    counts.count('mesuradev', 'visitor-rate', LATE_22, 2);
    counts.count('mesuradev', 'consent-purpose', NOON_23);
    await counts.flush();
    expect(store.added).toEqual([
      [
        { day: '2026-11-23', reportSuite: 'mesuradev', reason: 'visitor-rate', hits: 3 },
        { day: '2026-11-23', reportSuite: 'mesuradev', reason: 'consent-purpose', hits: 1 },
      ],
    ]);
    await counts.flush();
    expect(store.added).toHaveLength(1);
  });

  it('keeps the counts of a flush the store refused for the next one', async () => {
    const store = memoryStore();
    const counts = createRefusalCounts({ store, localDay, onFlushError: () => undefined, timers: noTimers });
    counts.count('mesuradev', 'visitor-rate', NOON_23, 5);
    store.failNext = true;
    await expect(counts.flush()).rejects.toThrow('store down');
    counts.count('mesuradev', 'visitor-rate', NOON_23, 1);
    await counts.flush();
    expect(store.added).toEqual([[{ day: '2026-11-23', reportSuite: 'mesuradev', reason: 'visitor-rate', hits: 6 }]]);
  });

  it('ignores reasons that are not short kebab-case words and counts that are not positive integers', async () => {
    const store = memoryStore();
    const counts = createRefusalCounts({ store, localDay, onFlushError: () => undefined, timers: noTimers });
    counts.count('mesuradev', 'Robert"); DROP TABLE hits;--', NOON_23);
    counts.count('mesuradev', 'visitor-rate', NOON_23, -3);
    counts.count('mesuradev', 'visitor-rate', NOON_23, Number.NaN);
    await counts.flush();
    expect(store.added).toEqual([]);
  });

  it(`holds at most ${MAX_PENDING_REFUSAL_KEYS} distinct keys between flushes`, async () => {
    const store = memoryStore();
    const counts = createRefusalCounts({ store, localDay, onFlushError: () => undefined, timers: noTimers });
    for (let i = 0; i <= MAX_PENDING_REFUSAL_KEYS; i += 1) counts.count(`suite${i}`, 'visitor-rate', NOON_23);
    await counts.flush();
    expect(store.added[0]).toHaveLength(MAX_PENDING_REFUSAL_KEYS);
  });

  it('flushes on the interval it was started with', async () => {
    const store = memoryStore();
    let tick: (() => void) | undefined;
    const timers = { setInterval: (callback: () => void) => ((tick = callback), 1), clearInterval: () => undefined };
    const counts = createRefusalCounts({ store, localDay, onFlushError: () => undefined, timers });
    counts.start();
    counts.count('mesuradev', 'visitor-rate', NOON_23);
    tick?.();
    await counts.close();
    expect(store.added).toEqual([[{ day: '2026-11-23', reportSuite: 'mesuradev', reason: 'visitor-rate', hits: 1 }]]);
  });
});

describe('refused_hits in DuckDB', () => {
  let dir: string;
  let store: Awaited<ReturnType<typeof openDuckDbStore>>;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesura-refusals-'));
    store = await openDuckDbStore(path.join(dir, 'db'), variableNames(SITE_VARIABLE_MAP));
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds flushed counts to the stored ones (upsert) and reads them back by range and suite', async () => {
    const counts = createRefusalCounts({ store, localDay, onFlushError: () => undefined, timers: noTimers });
    counts.count('mesuradev', 'visitor-rate', NOON_23, 4);
    counts.count('mesuraprod', 'visitor-rate', NOON_23, 9);
    await counts.flush();
    counts.count('mesuradev', 'visitor-rate', NOON_23, 3);
    counts.count('mesuradev', 'consent-missing', EARLY_24);
    await counts.flush();
    expect(await store.refusedHits({ from: '2026-11-23', to: '2026-11-24', reportSuite: 'mesuradev' })).toEqual([
      { day: '2026-11-23', reportSuite: 'mesuradev', reason: 'visitor-rate', hits: 7 },
      { day: '2026-11-24', reportSuite: 'mesuradev', reason: 'consent-missing', hits: 1 },
    ]);
    expect(await store.refusedHits({ from: '2026-11-24', to: '2026-11-24', reportSuite: 'mesuraprod' })).toEqual([]);
  });
});
