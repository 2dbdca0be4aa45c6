/**
 * Reports go first: a segment load (DuckDbStore.storeBatch, every LOAD_INTERVAL_MS) runs its
 * statements one at a time, and before each one it waits while a report's read is in flight. A
 * load takes both cores for half a second to a second; a report that ran beside a whole load took
 * twice its time, which was every report's slowest answers while ingest went on (bench:reports).
 * Yielding between statements, a report shares the cores with one statement at most.
 *
 * A load yields for at most LOAD_YIELD_MAX_MS in all, then runs its remaining statements straight
 * through: while analysts keep the store busy without a pause, it is still loaded, and a load that
 * began within REPORT_MAX_LAG_MS_DEFAULT (config.ts) has ended, so reports never wait for one.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

/** The statements a load runs, on the writer or on a connection that lets reads go first. */
export type SqlConnection = Pick<DuckDBConnection, 'run' | 'runAndReadAll'>;

/**
 * The longest a load waits for reads, summed over its statements. With LOAD_INTERVAL_MS (5 s)
 * and a load's own second, a load that began within 10 s (the reports' default lag) has ended.
 */
export const LOAD_YIELD_MAX_MS = 3000;

export interface YieldTimers {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const REAL_TIMERS: YieldTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Counts the reads in flight and tells a load when it may run its next statement. */
export class ReadsFirst {
  private inFlight = 0;
  private idle: (() => void)[] = [];
  /** When the last read ended (ms on the timers' clock); none yet: -Infinity. */
  private lastEndedMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly timers: YieldTimers = REAL_TIMERS) {}

  /** Runs one read, counted as in flight until it settles. */
  async during<T>(read: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    try {
      return await read();
    } finally {
      this.inFlight -= 1;
      this.lastEndedMs = this.timers.now();
      if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /** For how long no read has been in flight (0 while one is; Infinity before the first). */
  quietForMs(): number {
    return this.inFlight > 0 ? 0 : this.timers.now() - this.lastEndedMs;
  }

  /**
   * `connection` for one load: each statement first waits until no read is in flight, for at most
   * `budgetMs` in all over the load's statements.
   */
  yieldingConnection(connection: SqlConnection, budgetMs = LOAD_YIELD_MAX_MS): SqlConnection {
    let leftMs = budgetMs;
    const turn = async () => {
      if (this.inFlight === 0 || leftMs <= 0) return;
      const startedMs = this.timers.now();
      await this.quietWithin(leftMs);
      leftMs -= this.timers.now() - startedMs;
    };
    return {
      run: async (...args) => {
        await turn();
        return connection.run(...args);
      },
      runAndReadAll: async (...args) => {
        await turn();
        return connection.runAndReadAll(...args);
      },
    };
  }

  /** Resolves once no read is in flight, or after `ms`. */
  private quietWithin(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.timers.clearTimeout(timer);
        resolve();
      };
      const timer = this.timers.setTimeout(() => {
        this.idle = this.idle.filter((waiter) => waiter !== done);
        resolve();
      }, ms);
      this.idle.push(done);
    });
  }
}
