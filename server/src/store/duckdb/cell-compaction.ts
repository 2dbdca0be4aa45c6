/**
 * Keeps the cell tables (cell-tables.ts) small without rewriting what is stored. Loads append a
 * row per cell they change to each table's recent part; once CELLS_MERGE_ROWS have piled up, the
 * recent rows are merged one per key and appended to the merged part as one chunk, and the recent
 * part is emptied. A day thus gathers a chunk per merge; once a later day has begun, each earlier
 * day with more than one chunk is merged whole, once, to one row per key. So the rows a merge
 * deletes are the recent ones and, once a day, the day that has ended: a checkpoint never writes
 * the day's growing cells again (cell-tables.ts says what that cost).
 *
 * `cell_chunk_days` counts each day's chunks since its last whole merge. Everything runs inside
 * the load's transaction, so a report never sees a cell twice or not at all.
 */
import type { SqlConnection } from './reads-first.js';
import { type CellTable, cellTableParts, mergeCellsSql, mergedPart, recentPart } from './cell-tables.js';

/** Appended cell rows that start a merge: a few minutes of a busy site's loads. */
export const CELLS_MERGE_ROWS = 200_000;

export const CELL_CHUNK_DAYS_TABLE = 'cell_chunk_days';

export async function ensureCellChunkDays(connection: SqlConnection): Promise<void> {
  await connection.run(`CREATE TABLE IF NOT EXISTS ${CELL_CHUNK_DAYS_TABLE} (day DATE PRIMARY KEY, chunks INTEGER NOT NULL)`);
}

/** Counts what loads append to `tables`, and merges them once enough has piled up. */
export class CellCompaction {
  private appended = 0;

  constructor(private readonly tables: readonly CellTable[]) {}

  /** Records `rows` appended to the recent parts; merges once CELLS_MERGE_ROWS have piled up. */
  async record(connection: SqlConnection, rows: number): Promise<void> {
    this.appended += rows;
    if (this.appended < CELLS_MERGE_ROWS) return;
    await mergeRecentCells(connection, this.tables);
    this.appended = 0;
  }
}

/** Merges every table's recent rows into a chunk of its merged part, then each ended day with several chunks whole. */
export async function mergeRecentCells(connection: SqlConnection, tables: readonly CellTable[]): Promise<void> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE recent_cell_days AS ${tables.map((t) => `SELECT DISTINCT day FROM ${recentPart(t)}`).join(' UNION ')}`);
  for (const table of tables) {
    await connection.run(mergeCellsSql(table, mergedPart(table), recentPart(table)));
    await connection.run(`DELETE FROM ${recentPart(table)}`);
  }
  await connection.run(`INSERT INTO ${CELL_CHUNK_DAYS_TABLE} SELECT day, 1 FROM recent_cell_days
    ON CONFLICT (day) DO UPDATE SET chunks = ${CELL_CHUNK_DAYS_TABLE}.chunks + 1`);
  const ended = await connection.runAndReadAll(`SELECT strftime(day, '%Y-%m-%d') AS day FROM ${CELL_CHUNK_DAYS_TABLE}
    WHERE chunks > 1 AND day < (SELECT max(day) FROM recent_cell_days) ORDER BY day`);
  await connection.run('DROP TABLE recent_cell_days');
  await mergeWholeDays(
    connection,
    tables,
    ended.getRowObjectsJson().map((row) => String(row.day)),
  );
}

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;

/** Merges `days`' rows of each table (both parts) into one per key, in the merged part. */
export async function mergeWholeDays(connection: SqlConnection, tables: readonly CellTable[], days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  for (const table of tables) {
    await connection.run(`CREATE OR REPLACE TEMP TABLE whole_day_cells AS SELECT * FROM ${mergedPart(table)} LIMIT 0`);
    await connection.run(mergeCellsSql(table, 'whole_day_cells', table.name, ON_DAYS), values);
    for (const part of cellTableParts(table)) await connection.run(`DELETE FROM ${part} WHERE ${ON_DAYS}`, values);
    await connection.run(`INSERT INTO ${mergedPart(table)} SELECT * FROM whole_day_cells`);
    await connection.run('DROP TABLE whole_day_cells');
  }
  await connection.run(`UPDATE ${CELL_CHUNK_DAYS_TABLE} SET chunks = 1 WHERE ${ON_DAYS}`, values);
}
