import { sqlBoolean, sqlDate, sqlIdentifier, sqlInteger, sqlString, SqlLiteralError } from './sql-literal.js';

/** The engine-neutral column types of hits-schema.ts and heartbeats-schema.ts. */
export type EventColumnType = 'text' | 'bigint' | 'timestamp_ms' | 'date' | 'boolean';

/**
 * ClickHouse's type for each. Times are Int64 epoch ms: 18.16 has no DateTime64 (its DateTime
 * holds seconds), and a plain number reads the same on every version. Booleans are UInt8, as
 * ClickHouse had no Bool before 21.12.
 */
export const CLICKHOUSE_TYPES: Record<EventColumnType, string> = {
  text: 'String',
  bigint: 'Int64',
  timestamp_ms: 'Int64',
  date: 'Date',
  boolean: 'UInt8',
};

/** Where a column's value sits in a stored row: a field, or one of a hit's named variables. */
export type ColumnSource = string | { variable: string };

export interface EventColumn {
  name: string;
  type: EventColumnType;
  nullable: boolean;
  source: ColumnSource;
}

/**
 * One events table: its columns (made from the engine-neutral column tables, never listed here
 * again), how it is partitioned and ordered, and how the batch writer finds a batch's rows.
 */
export interface EventTable {
  name: string;
  columns: readonly EventColumn[];
  /** SQL over the table's own columns (fixed text, no input). */
  partitionBy: string;
  /** The sorting key: the reports' filters first. Nullable columns cannot be in it on 18.16. */
  orderBy: readonly string[];
  /**
   * A condition that holds for every row of `rows` and lets ClickHouse skip the partitions and key
   * ranges they are not in: the batch writer's check for what a lost attempt stored reads only there.
   */
  scope(rows: readonly object[]): string;
  /** Fields a row read back carries beyond its columns (a heartbeat's `kind`). */
  fixedFields: Record<string, unknown>;
}

/**
 * Columns every events table has for the batch writer (event-batch-writer.ts): the batch a row
 * came in and its place in that batch, which together name each row of every batch once.
 */
export const BATCH_COLUMNS_SQL = 'batch_id String, batch_row UInt32';

/** `CREATE TABLE IF NOT EXISTS` of `table` in `database`: MergeTree, partitioned by month. */
export function createTableSql(database: string, table: EventTable): string {
  const columns = table.columns.map((column) => `${sqlIdentifier(column.name)} ${columnTypeSql(column)}`);
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${sqlIdentifier(table.name)} (${[...columns, BATCH_COLUMNS_SQL].join(', ')})
    ENGINE = MergeTree PARTITION BY ${table.partitionBy} ORDER BY (${table.orderBy.map(sqlIdentifier).join(', ')})`;
}

export function columnTypeSql(column: EventColumn): string {
  const type = CLICKHOUSE_TYPES[column.type];
  return column.nullable ? `Nullable(${type})` : type;
}

/** The column's value in `row`, as a literal of its type; a missing value of a NOT NULL column is refused. */
export function columnLiteral(column: EventColumn, row: object): string {
  const value = sourceValue(column.source, row);
  if (value === null || value === undefined) {
    if (column.nullable) return 'NULL';
    throw new SqlLiteralError(`${column.name} has no value, and the column holds no NULL`);
  }
  switch (column.type) {
    case 'text':
      return sqlString(value as string);
    case 'bigint':
    case 'timestamp_ms':
      return sqlInteger(value as number);
    case 'date':
      return sqlDate(value as string);
    case 'boolean':
      return sqlBoolean(value as boolean);
  }
}

/** A value ClickHouse answered in JSONEachRow, as the row field holds it (64-bit integers come as text). */
export function columnValue(column: EventColumn, value: unknown): unknown {
  if (value === null) return null;
  switch (column.type) {
    case 'bigint':
    case 'timestamp_ms':
      return Number(value);
    case 'boolean':
      return value === 1;
    default:
      return value;
  }
}

/** Sets the column's value on a row being read back; a null named variable stays absent. */
export function setSourceValue(source: ColumnSource, row: Record<string, unknown>, value: unknown): void {
  if (typeof source === 'string') {
    row[source] = value;
    return;
  }
  const variables = (row.variables ??= {}) as Record<string, unknown>;
  if (value !== null) variables[source.variable] = value;
}

function sourceValue(source: ColumnSource, row: object): unknown {
  const fields = row as Record<string, unknown>;
  if (typeof source === 'string') return fields[source];
  return (fields.variables as Record<string, unknown> | undefined)?.[source.variable];
}
