import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DUCKDB_FILE_NAME } from '../../src/store/duckdb/duckdb-store.js';

/**
 * Rows of the `heartbeats` table of a closed server's data folder: what reports cannot show (the
 * raw rows, their enrichment, copies the collector stopped at the door).
 */
export async function storedHeartbeats(dataDir: string, where = 'TRUE'): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(path.join(dataDir, DUCKDB_FILE_NAME));
  const connection = await instance.connect();
  try {
    const result = await connection.runAndReadAll(`SELECT * FROM heartbeats WHERE ${where} ORDER BY ts_ms, received_at`);
    return result.getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
