import { BATCHES_TABLE, createBatchesTableSql } from './batches-table.js';
import type { EventTables } from './event-tables.js';
import { createTableSql } from './event-table.js';
import { CELLS_ROLLUPS } from './cells-rollups.js';
import { CONSENT_CHOICES_TABLE, createConsentChoicesTableSql } from './consent-choices-table.js';
import { PAGE_VIEWS_DAILY_TABLE } from '../queries/retention.js';
import { createPageViewsDailyTableSql } from './page-views-daily-table.js';
import { createRefusedHitsSql, REFUSED_HITS_TABLE } from './refused-hits-table.js';
import { RIGHTS_REQUESTS_TABLE } from '../queries/rights-requests.js';
import { createRightsRequestsTableSql } from './rights-requests-table.js';
import { cellsPossible, createCellsTableSql, createCellsViewSql, type CellsRollup } from './rollup-cells.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';
import { createRollupDaysTableSql, createRollupTableSql } from './day-rollup.js';
import { DAY_ROLLUPS } from './day-rollups.js';
import { LIVE_MINUTE_ROLLUP_DAYS_TABLE, LIVE_MINUTE_ROLLUP_TABLE } from './live-minute-rollup-table.js';
import { SESSION_ROLLUP_DAYS_TABLE, SESSION_ROLLUP_TABLE } from './session-rollup-table.js';
import { VISIT_ROLLUP_DAYS_TABLE, VISIT_ROLLUP_TABLE } from './visit-rollup-table.js';

/**
 * How a cluster's shards are made:
 */
export type ClusterLayout =
  /** ReplicatedMergeTree shards, every statement `ON CLUSTER` (both need ZooKeeper): production. */
  | 'replicated'
  /** MergeTree shards, statements each node runs itself: a cluster without ZooKeeper, unreplicated. */
  | 'per-node';

export interface ClusterSchemaOptions {
  /** The cluster's name in the servers' `remote_servers` (scripts/services/clickhouse.sh: `mesura_one_node`). */
  cluster: string;
  database: string;
  tables: EventTables;
  /** Defaults to 'replicated'. */
  layout?: ClusterLayout;
}

/** The shards' tables are the single-node tables' names with this suffix; the Distributed tables keep the names. */
export const LOCAL_TABLE_SUFFIX = '_local';

/**
 * Where a table's replicas meet in ZooKeeper: one path per shard ({shard} macro) and table; the
 * replica is the {replica} macro. Both macros come from each server's `macros` section.
 */
export const REPLICA_PATH_PREFIX = '/clickhouse/tables/{shard}';
export const REPLICA_NAME_MACRO = '{replica}';

/**
 * The sharding key of each table: the visitor, so that a visitor's hits, heartbeats and decisions
 * land on one shard and visits, media sessions and conversions are each counted on one shard.
 * A heartbeat without a visitor id (nullable there) goes by its session, whose heartbeats all lack
 * it; a decision goes by the analytics visitor id it is joined to `hits.visitor_id` by, or its
 * device key when it has none. The journal goes by batch, so a batch's journal is on one shard.
 */
export const SHARDING_KEYS: Readonly<Record<string, string>> = {
  hits: 'sipHash64(visitor_id)',
  heartbeats: 'sipHash64(ifNull(visitor_id, session_id))',
  decision_events: 'sipHash64(ifNull(analytics_visitor_id, visitor_id))',
  [BATCHES_TABLE]: 'sipHash64(batch_id)',
  // Counts and records no report joins to the events: any shard. The counts' readers sum every
  // shard's rows (SummingMergeTree), the rights requests are listed from all of them.
  [CONSENT_CHOICES_TABLE]: 'rand()',
  [REFUSED_HITS_TABLE]: 'rand()',
  [RIGHTS_REQUESTS_TABLE]: 'rand()',
  [PAGE_VIEWS_DAILY_TABLE]: 'rand()',
  // The day roll-ups (day-rollups.ts): a visitor's visits on one shard, like their hits, a session
  // and its live minutes where its heartbeats are; the builds' records anywhere (read whole by every report).
  [VISIT_ROLLUP_TABLE]: 'visitor_key',
  [VISIT_ROLLUP_DAYS_TABLE]: 'rand()',
  [SESSION_ROLLUP_TABLE]: 'sipHash64(ifNull(visitor_id, session_id))',
  [SESSION_ROLLUP_DAYS_TABLE]: 'rand()',
  [LIVE_MINUTE_ROLLUP_TABLE]: 'sipHash64(ifNull(visitor_id, session_id))',
  [LIVE_MINUTE_ROLLUP_DAYS_TABLE]: 'rand()',
};

/** Raised when a single-node statement no longer has the shape the cluster variant is made from. */
export class ClusterSqlError extends Error {
  readonly code = 'MESURA_ERR_CLUSTER_SQL';
}

/**
 * The DDL of a real cluster, in order: the database, then for each table its shards' local table
 * (`hits_local`…) and a Distributed table with the single-node name (`hits`…) that spreads
 * inserts by SHARDING_KEYS and reads from every shard, so the store's SQL runs unchanged. Each
 * local table is made from the single-node statement (createTableSql, createBatchesTableSql, the
 * counts' and records' tables of consent-choices-table.ts, refused-hits-table.ts, rights-requests-table.ts
 * and page-views-daily-table.ts, the day roll-ups of day-rollups.ts): the same columns, partitions and sorting key, with only its name,
 * `ON CLUSTER` and the engine (its Replicated variant) changed, so the two schemas cannot drift apart.
 */
export function clusterSchemaSql(options: ClusterSchemaOptions): string[] {
  const { cluster, database, tables, layout = 'replicated' } = options;
  const onCluster = layout === 'replicated' ? ` ON CLUSTER ${sqlIdentifier(cluster)}` : '';
  const singleNode = [
    createBatchesTableSql(database),
    createTableSql(database, tables.hits),
    createTableSql(database, tables.heartbeats),
    createTableSql(database, tables.decisions),
    createConsentChoicesTableSql(database),
    createRefusedHitsSql(database),
    createRightsRequestsTableSql(database),
    createPageViewsDailyTableSql(database),
    ...DAY_ROLLUPS.flatMap((rollup) => [createRollupTableSql(database, rollup), createRollupDaysTableSql(database, rollup)]),
  ];
  const statements = [`CREATE DATABASE IF NOT EXISTS ${sqlIdentifier(database)}${onCluster}`];
  for (const sql of singleNode) {
    const { name, columns, family, keys } = parseSingleNode(sql, database);
    const local = `${name}${LOCAL_TABLE_SUFFIX}`;
    const db = sqlIdentifier(database);
    const engine = layout === 'replicated' ? `Replicated${family}(${sqlString(`${REPLICA_PATH_PREFIX}/${database}/${name}`)}, ${sqlString(REPLICA_NAME_MACRO)})` : family;
    statements.push(`CREATE TABLE IF NOT EXISTS ${db}.${sqlIdentifier(local)}${onCluster} ${columns}\n    ENGINE = ${engine} ${keys}`);
    const shardingKey = SHARDING_KEYS[name];
    if (shardingKey === undefined) throw new ClusterSqlError(`the table ${name} has no sharding key in SHARDING_KEYS; add one`);
    statements.push(
      `CREATE TABLE IF NOT EXISTS ${db}.${sqlIdentifier(name)}${onCluster} AS ${db}.${sqlIdentifier(local)}\n    ` +
        `ENGINE = Distributed(${sqlString(cluster)}, ${sqlString(database)}, ${sqlString(local)}, ${shardingKey})`,
    );
  }
  for (const rollup of CELLS_ROLLUPS.filter((r) => cellsPossible(tables.hits, r))) statements.push(...cellsSql(rollup, cluster, database, layout, onCluster));
  return statements;
}

/**
 * A roll-up's cells (rollup-cells.ts) on a cluster: each shard's view fills its own cells
 * table from its own hits (a hit's copies share its visitor, so its shard), and a Distributed
 * table of the single-node name reads them all: the states of every shard merge, so a read is the
 * same as on one node. Rows written through it (ensureSchema's first fill, an erasure's rebuild)
 * go to any shard (`rand()`): any cell may be on any shard.
 */
function cellsSql(rollup: CellsRollup, cluster: string, database: string, layout: ClusterLayout, onCluster: string): string[] {
  const local = `${rollup.table}${LOCAL_TABLE_SUFFIX}`;
  const engine =
    layout === 'replicated' ? `ReplicatedAggregatingMergeTree(${sqlString(`${REPLICA_PATH_PREFIX}/${database}/${rollup.table}`)}, ${sqlString(REPLICA_NAME_MACRO)})` : 'AggregatingMergeTree';
  const db = sqlIdentifier(database);
  return [
    createCellsTableSql(database, rollup, { table: local, onCluster, engine }),
    `CREATE TABLE IF NOT EXISTS ${db}.${sqlIdentifier(rollup.table)}${onCluster} AS ${db}.${sqlIdentifier(local)}\n    ` +
      `ENGINE = Distributed(${sqlString(cluster)}, ${sqlString(database)}, ${sqlString(local)}, rand())`,
    createCellsViewSql(database, rollup, { target: local, hits: `hits${LOCAL_TABLE_SUFFIX}`, onCluster }),
  ];
}

const SINGLE_NODE_SHAPE = /^CREATE TABLE IF NOT EXISTS ([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)\s*(\([\s\S]*\))\s*ENGINE = (MergeTree|SummingMergeTree) ((?:PARTITION|ORDER) BY [\s\S]*)$/;

/** The name, the column list, the MergeTree family and the partition and sorting clauses of a single-node CREATE TABLE. */
function parseSingleNode(sql: string, database: string): { name: string; columns: string; family: string; keys: string } {
  const match = SINGLE_NODE_SHAPE.exec(sql);
  if (match === null || match[1] !== database) {
    throw new ClusterSqlError(`a single-node CREATE TABLE changed shape (${sql.slice(0, 60)}…); update cluster-sql.ts`);
  }
  return { name: match[2]!, columns: match[3]!, family: match[4]!, keys: match[5]! };
}
