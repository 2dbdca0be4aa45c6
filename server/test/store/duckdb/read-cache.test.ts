import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../src/store/analytics-reader.js';
import { ReadCache } from '../../../src/store/duckdb/read-cache.js';

const MAX_AGE_MS = 10_000;
const SQL = 'SELECT day, count(*) AS hits FROM hits WHERE report_suite = $suite GROUP BY day';

/** A store's reads as the cache sees them: each run counted, answering the rows it holds now. */
function fakeStore(rows: ResultRow[] = [{ day: '2026-11-23', hits: 3 }]) {
  const store = { runs: 0, rows };
  const run = async () => {
    store.runs += 1;
    return store.rows.map((row) => ({ ...row }));
  };
  return { store, run };
}

describe('ReadCache', () => {
  it('reads the same query with the same values once while the store has not changed', async () => {
    const cache = new ReadCache({ maxAgeMs: MAX_AGE_MS, now: () => 1 });
    const { store, run } = fakeStore();
    expect(await cache.read(SQL, { suite: 'mesuradev' }, run)).toEqual([{ day: '2026-11-23', hits: 3 }]);
    expect(await cache.read(SQL, { suite: 'mesuradev' }, run)).toEqual([{ day: '2026-11-23', hits: 3 }]);
    expect(store.runs).toBe(1);
    // Other values, or another text, are another read.
    await cache.read(SQL, { suite: 'mesuraprod' }, run);
    await cache.read(`${SQL} ORDER BY day`, { suite: 'mesuradev' }, run);
    expect(store.runs).toBe(3);
  });

  it('reads again once the store changed, and answers what it holds then', async () => {
    const cache = new ReadCache({ maxAgeMs: MAX_AGE_MS, now: () => 1 });
    const { store, run } = fakeStore();
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    store.rows = [{ day: '2026-11-23', hits: 4 }];
    cache.changed();
    expect(await cache.read(SQL, { suite: 'mesuradev' }, run)).toEqual([{ day: '2026-11-23', hits: 4 }]);
    expect(store.runs).toBe(2);
  });

  it('counts a statement that is not a query as a change, and never keeps its answer', async () => {
    const cache = new ReadCache({ maxAgeMs: MAX_AGE_MS, now: () => 1 });
    const { store, run } = fakeStore();
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    const write = async () => [{ Count: 1 }];
    await cache.read('INSERT INTO consent_choices VALUES ($day, $suite, $choice, 1)', { day: '2026-11-23', suite: 'mesuradev', choice: 'all' }, write);
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    expect(store.runs).toBe(2);
  });

  it('does not keep rows read while the store changed: they may hold it as it was', async () => {
    const cache = new ReadCache({ maxAgeMs: MAX_AGE_MS, now: () => 1 });
    const { store, run } = fakeStore();
    let finish: (rows: ResultRow[]) => void = () => undefined;
    const slow = () => new Promise<ResultRow[]>((resolve) => (finish = resolve));
    const first = cache.read(SQL, { suite: 'mesuradev' }, slow);
    cache.changed();
    finish([{ day: '2026-11-23', hits: 3 }]);
    await first;
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    expect(store.runs).toBe(1);
  });

  it('keeps an answer no longer than its age bound', async () => {
    const READ_AT_MS = 5_000;
    const clock = { nowMs: READ_AT_MS };
    const cache = new ReadCache({ maxAgeMs: MAX_AGE_MS, now: () => clock.nowMs });
    const { store, run } = fakeStore();
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    clock.nowMs = READ_AT_MS + MAX_AGE_MS;
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    expect(store.runs).toBe(1);
    clock.nowMs = READ_AT_MS + MAX_AGE_MS + 1;
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    expect(store.runs).toBe(2);
  });

  it('keeps nothing with an age bound of 0 (MESURA_REPORT_MAX_LAG_MS=0)', async () => {
    const cache = new ReadCache({ maxAgeMs: 0 });
    const { store, run } = fakeStore();
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    await cache.read(SQL, { suite: 'mesuradev' }, run);
    expect(store.runs).toBe(2);
  });

  it('runs two asks of one read at once as one query, and gives each rows of its own', async () => {
    const cache = new ReadCache({ maxAgeMs: MAX_AGE_MS, now: () => 1 });
    const { store, run } = fakeStore();
    const [a, b] = await Promise.all([cache.read(SQL, { suite: 'mesuradev' }, run), cache.read(SQL, { suite: 'mesuradev' }, run)]);
    expect(store.runs).toBe(1);
    a[0]!.hits = 99;
    expect(b[0]!.hits).toBe(3);
    expect((await cache.read(SQL, { suite: 'mesuradev' }, run))[0]!.hits).toBe(3);
  });
});
