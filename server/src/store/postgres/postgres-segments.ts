/**
 * The segments in the shared PostgreSQL metadata database (segment-store.ts), for servers that
 * scale out, as the funnels are (postgres-funnels.ts): the tables are made on open if absent, one server at a
 * time under an advisory lock, and a change and its history row commit in one transaction.
 */
import type { MetadataPool, Sql } from './postgres-pool.js';
import { segmentChangeOf, type SegmentStore } from '../segment-store.js';

const TABLES = [
  'CREATE TABLE IF NOT EXISTS segments (id TEXT PRIMARY KEY, definition TEXT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS segment_changes (segment_id TEXT NOT NULL, at_ms BIGINT NOT NULL, by_whom TEXT NOT NULL, before TEXT, after TEXT, seq BIGSERIAL)',
];

async function definitionOf(sql: Sql, id: string, lock = false): Promise<string | undefined> {
  const { rows } = await sql.query(`SELECT definition FROM segments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  const text = rows[0]?.definition;
  return typeof text === 'string' ? text : undefined;
}

const record = (sql: Sql, id: string, atMs: number, by: string, before: string | undefined, after: string | undefined) =>
  sql.query('INSERT INTO segment_changes (segment_id, at_ms, by_whom, before, after) VALUES ($1, $2, $3, $4, $5)', [id, atMs, by, before ?? null, after ?? null]);

const parsed = (text: string | undefined) => (text === undefined ? undefined : (JSON.parse(text) as unknown));

export async function postgresSegmentStore(pool: MetadataPool): Promise<SegmentStore> {
  await pool.transaction(async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(hashtext('mesura segment tables'))`);
    for (const ddl of TABLES) await sql.query(ddl);
  });
  return {
    segmentDefinitions: async () => (await pool.query('SELECT definition FROM segments ORDER BY id')).rows.map((row) => JSON.parse(String(row.definition)) as unknown),
    segmentDefinition: async (id) => parsed(await definitionOf(pool, id)),
    saveSegment: (segment, change) =>
      pool.transaction(async (sql) => {
        // Two servers saving one new segment at once: the lock makes one of them see the other's.
        await sql.query(`SELECT pg_advisory_xact_lock(hashtext('segment:' || $1))`, [segment.id]);
        const before = await definitionOf(sql, segment.id, true);
        const after = JSON.stringify(segment);
        await sql.query('INSERT INTO segments (id, definition) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition', [segment.id, after]);
        await record(sql, segment.id, change.atMs, change.by, before, after);
        return parsed(before);
      }),
    deleteSegment: (id, change) =>
      pool.transaction(async (sql) => {
        const before = await definitionOf(sql, id, true);
        if (before === undefined) return false;
        await sql.query('DELETE FROM segments WHERE id = $1', [id]);
        await record(sql, id, change.atMs, change.by, before, undefined);
        return true;
      }),
    segmentHistory: async (id) =>
      (await pool.query('SELECT at_ms, by_whom AS by, before, after FROM segment_changes WHERE segment_id = $1 ORDER BY at_ms, seq', [id])).rows.map((row) =>
        segmentChangeOf({ at_ms: row.at_ms, by: row.by, before: row.before, after: row.after }),
      ),
    // The pool is the metadata's, closed with it.
    close: async () => undefined,
  };
}
