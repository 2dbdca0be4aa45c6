import { ClusterAlterError, tablePlacement } from './alter-target.js';
import { BATCHES_TABLE, createBatchesTableSql } from './batches-table.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { CONSENT_CHOICES_TABLE, createConsentChoicesTableSql } from './consent-choices-table.js';
import { columnTypeSql, createTableSql, type EventTable } from './event-table.js';
import type { EventTables } from './event-tables.js';
import { CELLS_ROLLUPS } from './cells-rollups.js';
import { cellsPossible, createCellsTableSql, createCellsViewSql, createRollupFillsTableSql, fillCellsOnce, remakeChangedCells, ROLLUP_FILLS_TABLE } from './rollup-cells.js';
import { PAGE_VIEWS_DAILY_TABLE } from '../queries/retention.js';
import { createPageViewsDailyTableSql } from './page-views-daily-table.js';
import { createRefusedHitsSql, REFUSED_HITS_TABLE } from './refused-hits-table.js';
import { RIGHTS_REQUESTS_TABLE } from '../queries/rights-requests.js';
import { createRightsRequestsTableSql } from './rights-requests-table.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';
import { tableMaker, unlessMadeMeanwhile } from './table-maker.js';
import { createRollupDaysTableSql, createRollupTableSql, type DayRollup } from './day-rollup.js';
import { DAY_ROLLUPS } from './day-rollups.js';
import { checkClickHouseSchemaVersion, recordClickHouseSchemaVersion } from './schema-version-table.js';

/**
 * Creates the database and its tables when absent (the events', the batch journal, the consent
 * choices' counts of consent-choices-table.ts, the refused hits' of refused-hits-table.ts, the day roll-ups of day-rollups.ts), and adds the columns an existing table lacks (a
 * variable named since it was made; on a cluster to its shard tables too: addMissingColumns). On a
 * cluster a missing table is laid out as the cluster's others are (table-maker.ts). 18.16 has no `ADD COLUMN IF NOT EXISTS`, so the columns it has
 * are read from system.columns. Safe to run on every start and from several processes at once:
 * when two make the same table or column together, the one that loses finds it made and goes on
 * (18.16's `IF NOT EXISTS` does not cover that race: checked with four processes at once).
 */
export async function ensureSchema(transport: ClickHouseTransport, database: string, tables: EventTables): Promise<void> {
  // A database of a newer release is refused before anything is made or changed in it.
  const version = await checkClickHouseSchemaVersion(transport, database);
  await makeTables(transport, database, tables);
  await recordClickHouseSchemaVersion(transport, database, version);
}

async function makeTables(transport: ClickHouseTransport, database: string, tables: EventTables): Promise<void> {
  await unlessMadeMeanwhile(
    transport.command(`CREATE DATABASE IF NOT EXISTS ${sqlIdentifier(database)}`),
    async () => (await transport.query(`SELECT 1 FROM system.databases WHERE name = ${sqlString(database)}`)).length > 0,
  );
  // On one server or a cluster, each as table-maker.ts says.
  const make = await tableMaker(transport, database, tables);
  await make(BATCHES_TABLE, createBatchesTableSql(database));
  // Visitors' rights and retention (clickhouse-visitor-data.ts, clickhouse-retention.ts).
  await make(RIGHTS_REQUESTS_TABLE, createRightsRequestsTableSql(database));
  await make(PAGE_VIEWS_DAILY_TABLE, createPageViewsDailyTableSql(database));
  await make(CONSENT_CHOICES_TABLE, createConsentChoicesTableSql(database));
  await make(REFUSED_HITS_TABLE, createRefusedHitsSql(database));
  // The closed days' visits and media sessions the API nodes keep (day-rollup-job.ts); the reports read them.
  for (const rollup of DAY_ROLLUPS) {
    await remakeChangedDayRollup(transport, database, rollup);
    await make(rollup.table, createRollupTableSql(database, rollup));
    await make(rollup.daysTable, createRollupDaysTableSql(database, rollup));
  }
  for (const table of [tables.hits, tables.heartbeats, tables.decisions]) {
    await make(table.name, createTableSql(database, table));
    await addMissingColumns(transport, database, table);
  }
  // The roll-ups materialized views keep over hits (rollup-cells.ts): each view after the table it
  // fills, and the fill of older hits after the view.
  const rollups = CELLS_ROLLUPS.filter((r) => cellsPossible(tables.hits, r));
  if (rollups.length === 0) return;
  await make(ROLLUP_FILLS_TABLE, createRollupFillsTableSql(database));
  for (const rollup of rollups) {
    // A table of an earlier revision goes first, and is made and filled again below.
    const remade = await remakeChangedCells(transport, database, rollup);
    await make(rollup.table, createCellsTableSql(database, rollup));
    await make(rollup.view, createCellsViewSql(database, rollup));
    await fillCellsOnce(transport, database, rollup, { again: remade });
  }
}

/**
 * Adds the columns `table` lacks. On a cluster each goes to the shard table first, then to the
 * Distributed table over it (alter-target.ts says where each goes): a column only on
 * the Distributed table would make every insert that names it fail on the shards.
 */
async function addMissingColumns(transport: ClickHouseTransport, database: string, table: EventTable): Promise<void> {
  const placement = await tablePlacement(transport, database, table.name);
  for (const target of placement.distributed ? [placement.rows, placement.distributed] : [placement.rows]) {
    const columnNames = async () =>
      new Set(
        (await transport.query<{ name: string }>(`SELECT name FROM system.columns WHERE database = ${sqlString(target.database)} AND table = ${sqlString(target.table)}`)).map((column) => column.name),
      );
    const present = await columnNames();
    const missing = table.columns.filter((c) => !present.has(c.name));
    if (missing.length > 0 && placement.unreachable !== undefined) {
      throw new ClusterAlterError(
        `${placement.unreachable}: add the column ${missing.map((c) => c.name).join(', ')} on each node, to ${placement.rows.name} and then ${placement.distributed?.name}, before this server starts (docs/capacity.md "Later changes")`,
      );
    }
    for (const column of missing) {
      const add = `ALTER TABLE ${target.name}${target.onCluster} ADD COLUMN ${sqlIdentifier(column.name)} ${columnTypeSql(column)}`;
      await unlessMadeMeanwhile(transport.command(add), async () => (await columnNames()).has(column.name));
    }
  }
}

/**
 * Drops a day roll-up whose table's columns are not this release's (a visit attribute added:
 * visit-attributes.ts), with its builds' records, so that both are made again empty below: reports
 * cut those days from the events meanwhile, and the job builds them again (day-rollup-job.ts).
 */
async function remakeChangedDayRollup(transport: ClickHouseTransport, database: string, rollup: DayRollup): Promise<void> {
  const stored = await transport.query<{ name: string }>(`SELECT name FROM system.columns WHERE database = ${sqlString(database)} AND table = ${sqlString(rollup.table)}`);
  if (stored.length === 0) return;
  const wanted = [...rollup.columns.map((column) => column.name), 'build'];
  const storedNames = new Set(stored.map((column) => column.name));
  if (wanted.length === storedNames.size && wanted.every((name) => storedNames.has(name))) return;
  for (const table of [rollup.table, rollup.daysTable]) {
    const placement = await tablePlacement(transport, database, table);
    if (placement.unreachable !== undefined) {
      throw new ClusterAlterError(
        `${placement.unreachable}: the roll-up ${rollup.table} changed; drop ${rollup.table} and ${rollup.daysTable} on each node before this server starts, which makes them again`,
      );
    }
    if (placement.distributed) await transport.command(`DROP TABLE IF EXISTS ${placement.distributed.name}${placement.rows.onCluster}`);
    await transport.command(`DROP TABLE IF EXISTS ${placement.rows.name}${placement.rows.onCluster}`);
  }
}
