/**
 * The page-view cells on a cluster (cluster-sql.ts): each shard's view fills its own cells from its
 * own hits, a Distributed table reads them, and ensureSchema finds them made. Run on the one-node
 * cluster of scripts/services/clickhouse.sh with MergeTree shards (per-node layout: no ZooKeeper
 * here; the replicated statements differ only in engine and `ON CLUSTER`, which
 * clickhouse-cluster-sql.test.ts covers).
 */
import { expect, it, type TestContext } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { clusterSchemaSql } from '../../../src/store/clickhouse/cluster-sql.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { LAST_HOUR_OF_JANUARY_MS, hitRow } from '../../helpers/event-rows.js';

const ONE_NODE_CLUSTER = 'mesura_one_node';
const tables = eventTables({ variables: variableNames(SITE_VARIABLE_MAP) });

describeWithClickHouse('page-view cells on a cluster', () => {
  const db = useTestDatabase();

  const skipWithoutCluster = async (context: TestContext) => {
    const clusters = await db().transport.query(`SELECT 1 FROM system.clusters WHERE cluster = ${sqlString(ONE_NODE_CLUSTER)}`);
    const missing = `the server has no cluster ${ONE_NODE_CLUSTER}: restart it with scripts/services/clickhouse.sh, which defines it`;
    if (clusters.length !== 1 && process.env.CI === 'true') throw new Error(missing);
    context.skip(clusters.length !== 1, missing);
  };

  it('keeps a shard table filled by its view under a Distributed table, and counts a copy once', async (context) => {
    await skipWithoutCluster(context);
    const { transport } = db();
    const database = `${db().location.database}_cells`;
    try {
      const statements = clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database, tables, layout: 'per-node' });
      for (const sql of statements) await transport.command(sql);
      await ensureSchema(transport, database, tables);
      const made = await transport.query<{ name: string; engine: string }>(`SELECT name, engine FROM system.tables WHERE database = ${sqlString(database)} AND name LIKE '%cells%' ORDER BY name`);
      expect(made).toEqual([
        { name: 'link_cells', engine: 'Distributed' },
        { name: 'link_cells_local', engine: 'AggregatingMergeTree' },
        { name: 'link_cells_mv', engine: 'MaterializedView' },
        { name: 'page_view_cells', engine: 'Distributed' },
        { name: 'page_view_cells_local', engine: 'AggregatingMergeTree' },
        { name: 'page_view_cells_mv', engine: 'MaterializedView' },
      ]);
      const writer = new EventBatchWriter({ transport, database, tables, now: () => LAST_HOUR_OF_JANUARY_MS });
      const rows = [hitRow('c1'), hitRow('c2', { visitorId: 'v-2' }), hitRow('c3', { visitorId: 'v-2', isBot: true })];
      expect((await writer.write({ id: 'collector-1/cells/0', rows })).outcome).toBe('stored');
      expect((await writer.write({ id: 'collector-2/cells/0', rows: [{ ...rows[1]!, receivedAtMs: rows[1]!.receivedAtMs + 1 }] })).outcome).toBe('stored');
      const [shard] = await transport.query<{ n: string }>(`SELECT count() AS n FROM ${database}.page_view_cells_local`);
      expect(Number(shard?.n)).toBeGreaterThan(0);
      const figures = await transport.query(
        `SELECT section, toUInt64(uniqExactMerge(page_views)) AS page_views, toUInt64(uniqMerge(visitors)) AS visitors
         FROM ${database}.page_view_cells WHERE NOT is_bot GROUP BY section`,
      );
      expect(figures).toEqual([{ section: 'esports\nfutbol', page_views: '2', visitors: '2' }]);
    } finally {
      await transport.command(`DROP DATABASE IF EXISTS ${database}`);
    }
  });
});
