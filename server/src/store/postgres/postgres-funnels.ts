/**
 * The funnels in the shared PostgreSQL metadata database (funnel-store.ts), for servers that scale
 * out, as the goals are (postgres-goals.ts): the tables are made on open if absent, one server at a
 * time under an advisory lock, and a change and its history row commit in one transaction.
 */
import type { MetadataPool, Sql } from './postgres-pool.js';
import { funnelChangeOf, type FunnelStore } from '../funnel-store.js';

/** The funnel tables, made on open if absent and by metadata step 7 (metadata-migrations.ts), which the move fills. */
export const FUNNEL_TABLES = [
  'CREATE TABLE IF NOT EXISTS funnels (id TEXT PRIMARY KEY, definition TEXT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS funnel_changes (funnel_id TEXT NOT NULL, at_ms BIGINT NOT NULL, by_whom TEXT NOT NULL, before TEXT, after TEXT, seq BIGSERIAL)',
];

async function definitionOf(sql: Sql, id: string, lock = false): Promise<string | undefined> {
  const { rows } = await sql.query(`SELECT definition FROM funnels WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  const text = rows[0]?.definition;
  return typeof text === 'string' ? text : undefined;
}

const record = (sql: Sql, id: string, atMs: number, by: string, before: string | undefined, after: string | undefined) =>
  sql.query('INSERT INTO funnel_changes (funnel_id, at_ms, by_whom, before, after) VALUES ($1, $2, $3, $4, $5)', [id, atMs, by, before ?? null, after ?? null]);

const parsed = (text: string | undefined) => (text === undefined ? undefined : (JSON.parse(text) as unknown));

export async function postgresFunnelStore(pool: MetadataPool): Promise<FunnelStore> {
  await pool.transaction(async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(hashtext('mesura funnel tables'))`);
    for (const ddl of FUNNEL_TABLES) await sql.query(ddl);
  });
  return {
    funnelDefinitions: async () => (await pool.query('SELECT definition FROM funnels ORDER BY id')).rows.map((row) => JSON.parse(String(row.definition)) as unknown),
    funnelDefinition: async (id) => parsed(await definitionOf(pool, id)),
    saveFunnel: (funnel, change) =>
      pool.transaction(async (sql) => {
        // Two servers saving one new funnel at once: the lock makes one of them see the other's.
        await sql.query(`SELECT pg_advisory_xact_lock(hashtext('funnel:' || $1))`, [funnel.id]);
        const before = await definitionOf(sql, funnel.id, true);
        const after = JSON.stringify(funnel);
        await sql.query('INSERT INTO funnels (id, definition) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition', [funnel.id, after]);
        await record(sql, funnel.id, change.atMs, change.by, before, after);
        return parsed(before);
      }),
    deleteFunnel: (id, change) =>
      pool.transaction(async (sql) => {
        const before = await definitionOf(sql, id, true);
        if (before === undefined) return false;
        await sql.query('DELETE FROM funnels WHERE id = $1', [id]);
        await record(sql, id, change.atMs, change.by, before, undefined);
        return true;
      }),
    funnelHistory: async (id) =>
      (await pool.query('SELECT at_ms, by_whom AS by, before, after FROM funnel_changes WHERE funnel_id = $1 ORDER BY at_ms, seq', [id])).rows.map((row) =>
        funnelChangeOf({ at_ms: row.at_ms, by: row.by, before: row.before, after: row.after }),
      ),
    // The pool is the metadata's, closed with it.
    close: async () => undefined,
  };
}
