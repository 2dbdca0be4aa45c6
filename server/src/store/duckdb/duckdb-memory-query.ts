/**
 * DuckDB's memory in use over every tag (buffer manager, hash tables, the WAL's): one cheap
 * catalogue scan, read by observe/runtime-figures.ts at scrape time. DuckDB only by nature:
 * ClickHouse reports its memory through its own exporter.
 */
import type { EngineQuery } from '../analytics-reader.js';

export const DUCKDB_MEMORY_QUERY: EngineQuery = {
  name: 'duckdb memory',
  duckdb: 'SELECT COALESCE(SUM(memory_usage_bytes), 0)::BIGINT AS bytes FROM duckdb_memory()',
};
