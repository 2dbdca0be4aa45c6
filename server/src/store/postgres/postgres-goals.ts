/**
 * The site goals in the shared PostgreSQL metadata database (goal-store.ts), for servers that
 * scale out: every server reads the same definitions. The tables are made on open if absent
 * (ensureGoalTables) rather than by a numbered step of metadata-migrations.ts; a change and its
 * history row commit in one transaction.
 */
import type { MetadataPool, Sql } from './postgres-pool.js';
import { goalChangeOf, type GoalStore } from '../goal-store.js';

/** The goal tables, made on open if absent and by metadata step 7 (metadata-migrations.ts), which the move fills. */
export const GOAL_TABLES = [
  'CREATE TABLE IF NOT EXISTS goals (id TEXT PRIMARY KEY, definition TEXT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS goal_changes (goal_id TEXT NOT NULL, at_ms BIGINT NOT NULL, by_whom TEXT NOT NULL, before TEXT, after TEXT, seq BIGSERIAL)',
];

async function definitionOf(sql: Sql, id: string, lock = false): Promise<string | undefined> {
  const { rows } = await sql.query(`SELECT definition FROM goals WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  const text = rows[0]?.definition;
  return typeof text === 'string' ? text : undefined;
}

const record = (sql: Sql, id: string, atMs: number, by: string, before: string | undefined, after: string | undefined) =>
  sql.query('INSERT INTO goal_changes (goal_id, at_ms, by_whom, before, after) VALUES ($1, $2, $3, $4, $5)', [id, atMs, by, before ?? null, after ?? null]);

/**
 * Servers starting together each make the tables if absent: PostgreSQL's CREATE TABLE IF NOT
 * EXISTS can still collide on its catalogue then, so one at a time under a lock.
 */
async function ensureGoalTables(pool: MetadataPool): Promise<void> {
  await pool.transaction(async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(hashtext('mesura goal tables'))`);
    for (const ddl of GOAL_TABLES) await sql.query(ddl);
  });
}

export async function postgresGoalStore(pool: MetadataPool): Promise<GoalStore> {
  await ensureGoalTables(pool);
  return {
    goalDefinitions: async () => (await pool.query('SELECT definition FROM goals ORDER BY id')).rows.map((row) => JSON.parse(String(row.definition)) as unknown),
    goalDefinition: async (id) => {
      const text = await definitionOf(pool, id);
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    },
    saveGoal: (goal, change) =>
      pool.transaction(async (sql) => {
        // Two servers saving one new goal at once: the lock makes one of them see the other's.
        await sql.query(`SELECT pg_advisory_xact_lock(hashtext('goal:' || $1))`, [goal.id]);
        const before = await definitionOf(sql, goal.id, true);
        const after = JSON.stringify(goal);
        await sql.query('INSERT INTO goals (id, definition) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition', [goal.id, after]);
        await record(sql, goal.id, change.atMs, change.by, before, after);
        return before === undefined ? undefined : (JSON.parse(before) as unknown);
      }),
    deleteGoal: (id, change) =>
      pool.transaction(async (sql) => {
        const before = await definitionOf(sql, id, true);
        if (before === undefined) return false;
        await sql.query('DELETE FROM goals WHERE id = $1', [id]);
        await record(sql, id, change.atMs, change.by, before, undefined);
        return true;
      }),
    goalHistory: async (id) =>
      (await pool.query('SELECT at_ms, by_whom AS by, before, after FROM goal_changes WHERE goal_id = $1 ORDER BY at_ms, seq', [id])).rows.map((row) =>
        goalChangeOf({ at_ms: row.at_ms, by: row.by, before: row.before, after: row.after }),
      ),
    // The pool is the metadata's, closed with it.
    close: async () => undefined,
  };
}
