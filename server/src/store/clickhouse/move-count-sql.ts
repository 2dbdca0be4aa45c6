/**
 * The INSERT the move-to-cluster command (move/move-count-tables.ts) writes one chunk of an
 * embedded count table with: each value as the literal its kind reads back as
 * (duckdb/move-source-sql.ts read it as text, days as YYYY-MM-DD, integers as text).
 */
import type { CountColumn, CountColumnKind } from '../duckdb/move-source-sql.js';
import { sqlBoolean, sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

export interface CountTableInsert {
  database: string;
  table: string;
  columns: readonly CountColumn[];
  /** ClickHouse's `page_views_daily` names the drain batch of each row; moved rows name the move's batch. */
  batchColumn?: string;
  batchId: string;
}

export function countRowsInsertSql(insert: CountTableInsert, rows: readonly Record<string, unknown>[]): string {
  const { columns, batchColumn } = insert;
  const names = columns.map((column) => sqlIdentifier(column.name));
  if (batchColumn) names.push(sqlIdentifier(batchColumn));
  const tuples = rows.map((row) => {
    const values = columns.map((column) => literal(column.kind, row[column.name] ?? null));
    if (batchColumn) values.push(sqlString(insert.batchId));
    return `(${values.join(', ')})`;
  });
  return `INSERT INTO ${sqlIdentifier(insert.database)}.${sqlIdentifier(insert.table)} (${names.join(', ')}) VALUES ${tuples.join(', ')}`;
}

function literal(kind: CountColumnKind, value: unknown): string {
  if (value === null) {
    if (kind === 'nullable-text') return 'NULL';
    throw new Error(`a NOT NULL column of a count table read as NULL`);
  }
  switch (kind) {
    case 'text':
    case 'nullable-text':
      return sqlString(String(value));
    case 'date':
      return sqlDate(String(value));
    case 'boolean':
      return sqlBoolean(value === true);
    case 'integer':
    case 'epoch-ms':
      return sqlInteger(BigInt(String(value)));
  }
}
