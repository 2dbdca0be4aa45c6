/**
 * The report cell tables (page, page day, visit, visit page, link and media cells) are each a view
 * over two tables, as `visits` is (visits-tables.ts): `<name>_recent`, which every load appends
 * its change to, and `<name>_merged`, which takes the recent rows one per key whenever enough have
 * piled up (cell-compaction.ts) and is otherwise only appended to.
 *
 * Why: compacting a day in place deleted its cells and inserted them again, all through one table,
 * and DuckDB writes again, at the next checkpoint, every row group that holds a deleted row. A
 * compaction every few minutes thus rewrote the whole day's cells, and its checkpoint grew with
 * the day: 150 MB at minute 3 of bench:soak, 857 MB (6.9 s) at minute 12, answers waiting behind
 * it up to 2.8 s. Now the deletions fall in the small recent table, and a day's merged rows are
 * merged whole once, when a later day has begun.
 */
import type { SqlConnection } from './reads-first.js';

export interface CellTable {
  /** The view the reports read. */
  name: string;
  /** Column definitions in table order: the keys, then the figures. */
  columns: string;
  /** The key columns, in table order. */
  keys: string;
  /** The figures of the rows of one key merged into one, in table order after the keys. */
  merge: string;
  /** Which merged rows to keep, where a change that cancels out (signed rows) should leave none. */
  having?: string;
}

export const recentPart = (table: CellTable) => `${table.name}_recent`;
export const mergedPart = (table: CellTable) => `${table.name}_merged`;

/** Both tables of `table`: every statement that deletes cells deletes from both. */
export function cellTableParts(table: CellTable): string[] {
  return [mergedPart(table), recentPart(table)];
}

/**
 * Creates both tables and the view. A data folder from before the split has the cells as one
 * table: it becomes the merged part, its rows kept as they are.
 */
export async function ensureCellTable(connection: SqlConnection, table: CellTable): Promise<void> {
  const kind = await connection.runAndReadAll(`SELECT table_type FROM information_schema.tables WHERE table_name = '${table.name}'`);
  if (kind.getRowObjectsJson()[0]?.table_type === 'BASE TABLE') await connection.run(`ALTER TABLE ${table.name} RENAME TO ${mergedPart(table)}`);
  for (const part of cellTableParts(table)) await connection.run(`CREATE TABLE IF NOT EXISTS ${part} (${table.columns})`);
  await connection.run(`CREATE OR REPLACE VIEW ${table.name} AS SELECT * FROM ${mergedPart(table)} UNION ALL SELECT * FROM ${recentPart(table)}`);
}

/** Drops the view and both tables. */
export function dropCellTableSql(table: CellTable): string[] {
  return [`DROP VIEW IF EXISTS ${table.name}`, ...cellTableParts(table).map((part) => `DROP TABLE IF EXISTS ${part}`)];
}

/** Deletes the cells `where` names (SQL over a cell row) from both tables. */
export function deleteCellsSql(table: CellTable, where: string): string[] {
  return cellTableParts(table).map((part) => `DELETE FROM ${part} WHERE ${where}`);
}

/** Appends the rows of `from` (rows of the table, those `where` names if given) to `into`, one per key. */
export function mergeCellsSql(table: CellTable, into: string, from: string, where?: string): string {
  return `INSERT INTO ${into} SELECT ${table.keys}, ${table.merge} FROM ${from}
    ${where ? `WHERE ${where}` : ''} GROUP BY ${table.keys}${table.having ? ` HAVING ${table.having}` : ''}`;
}
