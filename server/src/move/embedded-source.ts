/**
 * The stopped embedded server's databases, read by the move (move-to-cluster.ts): each DuckDB file
 * of the data folder attached READ_ONLY to one in-memory instance under a fixed alias, so that
 * nothing in the folder changes and one connection reads every table. A file a running server
 * holds is refused by DuckDB's lock, and said in one line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { CONTENT_DB_FILE_NAME } from '../store/duckdb/duckdb-content.js';
import { ENGAGEMENT_DB_FILE_NAME } from '../store/duckdb/duckdb-engagement.js';
import { duckDbMemoryLimit } from '../memory-budget.js';
import { OperatorError } from '../operator-error.js';
import { DUCKDB_FILE_NAME } from '../store/duckdb/duckdb-store.js';
import { attachReadOnlySql, TABLE_COLUMNS_SQL, type EmbeddedFile } from '../store/duckdb/move-source-sql.js';
import { VISITORS_DB_FILE_NAME } from '../store/duckdb/duckdb-visitors.js';
import { FUNNELS_DB_FILE_NAME } from '../store/duckdb/duckdb-funnels.js';
import { GOALS_DB_FILE_NAME } from '../store/duckdb/duckdb-goals.js';
import { SEGMENTS_DB_FILE_NAME } from '../store/duckdb/duckdb-segments.js';
import { ANNOTATIONS_DB_FILE_NAME } from '../store/duckdb/duckdb-annotations.js';
import { DASHBOARDS_DB_FILE_NAME } from '../store/duckdb/duckdb-dashboards.js';
import { MAIL_NOTICES_DB_FILE_NAME } from '../store/duckdb/duckdb-mail-notices.js';

/** The alias each file is attached under: tables are read as `<alias>.<table>`. */
export const SOURCE_FILES: Readonly<Record<EmbeddedFile, string>> = {
  events: DUCKDB_FILE_NAME,
  content: CONTENT_DB_FILE_NAME,
  engagement: ENGAGEMENT_DB_FILE_NAME,
  visitors: VISITORS_DB_FILE_NAME,
  goals: GOALS_DB_FILE_NAME,
  funnels: FUNNELS_DB_FILE_NAME,
  segments: SEGMENTS_DB_FILE_NAME,
  annotations: ANNOTATIONS_DB_FILE_NAME,
  dashboards: DASHBOARDS_DB_FILE_NAME,
  notices: MAIL_NOTICES_DB_FILE_NAME,
};

export type SourceFile = EmbeddedFile;

/** Threads of the reading instance: the sorts of the event tables use both cores of the default host. */
const SOURCE_THREADS = 2;

export interface EmbeddedSource {
  readonly connection: DuckDBConnection;
  /** Whether the folder has that file (a folder whose server never opened one lacks it). */
  has(file: SourceFile): boolean;
  /** Whether the attached file holds the table. */
  hasTable(file: SourceFile, table: string): Promise<boolean>;
  /** The table's column names, in table order. */
  columns(file: SourceFile, table: string): Promise<string[]>;
  close(): void;
}

export async function openEmbeddedSource(dataDir: string, memoryLimitMiB: number): Promise<EmbeddedSource> {
  const instance = await DuckDBInstance.create(':memory:', { threads: String(SOURCE_THREADS), memory_limit: duckDbMemoryLimit(memoryLimitMiB) });
  const connection = await instance.connect();
  const present = new Set<SourceFile>();
  try {
    for (const [alias, name] of Object.entries(SOURCE_FILES) as [SourceFile, string][]) {
      const file = path.join(dataDir, name);
      if (!existsSync(file)) continue;
      await connection.run(attachReadOnlySql(file, alias)).catch((error: Error) => {
        throw attachError(file, error);
      });
      present.add(alias);
    }
  } catch (error) {
    connection.closeSync();
    instance.closeSync();
    throw error;
  }
  const columnsOf = async (file: SourceFile, table: string) => (await connection.runAndReadAll(TABLE_COLUMNS_SQL, { db: file, table })).getRowObjectsJson().map((row) => String(row.column_name));
  return {
    connection,
    has: (file) => present.has(file),
    hasTable: async (file, table) => present.has(file) && (await columnsOf(file, table)).length > 0,
    columns: columnsOf,
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** A running server's lock, or a file DuckDB cannot read, as one line. */
function attachError(file: string, error: Error): OperatorError {
  const first = error.message.split('\n', 1)[0] ?? '';
  if (/lock/i.test(first)) {
    const pid = /PID (\d+)/.exec(error.message)?.[1];
    return new OperatorError(`${file} is held by a running server${pid ? ` (PID ${pid})` : ''}: stop it first (systemctl stop mesura, or SIGTERM), then run the move again`);
  }
  return new OperatorError(`${file} cannot be read: ${first}`);
}
