import type { HitColumn } from '../hits-schema.js';
import { sqlString } from '../sql-string.js';

/** JSON types of the HitRow fields, as DuckDB's JSON reader should read them. */
const FIELD_TYPES: Record<string, string> = {
  receivedAtMs: 'BIGINT',
  clientTimeMs: 'BIGINT',
  isBot: 'BOOLEAN',
};

/**
 * Builds the SELECT that reads one staged batch (NDJSON of LogRecord as the ingest log writes it:
 * batch-staging.ts) as rows of the hits table, column for column. A torn line (a crash mid-write,
 * never acknowledged) reads as nulls and is dropped.
 */
export function logSegmentReader(columns: readonly HitColumn[], variables: readonly string[]): (file: string) => string {
  const fields = columns.flatMap((c) => (typeof c.source === 'string' ? [c.source] : []));
  const struct = variables.map((v) => `${quoteIdentifier(v)} VARCHAR`).join(', ');
  const jsonColumns = [...fields.map((f) => `${f}: '${FIELD_TYPES[f] ?? 'VARCHAR'}'`), `variables: 'STRUCT(${struct.replaceAll("'", "''")})'`].join(', ');
  const select = columns.map((c) => `${expression(c)} AS ${c.name}`).join(', ');
  return (file) =>
    `SELECT ${select} FROM read_ndjson(${sqlString(file, 'duckdb')}, columns = {${jsonColumns}}, ignore_errors = true)
     WHERE eventId IS NOT NULL`;
}

function expression(column: HitColumn): string {
  const path = typeof column.source === 'string' ? column.source : `variables.${quoteIdentifier(column.source.variable)}`;
  switch (column.type) {
    case 'timestamp_ms':
      return `CAST(epoch_ms(${path}) AS TIMESTAMP_MS)`;
    case 'date':
      return `CAST(${path} AS DATE)`;
    default:
      return path;
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
