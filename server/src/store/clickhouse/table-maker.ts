/**
 * How ensureSchema makes a table it finds missing. On one server, with the single-node statement.
 * On a cluster (the store's `hits` is a Distributed table: cluster-sql.ts) with that table's
 * statements of clusterSchemaSql: its shard table, the Distributed table over it and, for a
 * roll-up kept by a view, the view; `ON CLUSTER` when the shards are replicated. So a table that a
 * later version adds is laid out like the cluster's others, rather than made on one node alone,
 * unreplicated and unseen by the other nodes' readers. A table the cluster SQL does not lay out
 * (`rollup_fills`, each node's record of its own first fills) is made on this node, as on one
 * server. A cluster of several nodes without ZooKeeper cannot be reached from one server: a
 * missing table there stops the start with a one-line error.
 */
import { ClusterAlterError, tablePlacement } from './alter-target.js';
import { ClickHouseQueryError, type ClickHouseTransport } from './clickhouse-transport.js';
import { clusterSchemaSql, LOCAL_TABLE_SUFFIX } from './cluster-sql.js';
import type { EventTables } from './event-tables.js';
import { sqlString } from './sql-literal.js';

/** Makes the table `name`, whose single-node statement is `singleNodeSql`, when it is missing. */
export type MakeTable = (name: string, singleNodeSql: string) => Promise<void>;

/** `CREATE TABLE|MATERIALIZED VIEW IF NOT EXISTS db.name …`: the object a statement makes (names are plain: sqlIdentifier). */
const MADE_OBJECT = /^CREATE (?:TABLE|MATERIALIZED VIEW) IF NOT EXISTS (\w+)\.(\w+)\s/;

export async function tableMaker(transport: ClickHouseTransport, database: string, tables: EventTables): Promise<MakeTable> {
  const exists = async (name: string) => (await transport.query(`SELECT 1 FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(name)}`)).length > 0;
  const here: MakeTable = (name, sql) => unlessMadeMeanwhile(transport.command(sql), () => exists(name));
  const placement = await tablePlacement(transport, database, tables.hits.name);
  if (placement.cluster === undefined) return here;
  const layout = placement.rows.onCluster === '' ? 'per-node' : 'replicated';
  const statements = clusterSchemaSql({ cluster: placement.cluster, database, tables, layout });
  return async (name, sql) => {
    const own = statements.filter((statement) => {
      const made = MADE_OBJECT.exec(statement)?.[2];
      return made === name || made === `${name}${LOCAL_TABLE_SUFFIX}`;
    });
    if (own.length === 0) return here(name, sql);
    if (await exists(name)) return;
    if (placement.unreachable !== undefined) {
      throw new ClusterAlterError(
        `${placement.unreachable}: make the table ${name} on each node (node scripts/cluster-sql.mjs ${placement.cluster} ${database} --per-node prints it) before this server starts`,
      );
    }
    for (const statement of own) await unlessMadeMeanwhile(transport.command(statement), () => exists(MADE_OBJECT.exec(statement)![2]!));
  };
}

/** Runs a statement that makes something; its failure is ignored only when that thing now exists. */
export async function unlessMadeMeanwhile(statement: Promise<void>, exists: () => Promise<boolean>): Promise<void> {
  try {
    await statement;
  } catch (error) {
    if (!(error instanceof ClickHouseQueryError) || !(await exists())) throw error;
  }
}
