import { expect, it } from 'vitest';
import { OperatorError } from '../../../src/operator-error.js';
import { openClickHouseEvents } from '../../../src/store/clickhouse/open-clickhouse-events.js';
import { CLICKHOUSE_SCHEMA_VERSION, CLICKHOUSE_SCHEMA_VERSION_TABLE, clickHouseSchemaVersion } from '../../../src/store/clickhouse/schema-version-table.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';

const options = { variables: ['section'], now: () => Date.UTC(2026, 0, 31) };

describeWithClickHouse('the ClickHouse schema version (mesura_schema_version)', () => {
  const db = useTestDatabase();
  const url = () => {
    const { username, password, endpoint, database } = db().location;
    return `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
  };
  const tablesOf = async (database: string) =>
    (await db().transport.query<{ name: string }>(`SELECT name FROM system.tables WHERE database = ${sqlString(database)} ORDER BY name`)).map((t) => t.name);

  it('is recorded once when the tables are made, and not again on the next start', async () => {
    await (await openClickHouseEvents({ ...options, url: url() })).close();
    await (await openClickHouseEvents({ ...options, url: url() })).close();
    expect(await clickHouseSchemaVersion(db().transport, db().location.database)).toBe(CLICKHOUSE_SCHEMA_VERSION);
    const rows = await db().transport.query(`SELECT version FROM ${db().location.database}.${CLICKHOUSE_SCHEMA_VERSION_TABLE}`);
    expect(rows).toHaveLength(1);
  });

  it('refuses a database of a newer release in one line, exit code 2, before making any table', async () => {
    const database = `${db().location.database}_newer`;
    const table = `${database}.${CLICKHOUSE_SCHEMA_VERSION_TABLE}`;
    try {
      await db().transport.command(`CREATE DATABASE IF NOT EXISTS ${database}`);
      await db().transport.command(`CREATE TABLE ${table} (version UInt32, applied_at DateTime) ENGINE = MergeTree ORDER BY version`);
      await db().transport.command(`INSERT INTO ${table} (version, applied_at) VALUES (${CLICKHOUSE_SCHEMA_VERSION + 1}, now())`);
      const refusal = await openClickHouseEvents({ ...options, url: url().replace(db().location.database, database) }).catch((caught: unknown) => caught);
      expect(refusal).toBeInstanceOf(OperatorError);
      expect((refusal as OperatorError).exitCode).toBe(2);
      expect((refusal as Error).message).toBe(
        `the ClickHouse database ${database} is at schema version ${CLICKHOUSE_SCHEMA_VERSION + 1}, newer than this Mesura knows (${CLICKHOUSE_SCHEMA_VERSION}): it was written by a newer release and is left unchanged; run that release, or restore the backup taken before the upgrade (docs/operations.md "Upgrades and rollbacks")`,
      );
      expect(await tablesOf(database)).toEqual([CLICKHOUSE_SCHEMA_VERSION_TABLE]);
    } finally {
      await db().transport.command(`DROP DATABASE IF EXISTS ${database}`);
    }
  });
});
