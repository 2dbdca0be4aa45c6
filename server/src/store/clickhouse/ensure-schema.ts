import type { ClickHouseTransport } from './clickhouse-transport.js';
import { createBatchesTableSql } from './batches-table.js';
import { decisionsTable } from './decisions-table.js';
import { columnTypeSql, createTableSql, type EventTable } from './event-table.js';
import { heartbeatsTable } from './heartbeats-table.js';
import { hitsTable } from './hits-table.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';

/** The events tables of one deployment: hits (with a column per named variable), heartbeats, decision events. */
export interface EventTables {
  hits: EventTable;
  heartbeats: EventTable;
  decisions: EventTable;
}

export function eventTables(options: { variables: readonly string[] }): EventTables {
  return { hits: hitsTable(options.variables), heartbeats: heartbeatsTable(), decisions: decisionsTable() };
}

/**
 * Creates the database and its tables when absent, and adds the columns an existing table lacks (a
 * variable named since it was made). 18.16 has no `ADD COLUMN IF NOT EXISTS`, so the columns it has
 * are read from system.columns. Safe to run on every start and from several processes at once:
 * each statement is idempotent, and a column another process added meanwhile is the same column.
 */
export async function ensureSchema(transport: ClickHouseTransport, database: string, tables: EventTables): Promise<void> {
  await transport.command(`CREATE DATABASE IF NOT EXISTS ${sqlIdentifier(database)}`);
  await transport.command(createBatchesTableSql(database));
  for (const table of [tables.hits, tables.heartbeats, tables.decisions]) {
    await transport.command(createTableSql(database, table));
    const present = await transport.query<{ name: string }>(
      `SELECT name FROM system.columns WHERE database = ${sqlString(database)} AND table = ${sqlString(table.name)}`,
    );
    const names = new Set(present.map((column) => column.name));
    for (const column of table.columns.filter((c) => !names.has(c.name))) {
      await transport.command(`ALTER TABLE ${sqlIdentifier(database)}.${sqlIdentifier(table.name)} ADD COLUMN ${sqlIdentifier(column.name)} ${columnTypeSql(column)}`);
    }
  }
}
