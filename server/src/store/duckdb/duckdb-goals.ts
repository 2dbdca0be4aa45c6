/**
 * The site goals in their own DuckDB file beside the measurement store (goal-store.ts): editors'
 * definitions, not measurement data, so no retention job or export reads them. Each statement runs
 * on one connection in turn, and a change and its history row commit together.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { memoryBudget } from '../../memory-budget.js';
import { openDatabaseOf, type OpenDatabase } from './duckdb-copy.js';
import { openDuckDbFile } from './duckdb-file.js';
import { goalChangeOf, type GoalStore } from '../goal-store.js';

export const GOALS_DB_FILE_NAME = 'goals.duckdb';

const TABLES = [
  'CREATE TABLE IF NOT EXISTS goals (id VARCHAR PRIMARY KEY, definition VARCHAR NOT NULL)',
  'CREATE TABLE IF NOT EXISTS goal_changes (goal_id VARCHAR NOT NULL, at_ms BIGINT NOT NULL, by_whom VARCHAR NOT NULL, before VARCHAR, after VARCHAR)',
];

export async function openGoalStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<GoalStore & OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await openDuckDbFile(path.join(dataDir, GOALS_DB_FILE_NAME), { threads: 1, memoryLimitMiB });
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
    const text = (await rows(c, 'SELECT definition FROM goals WHERE id = $id', { id }))[0]?.definition;
    return typeof text === 'string' ? text : undefined;
  };
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
    c.run('INSERT INTO goal_changes VALUES ($id, CAST($at AS BIGINT), $by, $before, $after)', { id, at: String(atMs), by, before: before ?? null, after: after ?? null } as Record<string, string>);

  return {
    ...openDatabaseOf(instance, GOALS_DB_FILE_NAME),
    goalDefinitions: () => serial(async (c) => (await rows(c, 'SELECT definition FROM goals ORDER BY id')).map((row) => JSON.parse(String(row.definition)) as unknown)),
    goalDefinition: (id) =>
      serial(async (c) => {
        const text = await definitionOf(c, id);
        return text === undefined ? undefined : (JSON.parse(text) as unknown);
      }),
    saveGoal: (goal, change) =>
      serial((c) =>
        atomically(c, async () => {
          const before = await definitionOf(c, goal.id);
          const after = JSON.stringify(goal);
          await c.run('INSERT OR REPLACE INTO goals VALUES ($id, $definition)', { id: goal.id, definition: after });
          await record(c, goal.id, change.atMs, change.by, before, after);
          return before === undefined ? undefined : (JSON.parse(before) as unknown);
        }),
      ),
    deleteGoal: (id, change) =>
      serial((c) =>
        atomically(c, async () => {
          const before = await definitionOf(c, id);
          if (before === undefined) return false;
          await c.run('DELETE FROM goals WHERE id = $id', { id });
          await record(c, id, change.atMs, change.by, before, undefined);
          return true;
        }),
      ),
    goalHistory: (id) =>
      serial(async (c) =>
        (await rows(c, 'SELECT at_ms, by_whom, before, after FROM goal_changes WHERE goal_id = $id ORDER BY at_ms, rowid', { id })).map((row) =>
          goalChangeOf({ at_ms: row.at_ms, by: row.by_whom, before: row.before, after: row.after }),
        ),
      ),
    close: async () => {
      await queue;
      connection.closeSync();
      instance.closeSync();
    },
  };
}
