/**
 * The segments in their own DuckDB file beside the measurement store (segment-store.ts), as the
 * funnels are kept in theirs (duckdb-funnels.ts): analysts' definitions, not measurement data. Each statement
 * runs on one connection in turn, and a change and its history row commit together.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { memoryBudget } from '../../memory-budget.js';
import { openDatabaseOf, type OpenDatabase } from './duckdb-copy.js';
import { openDuckDbFile } from './duckdb-file.js';
import { segmentChangeOf, type SegmentStore } from '../segment-store.js';

export const SEGMENTS_DB_FILE_NAME = 'segments.duckdb';

const TABLES = [
  'CREATE TABLE IF NOT EXISTS segments (id VARCHAR PRIMARY KEY, definition VARCHAR NOT NULL)',
  'CREATE TABLE IF NOT EXISTS segment_changes (segment_id VARCHAR NOT NULL, at_ms BIGINT NOT NULL, by_whom VARCHAR NOT NULL, before VARCHAR, after VARCHAR)',
];

export async function openSegmentStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<SegmentStore & OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await openDuckDbFile(path.join(dataDir, SEGMENTS_DB_FILE_NAME), { threads: 1, memoryLimitMiB });
  const connection = await instance.connect();
  for (const ddl of TABLES) await connection.run(ddl);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: (c: DuckDBConnection) => Promise<T>): Promise<T> => {
    const next = queue.then(() => run(connection));
    queue = next.catch(() => undefined);
    return next;
  };
  const rows = async (c: DuckDBConnection, sql: string, values: Record<string, string> = {}) => (await c.runAndReadAll(sql, values)).getRowObjectsJson();
  const definitionOf = async (c: DuckDBConnection, id: string) => {
    const text = (await rows(c, 'SELECT definition FROM segments WHERE id = $id', { id }))[0]?.definition;
    return typeof text === 'string' ? text : undefined;
  };
  const parsed = (text: string | undefined) => (text === undefined ? undefined : (JSON.parse(text) as unknown));
  /** Runs `work` inside one transaction: both writes or neither. */
  const atomically = async <T>(c: DuckDBConnection, work: () => Promise<T>): Promise<T> => {
    await c.run('BEGIN TRANSACTION');
    try {
      const result = await work();
      await c.run('COMMIT');
      return result;
    } catch (error) {
      await c.run('ROLLBACK');
      throw error;
    }
  };
  const record = (c: DuckDBConnection, id: string, atMs: number, by: string, before: string | undefined, after: string | undefined) =>
    c.run('INSERT INTO segment_changes VALUES ($id, CAST($at AS BIGINT), $by, $before, $after)', { id, at: String(atMs), by, before: before ?? null, after: after ?? null } as Record<string, string>);

  return {
    ...openDatabaseOf(instance, SEGMENTS_DB_FILE_NAME),
    segmentDefinitions: () => serial(async (c) => (await rows(c, 'SELECT definition FROM segments ORDER BY id')).map((row) => JSON.parse(String(row.definition)) as unknown)),
    segmentDefinition: (id) => serial(async (c) => parsed(await definitionOf(c, id))),
    saveSegment: (segment, change) =>
      serial((c) =>
        atomically(c, async () => {
          const before = await definitionOf(c, segment.id);
          const after = JSON.stringify(segment);
          await c.run('INSERT OR REPLACE INTO segments VALUES ($id, $definition)', { id: segment.id, definition: after });
          await record(c, segment.id, change.atMs, change.by, before, after);
          return parsed(before);
        }),
      ),
    deleteSegment: (id, change) =>
      serial((c) =>
        atomically(c, async () => {
          const before = await definitionOf(c, id);
          if (before === undefined) return false;
          await c.run('DELETE FROM segments WHERE id = $id', { id });
          await record(c, id, change.atMs, change.by, before, undefined);
          return true;
        }),
      ),
    segmentHistory: (id) =>
      serial(async (c) =>
        (await rows(c, 'SELECT at_ms, by_whom, before, after FROM segment_changes WHERE segment_id = $id ORDER BY at_ms, rowid', { id })).map((row) =>
          segmentChangeOf({ at_ms: row.at_ms, by: row.by_whom, before: row.before, after: row.after }),
        ),
      ),
    close: async () => {
      await queue;
      connection.closeSync();
      instance.closeSync();
    },
  };
}
