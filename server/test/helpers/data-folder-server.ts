import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { TEST_ENV } from './test-server.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A server on a data folder the test keeps (to stop, change and start again), its log lines recorded. */
export async function startOnFolder(dataDir: string, options: { now?: () => number; env?: Record<string, string> } = {}): Promise<{ server: MesuraServer; log: string[] }> {
  const log: string[] = [];
  const config = loadConfig({ MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'info', ...TEST_ENV, ...options.env }, REPO_ROOT);
  const logStream = { write: (line: string) => void log.push(String((JSON.parse(line) as { msg?: unknown }).msg)) };
  const server = await createServer(config, { ...(options.now && { now: options.now }), logStream });
  return { server, log };
}

/** Runs `use` on a connection to one of the folder's DuckDB files while no server holds it. */
export async function withDuckDbFile<T>(file: string, use: (connection: Awaited<ReturnType<DuckDBInstance['connect']>>) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    return await use(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** One number a query answers (its first column of its first row). */
export async function countOf(connection: Awaited<ReturnType<DuckDBInstance['connect']>>, sql: string): Promise<number> {
  const row = (await connection.runAndReadAll(sql)).getRows()[0];
  return Number(row?.[0] ?? 0);
}
