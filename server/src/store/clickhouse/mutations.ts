/**
 * Deleting rows on ClickHouse 18.16, which has no lightweight DELETE: `ALTER TABLE … DELETE WHERE`
 * is a mutation that the server applies in the background, part by part. The erasure and the
 * retention run must not answer before the rows are gone, so each mutation is followed by a wait
 * on system.mutations until the table has none left to do, bounded by MUTATION_WAIT_MS.
 *
 * On a cluster (cluster-sql.ts) the store's tables are Distributed tables, which take no ALTER: a
 * change goes to the shard table under each (`hits_local`…), `ON CLUSTER` when it is replicated
 * (every shard then runs it), or on the one node of a cluster without ZooKeeper. A cluster of
 * several nodes without ZooKeeper cannot be reached from one server: refused with a one-line error.
 */
import type { ClickHouseTransport } from './clickhouse-transport.js';
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

/** A change a cluster's layout cannot take from one server. */
export class ClusterAlterError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_CLUSTER_ALTER';
}

/** Where an ALTER of a table goes: `name` (SQL), `ON CLUSTER` or not, and the table whose mutations are waited for. */
interface AlterTarget {
  name: string;
  onCluster: string;
  database: string;
  table: string;
}

/** `Distributed('cluster', 'database', 'table', …)`, as system.tables writes a Distributed table's engine. */
const DISTRIBUTED_ENGINE = /^Distributed\('([^']*)', '([^']*)', '([^']*)'/;

/** The table itself, or the shard table under a Distributed one (see the file's comment). */
async function alterTarget(transport: ClickHouseTransport, database: string, table: string): Promise<AlterTarget> {
  const tableSql = (db: string, name: string) => `SELECT engine, engine_full FROM system.tables WHERE database = ${sqlString(db)} AND name = ${sqlString(name)}`;
  const itself = { name: `${sqlIdentifier(database)}.${sqlIdentifier(table)}`, onCluster: '', database, table };
  const [row] = await transport.query<{ engine: string; engine_full: string }>(tableSql(database, table));
  const distributed = row?.engine === 'Distributed' ? DISTRIBUTED_ENGINE.exec(row.engine_full) : null;
  if (!distributed) return itself;
  const [, cluster, shardDatabase, shardTable] = distributed as unknown as [string, string, string, string];
  const name = `${sqlIdentifier(shardDatabase)}.${sqlIdentifier(shardTable)}`;
  const [shard] = await transport.query<{ engine: string }>(tableSql(shardDatabase, shardTable));
  const target = { name, onCluster: '', database: shardDatabase, table: shardTable };
  if (shard?.engine.startsWith('Replicated')) return { ...target, onCluster: ` ON CLUSTER ${sqlIdentifier(cluster)}` };
  const [nodes] = await transport.query<{ n: string }>(`SELECT count() AS n FROM system.clusters WHERE cluster = ${sqlString(cluster)}`);
  if (Number(nodes?.n ?? 0) > 1) {
    throw new ClusterAlterError(`${database}.${table} is spread over the cluster ${cluster} without replication: deleting from it needs ZooKeeper (cluster-sql.ts layout 'replicated')`);
  }
  return target;
}

/**
 * Runs `ALTER TABLE db.table DELETE WHERE condition` (SQL the caller built with sql-literal.ts) and
 * waits for it. A replicated table's mutation reaches this server's system.mutations only once its
 * replica has read it from ZooKeeper, after the ALTER has answered: so the wait is for a mutation
 * this server did not list before the ALTER, and then for none left to do.
 */
export async function deleteWhere(options: MutationOptions, table: string, condition: string): Promise<void> {
  const target = await alterTarget(options.transport, options.database, table);
  const listed = await listMutations(options.transport, target);
  await options.transport.command(`ALTER TABLE ${target.name}${target.onCluster} DELETE WHERE ${condition}`);
  await waitForMutations(options, table, new Set(listed.map((mutation) => mutation.mutation_id)));
}

interface ListedMutation {
  mutation_id: string;
  is_done: number | string;
}

function listMutations(transport: ClickHouseTransport, target: AlterTarget): Promise<ListedMutation[]> {
  return transport.query<ListedMutation>(
    `SELECT mutation_id, is_done FROM system.mutations WHERE database = ${sqlString(target.database)} AND table = ${sqlString(target.table)}`,
  );
}

/** Drops a month (`toYYYYMM` partition) of the table whole: no rows rewritten, nothing to wait for. */
export async function dropMonth(options: Pick<MutationOptions, 'transport' | 'database'>, table: string, month: number): Promise<void> {
  const target = await alterTarget(options.transport, options.database, table);
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
  const target = await alterTarget(transport, database, table);
  for (;;) {
    const mutations = await listMutations(transport, target);
    const arrived = listedBefore === undefined || mutations.some((mutation) => !listedBefore.has(mutation.mutation_id));
    if (arrived && mutations.every((mutation) => Number(mutation.is_done) === 1)) return;
    if (clock.now() >= deadline) {
      throw new MutationTimeoutError(
        `ClickHouse has not finished deleting rows of ${database}.${table} after ${Math.round(waitMs / 1000)} s; it goes on in the background (system.mutations)`,
      );
    }
    await clock.sleep(MUTATION_POLL_MS);
  }
}
