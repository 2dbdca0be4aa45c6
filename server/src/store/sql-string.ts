/** The SQL engines Mesura writes for; they disagree on what a backslash means in a string. */
export type SqlDialect = 'duckdb' | 'clickhouse';

/**
 * A value as a SQL string literal: the one place where Mesura puts a value into SQL text (where a
 * bound parameter cannot go, such as a table function's file name, or ClickHouse 18, which has no
 * query parameters). DuckDB follows standard SQL (only quotes are doubled); ClickHouse also treats
 * a backslash as an escape. A NUL byte, which neither keeps intact, is refused.
 */
export function sqlString(value: string, dialect: SqlDialect): string {
  if (value.includes('\0')) throw new Error('a SQL string cannot hold a NUL character');
  if (dialect === 'clickhouse') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  return `'${value.replaceAll("'", "''")}'`;
}
