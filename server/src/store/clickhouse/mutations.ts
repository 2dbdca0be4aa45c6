/**
 * Deleting rows on ClickHouse 18.16, which has no lightweight DELETE: `ALTER TABLE … DELETE WHERE`
 * is a mutation that the server applies in the background, part by part. The erasure and the
 * retention run must not answer before the rows are gone, so each mutation is followed by a wait
 * on system.mutations until the table has none left to do, bounded by MUTATION_WAIT_MS.
 */
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';

/**
 * The longest wait for a table's mutations. A mutation rewrites the parts it touches: seconds on a
 * test table, minutes on months of a large site's hits; past this the caller gets a clear error and
 * the mutation goes on on the server (a later wait sees it finish).
 */
export const MUTATION_WAIT_MS = 10 * 60 * 1000;
/** Between two looks at system.mutations. */
export const MUTATION_POLL_MS = 200;

/** A mutation that did not finish within the wait; it may still finish on the server. */
export class MutationTimeoutError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_MUTATION';
}

export interface MutationClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const REAL_MUTATION_CLOCK: MutationClock = {
  now: Date.now,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface MutationOptions {
  transport: ClickHouseTransport;
  database: string;
  clock?: MutationClock;
  waitMs?: number;
}

/** Runs `ALTER TABLE db.table DELETE WHERE condition` (SQL the caller built with sql-literal.ts) and waits for it. */
export async function deleteWhere(options: MutationOptions, table: string, condition: string): Promise<void> {
  const { transport, database } = options;
  await transport.command(`ALTER TABLE ${sqlIdentifier(database)}.${sqlIdentifier(table)} DELETE WHERE ${condition}`);
  await waitForMutations(options, table);
}

/** Waits until `table` has no unfinished mutation, or throws MutationTimeoutError after `waitMs`. */
export async function waitForMutations(options: MutationOptions, table: string): Promise<void> {
  const { transport, database, clock = REAL_MUTATION_CLOCK, waitMs = MUTATION_WAIT_MS } = options;
  const deadline = clock.now() + waitMs;
  const pendingSql = `SELECT count() AS pending FROM system.mutations
    WHERE database = ${sqlString(database)} AND table = ${sqlString(table)} AND is_done = 0`;
  for (;;) {
    const [row] = await transport.query<{ pending: string | number }>(pendingSql);
    if (Number(row?.pending ?? 0) === 0) return;
    if (clock.now() >= deadline) {
      throw new MutationTimeoutError(
        `ClickHouse has not finished deleting rows of ${database}.${table} after ${Math.round(waitMs / 1000)} s; it goes on in the background (system.mutations)`,
      );
    }
    await clock.sleep(MUTATION_POLL_MS);
  }
}
