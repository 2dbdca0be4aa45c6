/**
 * The statements the move-to-cluster command (server/src/move/) runs against the stopped embedded
 * server's DuckDB files: attaching them read-only, listing a table's columns, and reading the
 * event, count and metadata tables in the shape their targets take. Every name here is the code's
 * own (the schema tables and the move's table lists); values are bound or escaped by sqlString.
 */
import type { EventColumn, EventTable } from '../clickhouse/event-table.js';
import { sqlString } from '../sql-string.js';

/** The alias each embedded file is attached under: tables are read as `<alias>.<table>`. */
export type EmbeddedFile = 'events' | 'content' | 'engagement' | 'visitors' | 'goals' | 'funnels' | 'segments' | 'annotations' | 'dashboards' | 'notices';

/** Attaches one file under its alias, READ_ONLY: nothing in the data folder changes. */
export function attachReadOnlySql(file: string, alias: EmbeddedFile): string {
  return `ATTACH ${sqlString(file, 'duckdb')} AS ${alias} (READ_ONLY)`;
}

/** A table's column names in table order; binds `$db` (the alias) and `$table`. */
export const TABLE_COLUMNS_SQL = 'SELECT column_name FROM duckdb_columns() WHERE database_name = $db AND table_name = $table ORDER BY column_index';

/**
 * Every row of an embedded events table, as the target table's columns: the ones the embedded
 * table lacks (a variable named after its last start) read as NULL. `order` is the fixed row order
 * that makes a rerun cut the same chunks.
 */
export function eventRowsSql(table: EventTable, present: ReadonlySet<string>, order: readonly string[]): string {
  const select = table.columns.map((column) => `${present.has(column.name) ? eventReadExpression(column) : 'NULL'} AS ${quote(column.name)}`);
  return `SELECT ${select.join(', ')} FROM events.${quote(table.name)} ORDER BY ${order.map(quote).join(', ')}`;
}

/** The column as the ingest log's JSON holds it: times as epoch ms, days as YYYY-MM-DD (DOUBLE holds epoch ms exactly). */
function eventReadExpression(column: EventColumn): string {
  const name = quote(column.name);
  switch (column.type) {
    case 'timestamp_ms':
      return `CAST(epoch_ms(${name}) AS DOUBLE)`;
    case 'bigint':
      return `CAST(${name} AS DOUBLE)`;
    case 'date':
      return `strftime(${name}, '%Y-%m-%d')`;
    default:
      return name;
  }
}

/** How a count table's column is read (clickhouse/move-count-sql.ts writes it back by the same kind). */
export type CountColumnKind = 'text' | 'nullable-text' | 'integer' | 'date' | 'boolean' | 'epoch-ms';

export interface CountColumn {
  name: string;
  kind: CountColumnKind;
}

/** Every row of an embedded count table, ordered by every column so that the same rows fall in the same chunk on every run. */
export function countRowsSql(table: string, columns: readonly CountColumn[]): string {
  const select = columns.map((column) => countReadExpression(column.name, column.kind)).join(', ');
  const order = columns.map((column) => column.name).join(', ');
  return `SELECT ${select} FROM events.${table} ORDER BY ${order}`;
}

/** Integers as text (exact at any size), days as YYYY-MM-DD, times as epoch ms. */
function countReadExpression(name: string, kind: CountColumnKind): string {
  switch (kind) {
    case 'integer':
      return `CAST(${name} AS VARCHAR) AS ${name}`;
    case 'date':
      return `strftime(${name}, '%Y-%m-%d') AS ${name}`;
    case 'epoch-ms':
      return `CAST(epoch_ms(${name}) AS VARCHAR) AS ${name}`;
    default:
      return name;
  }
}

/** A metadata table as read from its embedded file (postgres/move-metadata-sql.ts lists them). */
export interface MetadataRead {
  name: string;
  file: EmbeddedFile;
  columns: readonly { name: string; read?: string }[];
  orderBy: string;
  where?: string;
}

/** Every row of an embedded metadata table, each column under its PostgreSQL name. */
export function metadataRowsSql(table: MetadataRead): string {
  const select = table.columns.map((column) => `${column.read ?? column.name} AS ${column.name}`).join(', ');
  const where = table.where === undefined ? '' : ` WHERE ${table.where}`;
  return `SELECT ${select} FROM ${table.file}.${table.name}${where} ORDER BY ${table.orderBy}`;
}

/** Column names come from the code's schema tables; quoted all the same. */
function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
