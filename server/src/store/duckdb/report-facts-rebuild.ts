/**
 * Fills the report tables from the hits already stored, once: a data folder written before the
 * report tables existed gets them on its first start, through the same derivation the loader
 * uses, so reports answer the same for old and new rows.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { compactPageCells } from './report-facts-compaction.js';
import { loadHitsWithFacts } from './report-facts-load.js';

export async function rebuildReportFacts(connection: DuckDBConnection, hitColumns: readonly string[], timeZone: string): Promise<number> {
  const counts = await connection.runAndReadAll(
    `SELECT (SELECT count(*) FROM hits) AS hits, (SELECT count(*) FROM page_views) + (SELECT count(*) FROM link_hits) AS facts`,
  );
  const row = counts.getRowObjectsJson()[0];
  if (Number(row?.hits ?? 0) === 0 || Number(row?.facts ?? 0) > 0) return 0;
  await connection.run('BEGIN TRANSACTION');
  try {
    const select = `SELECT ${hitColumns.join(', ')} FROM hits ORDER BY received_at`;
    const loaded = await loadHitsWithFacts(connection, select, hitColumns, timeZone, { storeHits: false });
    await compactPageCells(connection, loaded.days);
    await connection.run('COMMIT');
    return loaded.hits;
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}
