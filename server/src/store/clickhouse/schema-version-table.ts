/**
 * The schema version of a ClickHouse events database, in a table of its own (`mesura_schema_version`),
 * as the embedded files and PostgreSQL keep theirs (duckdb/duckdb-schema-version.ts,
 * postgres/metadata-migrations.ts). ensureSchema reads it before it makes or changes anything and
 * refuses a database of a newer release (OperatorError: one line, exit code 2); once the tables
 * are made it records this release's version. A release that changes the tables otherwise than by
 * adding what is missing (ensure-schema.ts does that on every start) raises it:
 * 2: page_view_cells' label states are `minIf` (rollup-cells.ts remakeChangedCells makes the table
 *    again), which a release of version 1 would read as `anyIf` and fail.
 *
 * A plain MergeTree table, which every ClickHouse from 18.16 on makes alike; on a cluster each node
 * keeps its own, which the node a server talks to reads and writes.
 */
import { OperatorError } from '../../operator-error.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';

export const CLICKHOUSE_SCHEMA_VERSION_TABLE = 'mesura_schema_version';

/** This release's version of the ClickHouse tables. */
export const CLICKHOUSE_SCHEMA_VERSION = 2;

/** The version the database records; 0 when it has no such table (new, or made before versions). Reads only. */
export async function clickHouseSchemaVersion(transport: ClickHouseTransport, database: string): Promise<number> {
  const present = await transport.query(`SELECT 1 FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(CLICKHOUSE_SCHEMA_VERSION_TABLE)}`);
  if (present.length === 0) return 0;
  const rows = await transport.query<{ version: string | number }>(`SELECT max(version) AS version FROM ${sqlIdentifier(database)}.${sqlIdentifier(CLICKHOUSE_SCHEMA_VERSION_TABLE)}`);
  return Number(rows[0]?.version ?? 0);
}

/** Refuses a database of a newer release before anything is made in it; answers its version. */
export async function checkClickHouseSchemaVersion(transport: ClickHouseTransport, database: string, known = CLICKHOUSE_SCHEMA_VERSION): Promise<number> {
  const version = await clickHouseSchemaVersion(transport, database);
  if (version > known) {
    throw new OperatorError(
      `the ClickHouse database ${database} is at schema version ${version}, newer than this Mesura knows (${known}): it was written by a newer release and is left unchanged; run that release, or restore the backup taken before the upgrade (docs/operations.md "Upgrades and rollbacks")`,
    );
  }
  return version;
}

/** Records this release's version once the tables are made (`from`: what checkClickHouseSchemaVersion read). */
export async function recordClickHouseSchemaVersion(transport: ClickHouseTransport, database: string, from: number, version = CLICKHOUSE_SCHEMA_VERSION): Promise<void> {
  if (from >= version) return;
  const table = `${sqlIdentifier(database)}.${sqlIdentifier(CLICKHOUSE_SCHEMA_VERSION_TABLE)}`;
  await transport.command(`CREATE TABLE IF NOT EXISTS ${table} (version UInt32, applied_at DateTime) ENGINE = MergeTree ORDER BY version`);
  // Two servers starting together may both insert it: max(version) reads the same.
  await transport.command(`INSERT INTO ${table} (version, applied_at) VALUES (${version}, now())`);
}
