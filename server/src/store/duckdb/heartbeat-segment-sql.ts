import type { HeartbeatColumn, HeartbeatColumnType } from '../heartbeats-schema.js';
import { sqlString } from '../sql-string.js';

/** How DuckDB's JSON reader reads a HeartbeatRow field of each column type. */
const JSON_TYPES: Record<HeartbeatColumnType, string> = {
  text: 'VARCHAR',
  bigint: 'BIGINT',
  timestamp_ms: 'BIGINT',
  date: 'VARCHAR',
  boolean: 'BOOLEAN',
};

/**
 * Builds the SELECT that reads the heartbeat records of one staged batch of ingest-log lines
 * (batch-staging.ts) as rows of the heartbeats table. The batch may also hold hit records (they
 * carry no `kind`), and possibly a torn line (never acknowledged); both read as rows without
 * `kind` and are dropped.
 */
export function heartbeatSegmentReader(columns: readonly HeartbeatColumn[]): (file: string) => string {
  const jsonColumns = [`kind: 'VARCHAR'`, ...columns.map((c) => `${c.source}: '${JSON_TYPES[c.type]}'`)].join(', ');
  const select = columns.map((c) => `${expression(c)} AS ${c.name}`).join(', ');
  return (file) =>
    `SELECT ${select} FROM read_ndjson(${sqlString(file, 'duckdb')}, columns = {${jsonColumns}}, ignore_errors = true)
     WHERE kind = 'heartbeat' AND heartbeatId IS NOT NULL`;
}

function expression(column: HeartbeatColumn): string {
  switch (column.type) {
    case 'timestamp_ms':
      return `CAST(epoch_ms(${column.source}) AS TIMESTAMP_MS)`;
    case 'date':
      return `CAST(${column.source} AS DATE)`;
    default:
      return column.source;
  }
}
