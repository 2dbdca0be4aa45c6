import { describe, expect, it } from 'vitest';
import type { SqlConnection } from '../../../src/store/duckdb/reads-first.js';
import { LOAD_YIELD_MAX_MS, ReadsFirst, type YieldTimers } from '../../../src/store/duckdb/reads-first.js';
import { REPORT_MAX_LAG_MS_DEFAULT } from '../../../src/config.js';
import { LOAD_INTERVAL_MS } from '../../../src/ingest/store-loader.js';

/** Timers the test moves: `advance` fires what is due. */
function fakeTimers(): YieldTimers & { advance(ms: number): void } {
  let now = 0;
  let due: { at: number; callback: () => void }[] = [];
  return {
    now: () => now,
    setTimeout: (callback, ms) => {
      const timer = { at: now + ms, callback };
      due.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      due = due.filter((timer) => timer !== handle);
    },
    advance(ms) {
      now += ms;
      const fired = due.filter((timer) => timer.at <= now);
      due = due.filter((timer) => timer.at > now);
      for (const timer of fired) timer.callback();
    },
  };
}

/** A connection that records the statements it ran. */
function recording(): SqlConnection & { ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    run: async (sql: string) => {
      ran.push(sql);
      return undefined as never;
    },
    runAndReadAll: async (sql: string) => {
      ran.push(sql);
      return undefined as never;
    },
  };
}

/** A read the test finishes. */
function openRead(reads: ReadsFirst): { finish(): void; done: Promise<string> } {
  let finish!: () => void;
  const done = reads.during(() => new Promise<string>((resolve) => (finish = () => resolve('rows'))));
  return { finish, done };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('reports go first: a load waits between its statements while a read is in flight', () => {
  it('runs each statement at once while no read is in flight', async () => {
    const writer = recording();
    const load = new ReadsFirst(fakeTimers()).yieldingConnection(writer);
    await load.run('BEGIN TRANSACTION');
    await load.runAndReadAll('INSERT 1');
    expect(writer.ran).toEqual(['BEGIN TRANSACTION', 'INSERT 1']);
  });

  it('holds the next statement until every read in flight has ended, and answers the reads as they were', async () => {
    const timers = fakeTimers();
    const reads = new ReadsFirst(timers);
    const writer = recording();
    const load = reads.yieldingConnection(writer);
    const first = openRead(reads);
    const second = openRead(reads);
    const statement = load.run('INSERT 1');
    await settle();
    expect(writer.ran).toEqual([]);
    first.finish();
    expect(await first.done).toBe('rows');
    await settle();
    expect(writer.ran).toEqual([]);
    second.finish();
    await statement;
    expect(writer.ran).toEqual(['INSERT 1']);
  });

  it('yields for LOAD_YIELD_MAX_MS at most in all, then runs its statements straight through', async () => {
    const timers = fakeTimers();
    const reads = new ReadsFirst(timers);
    const writer = recording();
    const load = reads.yieldingConnection(writer);
    openRead(reads);
    const first = load.run('INSERT 1');
    await settle();
    timers.advance(LOAD_YIELD_MAX_MS - 1);
    await settle();
    expect(writer.ran).toEqual([]);
    timers.advance(1);
    await first;
    // The read is still in flight, but this load's budget is spent.
    await load.run('INSERT 2');
    expect(writer.ran).toEqual(['INSERT 1', 'INSERT 2']);
    // The next load has a budget of its own.
    const next = reads.yieldingConnection(writer).run('INSERT 3');
    await settle();
    expect(writer.ran).toEqual(['INSERT 1', 'INSERT 2']);
    timers.advance(LOAD_YIELD_MAX_MS);
    await next;
    expect(writer.ran).toEqual(['INSERT 1', 'INSERT 2', 'INSERT 3']);
  });

  it('ends a read that fails as well, so that loads go on', async () => {
    const reads = new ReadsFirst(fakeTimers());
    const writer = recording();
    await expect(reads.during(() => Promise.reject(new Error('bad query')))).rejects.toThrow('bad query');
    await reads.yieldingConnection(writer).run('INSERT 1');
    expect(writer.ran).toEqual(['INSERT 1']);
  });

  it("leaves a load that began within the reports' default lag ended, yielding its longest, with a second of its own", () => {
    expect(LOAD_INTERVAL_MS + LOAD_YIELD_MAX_MS + 1000).toBeLessThan(REPORT_MAX_LAG_MS_DEFAULT);
  });
});
