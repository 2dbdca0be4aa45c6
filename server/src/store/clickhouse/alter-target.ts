/**
 * Where an ALTER of one of the store's tables goes. On one server, the table itself. On a cluster
 * (cluster-sql.ts) the store's tables are Distributed tables over shard tables (`hits` over
 * `hits_local`…): a mutation or a dropped month goes to the shard table only (a Distributed table
 * holds no rows), a new column to the shard table and then to the Distributed table, so that an
 * insert through the Distributed table never names a column its shards lack. The shard table's
 * ALTER goes `ON CLUSTER` when it is replicated (ZooKeeper runs it on each shard), or to this server
 * alone on a one-node cluster without ZooKeeper. The Distributed table's goes to this server only:
 * each node has its own, which only the Mesura processes talking to that node read and write
 * through, and each of them adds what it lacks when it starts (ensureSchema). ClickHouse would
 * refuse it `ON CLUSTER` anyway (18.16: "Table hits isn't replicated, but shard #1 is replicated
 * according to its cluster definition"). A cluster of several nodes without ZooKeeper cannot be
 * changed from one server: refused with a one-line error (ClusterAlterError).
 */
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';

/** A change a cluster's layout cannot take from one server. */
export class ClusterAlterError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_CLUSTER_ALTER';
}

/** One table an ALTER goes to: `name` (SQL), `ON CLUSTER` or '', and its database and name as system tables list them. */
export interface AlterTarget {
  name: string;
  onCluster: string;
  database: string;
  table: string;
}

/** Where a table's ALTERs go (see the file's comment). */
export interface TablePlacement {
  /** The shard table under a Distributed table, or the table itself. Mutations go here. */
  rows: AlterTarget;
  /** The Distributed table over `rows`, when there is one. A column goes to `rows`, then here. */
  distributed?: AlterTarget;
  /** The cluster a Distributed table spreads over. */
  cluster?: string;
  /** Set when the table is spread over several nodes without ZooKeeper: why no ALTER can reach them all. */
  unreachable?: string;
}

/** `Distributed('cluster', 'database', 'table', …)`, as system.tables writes a Distributed table's engine. */
const DISTRIBUTED_ENGINE = /^Distributed\('([^']*)', '([^']*)', '([^']*)'/;

export async function tablePlacement(transport: ClickHouseTransport, database: string, table: string): Promise<TablePlacement> {
  const itself = target(database, table, '');
  const [row] = await transport.query<{ engine: string; engine_full: string }>(engineSql(database, table));
  const distributed = row?.engine === 'Distributed' ? DISTRIBUTED_ENGINE.exec(row.engine_full) : null;
  if (!distributed) return { rows: itself };
  const [, cluster, shardDatabase, shardTable] = distributed as unknown as [string, string, string, string];
  const [shard] = await transport.query<{ engine: string }>(engineSql(shardDatabase, shardTable));
  if (shard?.engine.startsWith('Replicated')) {
    return { rows: target(shardDatabase, shardTable, ` ON CLUSTER ${sqlIdentifier(cluster)}`), distributed: itself, cluster };
  }
  const placement = { rows: target(shardDatabase, shardTable, ''), distributed: itself, cluster };
  const [nodes] = await transport.query<{ n: string }>(`SELECT count() AS n FROM system.clusters WHERE cluster = ${sqlString(cluster)}`);
  if (Number(nodes?.n ?? 0) <= 1) return placement;
  return { ...placement, unreachable: `${database}.${table} is spread over the cluster ${cluster} without replication` };
}

/** Where a mutation or a dropped month of `table` goes: its rows' table, or a ClusterAlterError saying why none can be reached. */
export async function rowsTarget(transport: ClickHouseTransport, database: string, table: string): Promise<AlterTarget> {
  const placement = await tablePlacement(transport, database, table);
  if (placement.unreachable !== undefined) {
    throw new ClusterAlterError(`${placement.unreachable}: deleting from it needs ZooKeeper (cluster-sql.ts layout 'replicated')`);
  }
  return placement.rows;
}

function target(database: string, table: string, onCluster: string): AlterTarget {
  return { name: `${sqlIdentifier(database)}.${sqlIdentifier(table)}`, onCluster, database, table };
}

function engineSql(database: string, table: string): string {
  return `SELECT engine, engine_full FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(table)}`;
}
