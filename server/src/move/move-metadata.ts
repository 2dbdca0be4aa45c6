/**
 * The metadata half of the move: the embedded metadata tables (store/postgres/move-metadata-sql.ts) into the
 * PostgreSQL of MESURA_METADATA, whose schema the caller has brought up to date
 * (metadata-migrations.ts), in one transaction: every table or none. Values are bound
 * parameters; table and column names come from METADATA_TABLES only.
 *
 * A target that holds rows of its own is refused, with the tables named, before anything is
 * written (checkMetadataTarget, also run before the events go) and again inside the transaction
 * under a lock: a half-moved or live cluster is not merged into. What a cluster's first start
 * seeds by itself (the site's content, the site's activities with only `system` history) is
 * replaced by the embedded server's.
 */
import { SEED_AUTHOR } from '../decide/activity-catalog.js';
import { OperatorError } from '../operator-error.js';
import type { MetadataPool, Sql, SqlParameter } from '../store/postgres/postgres-pool.js';
import { metadataRowsSql } from '../store/duckdb/move-source-sql.js';
import { countRowsSql, deleteAllRowsSql, insertRowsSql, lockMetadataTablesSql, METADATA_TABLES, NON_SEED_CHANGES_SQL, type MetadataTable } from '../store/postgres/move-metadata-sql.js';
import type { EmbeddedSource } from './embedded-source.js';
import type { TableMoved } from './move-events.js';

/** Bound values per INSERT: statements of a few hundred rows, each well inside the pool's statement timeout. */
const MAX_VALUES_PER_INSERT = 10_000;

/** Refuses a target whose tables hold anything but a first start's seeds; reads only. */
export async function checkMetadataTarget(sql: Sql, display: string): Promise<void> {
  const taken: string[] = [];
  for (const table of METADATA_TABLES) {
    const rows = await countRows(sql, table.name);
    if (rows > 0 && !(await isSeed(sql, table))) taken.push(`${table.name} (${rows})`);
  }
  if (taken.length > 0) {
    throw new OperatorError(
      `the metadata database ${display} already holds rows in ${taken.join(', ')}: a cluster has used it, or a move was done; move into a database no server has used, before the cluster's first start, or set only MESURA_STORE to move the events alone`,
    );
  }
}

/** Copies every table in one transaction; answers what each read and wrote, once committed. */
export async function moveMetadata(pool: MetadataPool, display: string, source: EmbeddedSource): Promise<TableMoved[]> {
  const read = new Map<string, Record<string, unknown>[]>();
  for (const table of METADATA_TABLES) read.set(table.name, await readTable(source, table));
  return pool.transaction(async (sql) => {
    // Servers starting meanwhile wait for the commit, then find the tables filled and seed nothing.
    await sql.query(lockMetadataTablesSql());
    await checkMetadataTarget(sql, display);
    const moved: TableMoved[] = [];
    for (const table of METADATA_TABLES) {
      const rows = read.get(table.name)!;
      // A seeded table is replaced only by what the embedded server had; without it, the seed stays.
      if (table.seededByFirstStart && rows.length > 0) await sql.query(deleteAllRowsSql(table.name));
      moved.push({ table: table.name, read: rows.length, written: await insertRows(sql, table, rows), refused: 0, leftOutColumns: [] });
    }
    return moved;
  });
}

async function readTable(source: EmbeddedSource, table: MetadataTable): Promise<Record<string, unknown>[]> {
  if (!(await source.hasTable(table.file, table.name))) return [];
  const result = await source.connection.runAndReadAll(metadataRowsSql(table));
  return result.getRowObjectsJson() as Record<string, unknown>[];
}

async function insertRows(sql: Sql, table: MetadataTable, rows: readonly Record<string, unknown>[]): Promise<number> {
  const names = table.columns.map((column) => column.name);
  const rowsPerInsert = Math.max(1, Math.floor(MAX_VALUES_PER_INSERT / names.length));
  let written = 0;
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const chunk = rows.slice(start, start + rowsPerInsert);
    // Row by row, column by column: the order of insertRowsSql's placeholders.
    const values = chunk.flatMap((row) => names.map((name) => (row[name] ?? null) as SqlParameter));
    const result = await sql.query(insertRowsSql(table.name, names, chunk.length), values);
    written += result.rowCount;
  }
  return written;
}

async function countRows(sql: Sql, table: string): Promise<number> {
  const { rows } = await sql.query(countRowsSql(table));
  return Number(rows[0]?.n ?? 0);
}

/** Whether a seeded table's rows are a first start's alone: content always; activities while their history is the seed's. */
async function isSeed(sql: Sql, table: MetadataTable): Promise<boolean> {
  if (!table.seededByFirstStart) return false;
  if (table.name === 'content_documents') return true;
  const { rows } = await sql.query(NON_SEED_CHANGES_SQL, [SEED_AUTHOR]);
  return Number(rows[0]?.n ?? 0) === 0;
}
