/**
 * A kind of saved definitions (definition-table.ts) in a DuckDB file of its own beside the
 * measurement store: editors' and analysts' definitions, not measurement data, so no retention job
 * or export reads them. Each statement runs on one connection in turn, and a change and its
 * history row commit together.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { openDatabaseOf, type OpenDatabase } from './duckdb-copy.js';
import { openDuckDbFile } from './duckdb-file.js';
import { parsedDefinition, type DefinitionRows, type DefinitionTable } from '../definition-table.js';

/** The tables of one kind, as a new file makes them (table names are the code's own, never a request's). */
export function definitionTablesSql({ table, changes, idColumn }: DefinitionTable): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (id VARCHAR PRIMARY KEY, definition VARCHAR NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${changes} (${idColumn} VARCHAR NOT NULL, at_ms BIGINT NOT NULL, by_whom VARCHAR NOT NULL, before VARCHAR, after VARCHAR)`,
  ];
}

/** Runs `work` inside one transaction: every write or none. */
async function atomically<T>(c: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await c.run('BEGIN TRANSACTION');
  try {
    const result = await work();
    await c.run('COMMIT');
    return result;
  } catch (error) {
    await c.run('ROLLBACK');
    throw error;
  }
}

export async function openDefinitionFile(dataDir: string, fileName: string, names: DefinitionTable, memoryLimitMiB: number): Promise<DefinitionRows & OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await openDuckDbFile(path.join(dataDir, fileName), { threads: 1, memoryLimitMiB });
  const connection = await instance.connect();
  for (const ddl of definitionTablesSql(names)) await connection.run(ddl);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: (c: DuckDBConnection) => Promise<T>): Promise<T> => {
    const next = queue.then(() => run(connection));
    queue = next.catch(() => undefined);
    return next;
  };
  const { table, changes, idColumn } = names;
  const rows = async (c: DuckDBConnection, sql: string, values: Record<string, string> = {}) => (await c.runAndReadAll(sql, values)).getRowObjectsJson();
  const definitionOf = async (c: DuckDBConnection, id: string) => {
    const text = (await rows(c, `SELECT definition FROM ${table} WHERE id = $id`, { id }))[0]?.definition;
    return typeof text === 'string' ? text : undefined;
  };
  const record = (c: DuckDBConnection, id: string, change: { atMs: number; by: string }, before: string | undefined, after: string | undefined) =>
    c.run(`INSERT INTO ${changes} VALUES ($id, CAST($at AS BIGINT), $by, $before, $after)`, {
      id,
      at: String(change.atMs),
      by: change.by,
      before: before ?? null,
      after: after ?? null,
    } as Record<string, string>);

  return {
    ...openDatabaseOf(instance, fileName),
    definitions: () => serial(async (c) => (await rows(c, `SELECT definition FROM ${table} ORDER BY id`)).map((row) => JSON.parse(String(row.definition)) as unknown)),
    definition: (id) => serial(async (c) => parsedDefinition(await definitionOf(c, id))),
    save: (definition, change) =>
      serial((c) =>
        atomically(c, async () => {
          const before = await definitionOf(c, definition.id);
          const after = JSON.stringify(definition);
          await c.run(`INSERT OR REPLACE INTO ${table} VALUES ($id, $definition)`, { id: definition.id, definition: after });
          await record(c, definition.id, change, before, after);
          return parsedDefinition(before);
        }),
      ),
    remove: (id, change) =>
      serial((c) =>
        atomically(c, async () => {
          const before = await definitionOf(c, id);
          if (before === undefined) return false;
          await c.run(`DELETE FROM ${table} WHERE id = $id`, { id });
          await record(c, id, change, before, undefined);
          return true;
        }),
      ),
    history: (id) =>
      serial(async (c) =>
        (await rows(c, `SELECT at_ms, by_whom AS by, before, after FROM ${changes} WHERE ${idColumn} = $id ORDER BY at_ms, rowid`, { id })).map((row) => ({
          at_ms: row.at_ms,
          by: row.by,
          before: row.before,
          after: row.after,
        })),
      ),
    close: async () => {
      await queue;
      connection.closeSync();
      instance.closeSync();
    },
  };
}
