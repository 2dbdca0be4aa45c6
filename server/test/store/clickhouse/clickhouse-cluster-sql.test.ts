import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { LogRecord } from '../../../src/ingest/ingest-log.js';
import { createBatchesTableSql } from '../../../src/store/clickhouse/batches-table.js';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { localDayIn } from '../../../src/local-day.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { ClickHouseQueryError, createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import type { ClickHouseLocation } from '../../../src/store/clickhouse/clickhouse-url.js';
import { CLICKHOUSE_VISITS } from '../../../src/store/clickhouse/report-facts-sql.js';
import { DayRollupJob } from '../../../src/store/clickhouse/day-rollup-job.js';
import { readRollupSources } from '../../../src/store/clickhouse/day-rollup-reads.js';
import { VISIT_ROLLUP } from '../../../src/store/clickhouse/visit-rollup.js';
import { ClickHouseRetention } from '../../../src/store/clickhouse/clickhouse-retention.js';
import { ClickHouseVisitorData } from '../../../src/store/clickhouse/clickhouse-visitor-data.js';
import { clickHouseConsentChoices } from '../../../src/store/clickhouse/consent-choices-table.js';
import { openOnce } from '../../../src/store/open-once.js';
import { clusterSchemaSql, type ClusterLayout } from '../../../src/store/clickhouse/cluster-sql.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables, type EventTables } from '../../../src/store/clickhouse/event-tables.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import { readEventRows } from '../../../src/store/clickhouse/event-rows-reader.js';
import { createTableSql } from '../../../src/store/clickhouse/event-table.js';
import { SqlLiteralError, sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { CLICKHOUSE_EMBEDDED, describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { LAST_HOUR_OF_JANUARY_MS, decisionRow, heartbeatRow, hitRow } from '../../helpers/event-rows.js';

/** The cluster scripts/services/clickhouse.sh defines: this server as one shard of one replica. */
const ONE_NODE_CLUSTER = 'mesura_one_node';
const tables = eventTables({ variables: ['section', 'pageType'] });
const HOUR_MS = 3_600_000;
/** ClickHouse's codes: a statement it could not parse, and `ON CLUSTER` on a server without ZooKeeper ("DDL background thread is not initialized"). */
const SYNTAX_ERROR = 62;
const DDL_QUEUE_NOT_STARTED = 49;
/**
 * The embedded engine (chDB) has no DDL queue: once a statement is parsed it refuses `ON CLUSTER`
 * (392), or first misses the shard table a Distributed `CREATE TABLE … AS` copies (81: unknown
 * database, since nothing was made), so each statement is still checked to parse on ClickHouse 26.7.
 */
const EMBEDDED_REFUSALS = [392, 81];
/** Each `ON CLUSTER` statement goes through ZooKeeper's DDL queue: about 0.2 s apiece, two databases of 30. */
const REPLICATED_TEST_TIMEOUT_MS = 90_000;

/** Hits of two visitors, a heartbeat and decisions, across a month's end (two partitions). */
function mixedBatch(): LogRecord[] {
  const february = LAST_HOUR_OF_JANUARY_MS + 2 * HOUR_MS;
  return [
    hitRow('cluster-h1'),
    hitRow('cluster-h2', { visitorId: 'v-2', day: '2026-02-01', receivedAtMs: february }),
    heartbeatRow(LAST_HOUR_OF_JANUARY_MS),
    decisionRow('cluster-d1', LAST_HOUR_OF_JANUARY_MS),
    { ...decisionRow('cluster-d2', february), analyticsVisitorId: 'v-2' },
  ];
}

const rowId = (row: LogRecord) => ('kind' in row ? (row.kind === 'decision' ? row.decisionId : row.heartbeatId) : row.eventId);
const byId = (rows: readonly LogRecord[]) => [...rows].sort((a, b) => rowId(a).localeCompare(rowId(b)));

describe('clusterSchemaSql', () => {
  const replicated = clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database: 'mesura', tables });

  it('makes each shard table from the single-node statement: same columns, partitions and sorting key, replicated, ON CLUSTER', () => {
    const single = createTableSql('mesura', tables.hits);
    const local = replicated.find((sql) => sql.startsWith('CREATE TABLE IF NOT EXISTS mesura.hits_local '))!;
    expect(local.replace(' ON CLUSTER mesura_one_node', '').replace("ReplicatedMergeTree('/clickhouse/tables/{shard}/mesura/hits', '{replica}')", 'MergeTree')).toBe(
      single.replace('mesura.hits ', 'mesura.hits_local '),
    );
  });

  it('puts a Distributed table of the single-node name over each shard table, sharded by visitor', () => {
    expect(replicated[0]).toBe('CREATE DATABASE IF NOT EXISTS mesura ON CLUSTER mesura_one_node');
    expect(replicated.filter((sql) => sql.includes('ENGINE = Distributed'))).toEqual([
      "CREATE TABLE IF NOT EXISTS mesura.event_batches ON CLUSTER mesura_one_node AS mesura.event_batches_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'event_batches_local', sipHash64(batch_id))",
      "CREATE TABLE IF NOT EXISTS mesura.hits ON CLUSTER mesura_one_node AS mesura.hits_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'hits_local', sipHash64(visitor_id))",
      "CREATE TABLE IF NOT EXISTS mesura.heartbeats ON CLUSTER mesura_one_node AS mesura.heartbeats_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'heartbeats_local', sipHash64(ifNull(visitor_id, session_id)))",
      "CREATE TABLE IF NOT EXISTS mesura.decision_events ON CLUSTER mesura_one_node AS mesura.decision_events_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'decision_events_local', sipHash64(ifNull(analytics_visitor_id, visitor_id)))",
      ...['consent_choices', 'refused_hits', 'rights_requests', 'page_views_daily'].map(
        (name) => `CREATE TABLE IF NOT EXISTS mesura.${name} ON CLUSTER mesura_one_node AS mesura.${name}_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', '${name}_local', rand())`,
      ),
      "CREATE TABLE IF NOT EXISTS mesura.visit_rollup ON CLUSTER mesura_one_node AS mesura.visit_rollup_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'visit_rollup_local', visitor_key)",
      "CREATE TABLE IF NOT EXISTS mesura.visit_rollup_days ON CLUSTER mesura_one_node AS mesura.visit_rollup_days_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'visit_rollup_days_local', rand())",
      "CREATE TABLE IF NOT EXISTS mesura.session_rollup ON CLUSTER mesura_one_node AS mesura.session_rollup_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'session_rollup_local', sipHash64(ifNull(visitor_id, session_id)))",
      "CREATE TABLE IF NOT EXISTS mesura.session_rollup_days ON CLUSTER mesura_one_node AS mesura.session_rollup_days_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'session_rollup_days_local', rand())",
      "CREATE TABLE IF NOT EXISTS mesura.live_minute_rollup ON CLUSTER mesura_one_node AS mesura.live_minute_rollup_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'live_minute_rollup_local', sipHash64(ifNull(visitor_id, session_id)))",
      "CREATE TABLE IF NOT EXISTS mesura.live_minute_rollup_days ON CLUSTER mesura_one_node AS mesura.live_minute_rollup_days_local\n    ENGINE = Distributed('mesura_one_node', 'mesura', 'live_minute_rollup_days_local', rand())",
    ]);
  });

  it('keeps a counts table summing on its shards, replicated', () => {
    const local = replicated.find((sql) => sql.startsWith('CREATE TABLE IF NOT EXISTS mesura.consent_choices_local '))!;
    expect(local).toContain("ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/mesura/consent_choices', '{replica}') PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, choice)");
    const records = replicated.find((sql) => sql.startsWith('CREATE TABLE IF NOT EXISTS mesura.rights_requests_local '))!;
    expect(records).toContain("ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/mesura/rights_requests', '{replica}') ORDER BY requested_at");
  });

  it('makes per-node MergeTree shards without ON CLUSTER for a cluster without ZooKeeper', () => {
    const perNode = clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database: 'mesura', tables, layout: 'per-node' });
    expect(perNode.some((sql) => sql.includes('ON CLUSTER') || sql.includes('Replicated'))).toBe(false);
    const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').replace(' (', '(');
    expect(perNode.map(oneLine)).toContain(oneLine(createBatchesTableSql('mesura')).replace('mesura.event_batches(', 'mesura.event_batches_local('));
  });

  it('refuses a cluster or database name that is not a plain identifier', () => {
    expect(() => clusterSchemaSql({ cluster: "x' OR 1", database: 'mesura', tables })).toThrow(SqlLiteralError);
    expect(() => clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database: 'a.b', tables })).toThrow(SqlLiteralError);
  });
});

/** Runs the layout's DDL in the test database, writes one batch through the Distributed tables, and checks where it went. */
async function checkLayout(transport: ClickHouseTransport, database: string, layout: ClusterLayout): Promise<void> {
  for (const sql of clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database, tables, layout })) await transport.command(sql);
  // The store opens a cluster's database as it is: ensureSchema finds every table and column made.
  await ensureSchema(transport, database, tables);
  const engines = await transport.query<{ name: string; engine: string; sorting_key: string }>(
    `SELECT name, engine, sorting_key FROM system.tables WHERE database = ${sqlString(database)} ORDER BY name`,
  );
  const shardEngine = layout === 'replicated' ? 'ReplicatedMergeTree' : 'MergeTree';
  const summingEngine = layout === 'replicated' ? 'ReplicatedSummingMergeTree' : 'SummingMergeTree';
  expect(engines.map(({ name, engine }) => `${name} ${engine}`)).toEqual([
    'consent_choices Distributed',
    `consent_choices_local ${summingEngine}`,
    'decision_events Distributed',
    `decision_events_local ${shardEngine}`,
    'event_batches Distributed',
    `event_batches_local ${shardEngine}`,
    'heartbeats Distributed',
    `heartbeats_local ${shardEngine}`,
    'hits Distributed',
    `hits_local ${shardEngine}`,
    'live_minute_rollup Distributed',
    'live_minute_rollup_days Distributed',
    `live_minute_rollup_days_local ${shardEngine}`,
    `live_minute_rollup_local ${shardEngine}`,
    // The schema version is each node's own (schema-version-table.ts): never sharded nor replicated.
    'mesura_schema_version MergeTree',
    'page_views_daily Distributed',
    `page_views_daily_local ${shardEngine}`,
    'refused_hits Distributed',
    `refused_hits_local ${summingEngine}`,
    'rights_requests Distributed',
    `rights_requests_local ${shardEngine}`,
    'session_rollup Distributed',
    'session_rollup_days Distributed',
    `session_rollup_days_local ${shardEngine}`,
    `session_rollup_local ${shardEngine}`,
    'visit_rollup Distributed',
    'visit_rollup_days Distributed',
    `visit_rollup_days_local ${shardEngine}`,
    `visit_rollup_local ${shardEngine}`,
  ]);
  expect(engines.find((t) => t.name === 'hits_local')!.sorting_key).toBe('report_suite, day, hit_type, visitor_id, received_at');

  const writer = new EventBatchWriter({ transport, database, tables, now: () => LAST_HOUR_OF_JANUARY_MS });
  const batch = mixedBatch();
  expect(await writer.write({ id: 'collector-1/cluster/0', rows: batch })).toMatchObject({ outcome: 'stored', rowsInserted: 5, refused: [] });
  expect(await writer.write({ id: 'collector-1/cluster/0', rows: batch })).toMatchObject({ outcome: 'already-stored', rowsInserted: 0 });
  // Read back through the Distributed tables, as reports do, and from the shard's own tables.
  const stored = [
    ...(await readEventRows(transport, database, tables.hits)),
    ...(await readEventRows(transport, database, tables.heartbeats)),
    ...(await readEventRows(transport, database, tables.decisions)),
  ];
  expect(byId(stored)).toEqual(byId(batch));
  const inShard = await transport.query<{ n: string }>(
    `SELECT (SELECT count() FROM ${database}.hits_local) + (SELECT count() FROM ${database}.heartbeats_local) + (SELECT count() FROM ${database}.decision_events_local) AS n`,
  );
  expect(Number(inShard[0]!.n)).toBe(5);
  // The banner's answers, counted through the Distributed table as collectors count them, sum up.
  const choices = clickHouseConsentChoices(
    transport,
    database,
    openOnce(async () => undefined),
  ); // made by the cluster SQL
  await choices.add([{ day: '2026-01-31', reportSuite: 'suite', choice: 'accept-all', choices: 2 }]);
  await choices.add([{ day: '2026-01-31', reportSuite: 'suite', choice: 'accept-all', choices: 3 }]);
  const summed = await transport.query<{ n: string }>(`SELECT sum(choices) AS n FROM ${database}.consent_choices_local`);
  expect(Number(summed[0]!.n)).toBe(5);
}

/**
 * After checkLayout: a variable named since the cluster's tables were made. ensureSchema adds its
 * column to the shard table and to the Distributed table over it (alter-target.ts), and a hit
 * carrying it is stored through the Distributed table and read back.
 */
async function checkNewVariableOnLayout(transport: ClickHouseTransport, database: string): Promise<void> {
  const later = eventTables({ variables: ['section', 'pageType', 'campaignCode'] });
  await ensureSchema(transport, database, later);
  const tablesWith = await transport.query<{ table: string }>(`SELECT table FROM system.columns WHERE database = ${sqlString(database)} AND name = 'campaign_code' ORDER BY table`);
  expect(tablesWith.map((row) => row.table)).toEqual(['hits', 'hits_local']);
  const hit = hitRow('cluster-campaign', { variables: { section: 'esports', pageType: 'article', campaignCode: 'tardor-26' } });
  const writer = new EventBatchWriter({ transport, database, tables: later, now: () => LAST_HOUR_OF_JANUARY_MS });
  expect(await writer.write({ id: 'collector-1/campaign/0', rows: [hit] })).toMatchObject({ outcome: 'stored', rowsInserted: 1 });
  const stored = await readEventRows(transport, database, later.hits);
  expect(stored.find((row) => rowId(row) === 'cluster-campaign')).toEqual(hit);
}

/**
 * After checkLayout: a table missing from the cluster (here dropped, as one a later version adds
 * would be). ensureSchema makes it as the cluster SQL lays it out (table-maker.ts): the shard table
 * and a Distributed table over it, not a table of this node alone.
 */
async function checkNewTableOnLayout(transport: ClickHouseTransport, database: string, layout: ClusterLayout): Promise<void> {
  const onCluster = layout === 'replicated' ? ` ON CLUSTER ${ONE_NODE_CLUSTER}` : '';
  for (const table of ['refused_hits', 'refused_hits_local']) await transport.command(`DROP TABLE ${database}.${table}${onCluster}`);
  await ensureSchema(transport, database, tables);
  const made = await transport.query<{ name: string; engine: string }>(`SELECT name, engine FROM system.tables WHERE database = ${sqlString(database)} AND name LIKE 'refused_hits%' ORDER BY name`);
  const summing = layout === 'replicated' ? 'ReplicatedSummingMergeTree' : 'SummingMergeTree';
  expect(made).toEqual([
    { name: 'refused_hits', engine: 'Distributed' },
    { name: 'refused_hits_local', engine: summing },
  ]);
}

/**
 * After checkLayout's batch: an erasure and a retention run, whose mutations and dropped months
 * go to the shard tables (mutations.ts), read back through the Distributed tables.
 */
async function checkRightsOnLayout(transport: ClickHouseTransport, database: string): Promise<void> {
  const count = async (table: string) => Number((await transport.query<{ n: string }>(`SELECT count() AS n FROM ${database}.${table}`))[0]!.n);
  const erased = await new ClickHouseVisitorData({ transport, database, tables }).eraseVisitor('v-2');
  // Both decisions share the device key of v-2's (store/queries/visitor-data.ts keys decisions by either).
  expect(erased).toMatchObject({ hits: 1, decisionEvents: 2 });
  expect((await transport.query<{ event_id: string }>(`SELECT event_id FROM ${database}.hits`)).map((row) => row.event_id)).toEqual(['cluster-h1']);
  expect([await count('decision_events_local'), await count('heartbeats_local')]).toEqual([0, 1]);
  // January's rows expire: their month is dropped whole from each shard table.
  const cutoff = { day: '2026-02-01', atMs: Date.UTC(2026, 1, 1) };
  await new ClickHouseRetention({ transport, database, tables }).deleteBefore(cutoff);
  expect([await count('hits'), await count('decision_events')]).toEqual([0, 0]);
  // The heartbeat's local day is 1 February (Europe/Madrid): it stays.
  expect((await transport.query<{ day: string }>(`SELECT toString(day) AS day FROM ${database}.heartbeats`)).map((row) => row.day)).toEqual(['2026-02-01']);
  expect(await count('page_views_daily')).toBe(1);
}

/**
 * The visit roll-up (visit-rollup.ts, day-rollup-job.ts) over a cluster: the build's rows land in the
 * shard table, the reports' visits (report-facts-sql.ts, its `GLOBAL IN` over two Distributed
 * tables) read them, and retention drops their month from the shard.
 */
async function checkVisitRollupOnLayout(server: ClickHouseTransport, location: ClickHouseLocation, layout: ClusterLayout): Promise<void> {
  const { database } = location;
  const siteTables = eventTables({ variables: variableNames(SITE_VARIABLE_MAP) });
  for (const sql of clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database, tables: siteTables, layout })) await server.command(sql);
  await ensureSchema(server, database, siteTables);
  // The roll-up's connection has the database as its default, as open-clickhouse-rights.ts makes it.
  const transport = createClickHouseTransport(location, { database });
  try {
    await checkVisitRollup(transport, database, siteTables);
  } finally {
    await transport.close();
  }
}

async function checkVisitRollup(transport: ClickHouseTransport, database: string, siteTables: EventTables): Promise<void> {
  const at = (minutes: number) => LAST_HOUR_OF_JANUARY_MS - 3 * HOUR_MS + minutes * 60_000;
  // v-1: two visits (40 idle minutes between its second and third page); v-2: one.
  const rows = [hitRow('v1-a', { receivedAtMs: at(0) }), hitRow('v1-b', { receivedAtMs: at(5) }), hitRow('v1-c', { receivedAtMs: at(45) }), hitRow('v2-a', { visitorId: 'v-2', receivedAtMs: at(10) })];
  await new EventBatchWriter({ transport, database, tables: siteTables, now: () => LAST_HOUR_OF_JANUARY_MS }).write({ id: 'c/visits/0', rows });
  const timeZone = 'Europe/Madrid';
  const rollup = new DayRollupJob(VISIT_ROLLUP, { transport, database, timeZone, localDay: localDayIn(timeZone), retentionDays: 395 });
  // On 5 February the 31st to the 3rd are closed: four builds, three of them empty.
  expect(await rollup.run(Date.UTC(2026, 1, 5))).toEqual({ built: 4, rebuilt: 0, closedThrough: '2026-02-03', builtThrough: '2026-02-03' });
  const count = async (table: string) => Number((await transport.query<{ n: string }>(`SELECT count() AS n FROM ${database}.${table}`))[0]!.n);
  expect(await count('visit_rollup_local')).toBe(3);
  const range = { suite: 'mesuradev', from: '2026-01-31', to: '2026-01-31' };
  expect((await readRollupSources(transport, VISIT_ROLLUP, range)).rolledTo).toBe('2026-01-31');
  const visits = await new ClickHouseAnalyticsReader(transport, { timeZone }).read(
    {
      name: 'visits',
      duckdb: 'SELECT page_views FROM visits ORDER BY started_at',
      clickhouse: `SELECT page_views FROM ${CLICKHOUSE_VISITS} AS visits WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) ORDER BY started_at`,
    },
    range,
  );
  expect(visits.map((visit) => Number(visit.page_views))).toEqual([2, 1, 1]);
  await new ClickHouseRetention({ transport, database, tables: siteTables }).deleteBefore({ day: '2026-02-01', atMs: Date.UTC(2026, 1, 1) });
  expect([await count('visit_rollup_local'), await count('visit_rollup_days_local')]).toEqual([0, 3]);
}

describeWithClickHouse('cluster DDL on one node (scripts/services/clickhouse.sh: mesura_one_node)', () => {
  const db = useTestDatabase();
  let zookeeper = false;
  let clusterMissing = false;
  /** A server started before the script defined the cluster: CI starts its own, so this fails only there. */
  const missingCluster = `the server has no cluster ${ONE_NODE_CLUSTER}: restart it with scripts/services/clickhouse.sh, which defines it`;
  const skipWithoutCluster = (context: TestContext) => context.skip(clusterMissing, missingCluster);
  /** CI starts Debian's ClickHouse with ZooKeeper (.ci/run); the embedded current one has none. */
  const ZOOKEEPER_IN_CI = process.env.CI === 'true' && !CLICKHOUSE_EMBEDDED;
  const missingZookeeper = 'the server has no ZooKeeper: start scripts/services/zookeeper.sh and ClickHouse with MESURA_CLICKHOUSE_ZOOKEEPER, as .ci/run does';

  beforeAll(async () => {
    const clusters = await db().transport.query<{ shard_num: number; replica_num: number }>(`SELECT shard_num, replica_num FROM system.clusters WHERE cluster = ${sqlString(ONE_NODE_CLUSTER)}`);
    clusterMissing = clusters.length !== 1;
    if (clusterMissing && process.env.CI === 'true') throw new Error(missingCluster);
    zookeeper = await db()
      .transport.query("SELECT name FROM system.zookeeper WHERE path = '/'")
      .then(
        () => true,
        () => false,
      );
    if (!zookeeper && ZOOKEEPER_IN_CI) throw new Error(missingZookeeper);
  });

  it('stores a batch through Distributed tables over MergeTree shards once, in the shard, and reads it back', async (context) => {
    skipWithoutCluster(context);
    await checkLayout(db().transport, `${db().location.database}_pernode`, 'per-node').finally(() => db().transport.command(`DROP DATABASE IF EXISTS ${db().location.database}_pernode`));
  });

  it('adds a variable named later to the shard table and the Distributed table over it, and stores hits that carry it; makes a missing table as the cluster lays it out', async (context) => {
    skipWithoutCluster(context);
    const database = `${db().location.database}_newvar`;
    await checkLayout(db().transport, database, 'per-node')
      .then(() => checkNewVariableOnLayout(db().transport, database))
      .then(() => checkNewTableOnLayout(db().transport, database, 'per-node'))
      .finally(() => db().transport.command(`DROP DATABASE IF EXISTS ${database}`));
  });

  it('erases a visitor and expires old rows through the shard tables under the Distributed ones', async (context) => {
    skipWithoutCluster(context);
    const database = `${db().location.database}_rights`;
    await checkLayout(db().transport, database, 'per-node')
      .then(() => checkRightsOnLayout(db().transport, database))
      .finally(() => db().transport.command(`DROP DATABASE IF EXISTS ${database}`));
  });

  it('builds the visits of closed days into the shard table, reads them through the Distributed ones, and expires them there', async (context) => {
    skipWithoutCluster(context);
    const database = `${db().location.database}_visits`;
    await checkVisitRollupOnLayout(db().transport, { ...db().location, database }, 'per-node').finally(() => db().transport.command(`DROP DATABASE IF EXISTS ${database}`));
  });

  it(
    'erases a visitor, expires old rows and builds the visits of closed days on ReplicatedMergeTree shards, through mutations ON CLUSTER (with ZooKeeper)',
    async (context) => {
      skipWithoutCluster(context);
      context.skip(!zookeeper, missingZookeeper);
      const rights = `${db().location.database}_replicated_rights`;
      const visits = `${db().location.database}_replicated_visits`;
      const drop = (database: string) => db().transport.command(`DROP DATABASE IF EXISTS ${database} ON CLUSTER ${ONE_NODE_CLUSTER}`);
      await checkLayout(db().transport, rights, 'replicated')
        .then(() => checkRightsOnLayout(db().transport, rights))
        .finally(() => drop(rights));
      await checkVisitRollupOnLayout(db().transport, { ...db().location, database: visits }, 'replicated').finally(() => drop(visits));
    },
    REPLICATED_TEST_TIMEOUT_MS,
  );

  it('stores a batch through Distributed tables over ReplicatedMergeTree shards made ON CLUSTER (with ZooKeeper), else parses them', async (context) => {
    skipWithoutCluster(context);
    const database = `${db().location.database}_replicated`;
    if (zookeeper) {
      try {
        await checkLayout(db().transport, database, 'replicated');
        await checkNewVariableOnLayout(db().transport, database);
        await checkNewTableOnLayout(db().transport, database, 'replicated');
        const replicas = await db().transport.query<{ table: string; is_readonly: number; total_replicas: number }>(
          `SELECT table, is_readonly, total_replicas FROM system.replicas WHERE database = ${sqlString(database)} ORDER BY table`,
        );
        // Every shard table the layout makes is a writable replica, its one node the only replica.
        const shardTables = clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database, tables })
          .map((sql) => new RegExp(`^CREATE TABLE IF NOT EXISTS ${database}\\.(\\w+_local) `).exec(sql)?.[1])
          .filter((table) => table !== undefined)
          .sort();
        expect(shardTables).toContain('hits_local');
        expect(replicas).toEqual(shardTables.map((table) => ({ table, is_readonly: 0, total_replicas: 1 })));
      } finally {
        await db().transport.command(`DROP DATABASE IF EXISTS ${database} ON CLUSTER ${ONE_NODE_CLUSTER}`);
      }
      return;
    }
    // Without ZooKeeper every statement is parsed whole, then refused for want of the DDL queue,
    // which needs ZooKeeper; nothing is made (a replicated CREATE run without ON CLUSTER would
    // leave a folder behind on 18.16). So the shards are only parsed here.
    for (const sql of clusterSchemaSql({ cluster: ONE_NODE_CLUSTER, database, tables })) {
      const error = await db()
        .transport.command(sql)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ClickHouseQueryError);
      expect((error as ClickHouseQueryError).clickHouseCode).not.toBe(SYNTAX_ERROR);
      const code = (error as ClickHouseQueryError).clickHouseCode;
      if (CLICKHOUSE_EMBEDDED) expect(EMBEDDED_REFUSALS).toContain(code);
      else expect(code).toBe(DDL_QUEUE_NOT_STARTED);
    }
  });
});
