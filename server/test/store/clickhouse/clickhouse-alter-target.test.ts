import { describe, expect, it } from 'vitest';
import { ClusterAlterError, rowsTarget, tablePlacement } from '../../../src/store/clickhouse/alter-target.js';
import type { ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';

/**
 * A server that answers the system tables' questions of alter-target.ts and ensureSchema from a
 * description (every table exists; `engines` and `columns` say what each is), and records every
 * statement. Clusters of several nodes cannot be started on one machine, hence the script; the
 * layouts one server can hold run for real in clickhouse-cluster-sql.test.ts.
 */
function scriptedServer(setup: { engines: Record<string, string>; clusterNodes: number; columns: Record<string, string[]>; missing?: string[] }) {
  const statements: string[] = [];
  const transport: ClickHouseTransport = {
    async command(sql) {
      statements.push(sql);
    },
    async query<Row>(sql: string): Promise<Row[]> {
      const named = /name = '([^']+)'$/.exec(sql)?.[1] ?? /table = '([^']+)'$/.exec(sql)?.[1];
      if (sql.startsWith('SELECT engine, engine_full FROM system.tables')) {
        const engine = setup.engines[named!] ?? 'MergeTree';
        return [{ engine: engine.startsWith('Distributed') ? 'Distributed' : engine, engine_full: engine }] as Row[];
      }
      if (sql.includes('FROM system.clusters')) return [{ n: String(setup.clusterNodes) }] as Row[];
      if (sql.includes('FROM system.columns')) return (setup.columns[named!] ?? []).map((name) => ({ name })) as Row[];
      if (sql.startsWith('SELECT 1 FROM system.')) return setup.missing?.includes(named!) ? [] : ([{ 1: 1 }] as Row[]);
      return [];
    },
    async close() {},
  };
  return { transport, statements };
}

const tables = eventTables({ variables: ['section'] });
const hitsColumns = tables.hits.columns.map((column) => column.name);
const distributed = (cluster: string, local = 'hits_local') => `Distributed('${cluster}', 'mesura', '${local}', rand())`;

describe('tablePlacement', () => {
  it('alters a table of one server itself', async () => {
    const { transport } = scriptedServer({ engines: {}, clusterNodes: 0, columns: {} });
    expect(await tablePlacement(transport, 'mesura', 'hits')).toEqual({
      rows: { name: 'mesura.hits', onCluster: '', database: 'mesura', table: 'hits' },
    });
  });

  it("sends a replicated cluster's ALTERs to the shard table ON CLUSTER, and to this node's Distributed table over it", async () => {
    const { transport } = scriptedServer({ engines: { hits: distributed('prod'), hits_local: 'ReplicatedMergeTree' }, clusterNodes: 6, columns: {} });
    expect(await tablePlacement(transport, 'mesura', 'hits')).toEqual({
      rows: { name: 'mesura.hits_local', onCluster: ' ON CLUSTER prod', database: 'mesura', table: 'hits_local' },
      distributed: { name: 'mesura.hits', onCluster: '', database: 'mesura', table: 'hits' },
      cluster: 'prod',
    });
  });

  it('alters both tables on this server alone for a one-node cluster without ZooKeeper', async () => {
    const { transport } = scriptedServer({ engines: { hits: distributed('one'), hits_local: 'MergeTree' }, clusterNodes: 1, columns: {} });
    const placement = await tablePlacement(transport, 'mesura', 'hits');
    expect([placement.rows.name, placement.rows.onCluster, placement.distributed?.name, placement.distributed?.onCluster]).toEqual(['mesura.hits_local', '', 'mesura.hits', '']);
    expect(placement.unreachable).toBeUndefined();
  });

  it('refuses a mutation of a table spread over several nodes without ZooKeeper, in one line', async () => {
    const { transport } = scriptedServer({ engines: { hits: distributed('wide'), hits_local: 'MergeTree' }, clusterNodes: 3, columns: {} });
    const refusal = await rowsTarget(transport, 'mesura', 'hits').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ClusterAlterError);
    expect((refusal as Error).message).toBe("mesura.hits is spread over the cluster wide without replication: deleting from it needs ZooKeeper (cluster-sql.ts layout 'replicated')");
  });
});

describe('ensureSchema on a cluster of several nodes without ZooKeeper', () => {
  const engines = {
    hits: distributed('wide'),
    hits_local: 'MergeTree',
    heartbeats: distributed('wide', 'heartbeats_local'),
    heartbeats_local: 'MergeTree',
    decision_events: distributed('wide', 'decision_events_local'),
    decision_events_local: 'MergeTree',
  };
  const allColumns = {
    hits: hitsColumns,
    hits_local: hitsColumns,
    heartbeats: tables.heartbeats.columns.map((c) => c.name),
    heartbeats_local: tables.heartbeats.columns.map((c) => c.name),
    decision_events: tables.decisions.columns.map((c) => c.name),
    decision_events_local: tables.decisions.columns.map((c) => c.name),
  };

  it('starts when every column is there, altering nothing', async () => {
    const { transport, statements } = scriptedServer({ engines, clusterNodes: 3, columns: allColumns });
    await ensureSchema(transport, 'mesura', tables);
    expect(statements.filter((sql) => sql.startsWith('ALTER'))).toEqual([]);
  });

  it('refuses to start, naming the column and where it goes, when a variable was named since, and alters nothing', async () => {
    const without = hitsColumns.filter((name) => name !== 'section');
    const { transport, statements } = scriptedServer({ engines, clusterNodes: 3, columns: { ...allColumns, hits: without, hits_local: without } });
    const refusal = await ensureSchema(transport, 'mesura', tables).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ClusterAlterError);
    expect((refusal as Error).message).toBe(
      'mesura.hits is spread over the cluster wide without replication: add the column section on each node, to mesura.hits_local and then mesura.hits, before this server starts (docs/capacity.md "Later changes")',
    );
    expect(statements.filter((sql) => sql.startsWith('ALTER'))).toEqual([]);
  });

  it('refuses to start, naming a table a later version adds, and makes nothing', async () => {
    const { transport, statements } = scriptedServer({ engines, clusterNodes: 3, columns: allColumns, missing: ['refused_hits'] });
    const refusal = await ensureSchema(transport, 'mesura', tables).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ClusterAlterError);
    expect((refusal as Error).message).toBe(
      'mesura.hits is spread over the cluster wide without replication: make the table refused_hits on each node (node scripts/cluster-sql.mjs wide mesura --per-node prints it) before this server starts',
    );
    expect(statements.filter((sql) => sql.includes('refused_hits'))).toEqual([]);
  });
});
