/**
 * What the DuckDB store's load tests share: a load of rows as the ingest log hands them over, and a
 * read of the closed store's file with one connection (opening the file costs more than the
 * queries the tests make of it).
 */
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { HitRow } from '../../src/store/hit-row.js';
import { rowBatchOf } from '../../src/store/ndjson-batch.js';

export type DuckDbStore = Awaited<ReturnType<typeof openDuckDbStore>>;
export type StoreFileQuery = (sql: string, values?: Record<string, string>) => Promise<Record<string, unknown>[]>;

let segment = 0;

/** Loads `rows` as one new segment of the log, even where an earlier load stored some of them. */
export function loadRows(store: DuckDbStore, rows: HitRow[]) {
  return store.storeBatch(rowBatchOf(`segment-${segment++}`, rows), { skipStored: false });
}

/** Reads the store file `mesura.duckdb` in `dir`, closed by the test before, with one connection. */
export async function readingStoreFile<T>(dir: string, read: (query: StoreFileQuery) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(path.join(dir, 'mesura.duckdb'));
  const connection = await instance.connect();
  try {
    return await read(async (sql, values) => (await connection.runAndReadAll(sql, values)).getRowObjectsJson());
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
