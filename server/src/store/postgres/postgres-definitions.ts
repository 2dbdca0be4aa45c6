/**
 * A kind of saved definitions (definition-table.ts) in the shared PostgreSQL metadata database,
 * for servers that scale out: every server reads the same ones. The tables are made on open if
 * absent, one server at a time under an advisory lock (PostgreSQL's CREATE TABLE IF NOT EXISTS can
 * still collide on its catalogue when servers start together), and by metadata step 7
 * (metadata-migrations.ts) for the goals and funnels, which the move to a cluster fills; a change
 * and its history row commit in one transaction.
 */
import type { MetadataPool, Sql } from './postgres-pool.js';
import { parsedDefinition, type DefinitionRows, type DefinitionTable } from '../definition-table.js';

/** The tables of one kind (table names are the code's own, never a request's). */
export function postgresDefinitionTablesSql({ table, changes, idColumn }: DefinitionTable): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, definition TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${changes} (${idColumn} TEXT NOT NULL, at_ms BIGINT NOT NULL, by_whom TEXT NOT NULL, before TEXT, after TEXT, seq BIGSERIAL)`,
  ];
}

export async function postgresDefinitions(pool: MetadataPool, names: DefinitionTable): Promise<DefinitionRows> {
  const { table, changes, idColumn } = names;
  await pool.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`mesura ${table} tables`]);
    for (const ddl of postgresDefinitionTablesSql(names)) await sql.query(ddl);
  });
  const definitionOf = async (sql: Sql, id: string, lock = false): Promise<string | undefined> => {
    const { rows } = await sql.query(`SELECT definition FROM ${table} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    const text = rows[0]?.definition;
    return typeof text === 'string' ? text : undefined;
  };
  const record = (sql: Sql, id: string, change: { atMs: number; by: string }, before: string | undefined, after: string | undefined) =>
    sql.query(`INSERT INTO ${changes} (${idColumn}, at_ms, by_whom, before, after) VALUES ($1, $2, $3, $4, $5)`, [id, change.atMs, change.by, before ?? null, after ?? null]);
  return {
    definitions: async () => (await pool.query(`SELECT definition FROM ${table} ORDER BY id`)).rows.map((row) => JSON.parse(String(row.definition)) as unknown),
    definition: async (id) => parsedDefinition(await definitionOf(pool, id)),
    save: (definition, change) =>
      pool.transaction(async (sql) => {
        // Two servers saving one new definition at once: the lock makes one of them see the other's.
        await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}:${definition.id}`]);
        const before = await definitionOf(sql, definition.id, true);
        const after = JSON.stringify(definition);
        await sql.query(`INSERT INTO ${table} (id, definition) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition`, [definition.id, after]);
        await record(sql, definition.id, change, before, after);
        return parsedDefinition(before);
      }),
    remove: (id, change) =>
      pool.transaction(async (sql) => {
        const before = await definitionOf(sql, id, true);
        if (before === undefined) return false;
        await sql.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        await record(sql, id, change, before, undefined);
        return true;
      }),
    history: async (id) =>
      (await pool.query(`SELECT at_ms, by_whom AS by, before, after FROM ${changes} WHERE ${idColumn} = $1 ORDER BY at_ms, seq`, [id])).rows.map((row) => ({
        at_ms: row.at_ms,
        by: row.by,
        before: row.before,
        after: row.after,
      })),
    // The pool is the metadata's, closed with it.
    close: async () => undefined,
  };
}
