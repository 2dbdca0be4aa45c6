/**
 * Deleting rows on ClickHouse 18.16, which has no lightweight DELETE: `ALTER TABLE … DELETE WHERE`
 * is a mutation that the server applies in the background, part by part. The erasure and the
 * retention run must not answer before the rows are gone, so each mutation is followed by a wait
 * on system.mutations until the table has none left to do, bounded by MUTATION_WAIT_MS.
 *
 * On a cluster the rows are in the shard tables under the Distributed ones: alter-target.ts says
 * where each ALTER goes.
 */
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { rowsTarget, type AlterTarget } from './alter-target.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

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

/**
 * Runs `ALTER TABLE db.table DELETE WHERE condition` (SQL the caller built with sql-literal.ts) and
 * waits for it. A replicated table's mutation reaches this server's system.mutations only once its
 * replica has read it from ZooKeeper, after the ALTER has answered: so the wait is for a mutation
 * this server did not list before the ALTER, and then for none left to do.
 */
export async function deleteWhere(options: MutationOptions, table: string, condition: string): Promise<void> {
  const target = await rowsTarget(options.transport, options.database, table);
  const listed = await listMutations(options.transport, target);
  await options.transport.command(`ALTER TABLE ${target.name}${target.onCluster} DELETE WHERE ${condition}`);
  await waitForMutations(options, table, new Set(listed.map((mutation) => mutation.mutation_id)));
}

interface ListedMutation {
  mutation_id: string;
  is_done: number | string;
}

function listMutations(transport: ClickHouseTransport, target: AlterTarget): Promise<ListedMutation[]> {
  return transport.query<ListedMutation>(`SELECT mutation_id, is_done FROM system.mutations WHERE database = ${sqlString(target.database)} AND table = ${sqlString(target.table)}`);
}

/** Drops a month (`toYYYYMM` partition) of the table whole: no rows rewritten, nothing to wait for. */
export async function dropMonth(options: Pick<MutationOptions, 'transport' | 'database'>, table: string, month: number): Promise<void> {
  const target = await rowsTarget(options.transport, options.database, table);
  await options.transport.command(`ALTER TABLE ${target.name}${target.onCluster} DROP PARTITION ${sqlInteger(month)}`);
}

/**
 * Retention of a table partitioned by month of its `day`: its rows of days before `cutoffDay` go.
 * A month before the cutoff's is dropped whole; the cutoff month's earlier days by a mutation,
 * waited for. A table this database lacks is left alone.
 */
export async function expireDaysBefore(options: MutationOptions, table: string, cutoffDay: string): Promise<void> {
  const { transport, database } = options;
  const exists = await transport.query(`SELECT 1 FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(table)}`);
  if (exists.length === 0) return;
  const before = `day < toDate(${sqlDate(cutoffDay)})`;
  const months = await transport.query<{ month: number }>(`SELECT DISTINCT toYYYYMM(day) AS month FROM ${sqlIdentifier(database)}.${sqlIdentifier(table)} WHERE ${before}`);
  const cutoffMonth = Number(cutoffDay.slice(0, 4)) * 100 + Number(cutoffDay.slice(5, 7));
  for (const { month } of months) {
    if (Number(month) < cutoffMonth) await dropMonth(options, table, Number(month));
  }
  if (months.some(({ month }) => Number(month) === cutoffMonth)) await deleteWhere(options, table, before);
}

/**
 * Waits until `table` (or, on a cluster, the shard table under it on this server) has no
 * unfinished mutation, and, given the mutations listed before an ALTER (`listedBefore`), has one
 * more than those; or throws MutationTimeoutError after `waitMs`.
 */
export async function waitForMutations(options: MutationOptions, table: string, listedBefore?: ReadonlySet<string>): Promise<void> {
  const { transport, database, clock = REAL_MUTATION_CLOCK, waitMs = MUTATION_WAIT_MS } = options;
  const deadline = clock.now() + waitMs;
  const target = await rowsTarget(transport, database, table);
  for (;;) {
    const mutations = await listMutations(transport, target);
    const arrived = listedBefore === undefined || mutations.some((mutation) => !listedBefore.has(mutation.mutation_id));
    if (arrived && mutations.every((mutation) => Number(mutation.is_done) === 1)) return;
    if (clock.now() >= deadline) {
      throw new MutationTimeoutError(`ClickHouse has not finished deleting rows of ${database}.${table} after ${Math.round(waitMs / 1000)} s; it goes on in the background (system.mutations)`);
    }
    await clock.sleep(MUTATION_POLL_MS);
  }
}
