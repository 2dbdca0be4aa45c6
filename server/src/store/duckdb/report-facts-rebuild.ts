/**
 * Fills the report tables from the hits already stored, once: a data folder written before the
 * report tables existed gets them on its first start, through the same derivation the loader
 * uses, so reports answer the same for old and new rows. A folder with report tables but without
 * visit and link cells gets those from its visits and link hits, page day cells from its page cells,
 * and page engagement cells from its engagement hits.
 */
import type { SqlConnection } from './reads-first.js';
import { mergeWholeDays } from './cell-compaction.js';
import { loadHitsWithFacts } from './report-facts-load.js';
import { fillMissingPageDayCells } from './page-day-cells.js';
import { fillMissingPageEngagementCells } from './page-engagement-cells.js';
import { fillMissingReportCells, remakeReportCells } from './report-cells.js';
import { ensureMediaRollups } from './media-rollups.js';
import { dropDerivedTables, extentMismatch, readReportExtent, recordReportExtent, REPORT_EXTENT_TABLE } from './report-extent.js';
import { ensureReportFactTables, PAGE_CELLS, PAGE_DAY_CELLS, PAGE_ENGAGEMENT_CELLS } from './report-facts-schema.js';

export async function rebuildReportFacts(connection: SqlConnection, hitColumns: readonly string[], timeZone: string): Promise<number> {
  const counts = await connection.runAndReadAll(`SELECT (SELECT count(*) FROM hits) AS hits, (SELECT count(*) FROM page_views) + (SELECT count(*) FROM link_hits) AS facts`);
  const row = counts.getRowObjectsJson()[0];
  if (Number(row?.hits ?? 0) === 0) return 0;
  if (Number(row?.facts ?? 0) > 0) {
    await inTransaction(connection, async () => {
      await fillMissingReportCells(connection);
      await fillMissingPageDayCells(connection);
      await fillMissingPageEngagementCells(connection);
    });
    return 0;
  }
  // A receive day at a time, in receive order, as segments load, each committed: one transaction
  // over every hit ran out of the events store's memory (MESURA_MEMORY_MIB's share) on 10 M events,
  // its uncommitted rows held in memory. Until the last day is in, no extent is recorded: a start
  // stopped half-way makes them all again (remakeStaleReportTables).
  await connection.run(`DELETE FROM ${REPORT_EXTENT_TABLE}`);
  let hits = 0;
  const days = new Set<string>();
  for (const [from, to] of await receiveDays(connection)) {
    const select = `SELECT ${hitColumns.join(', ')} FROM hits WHERE received_at >= CAST('${from}' AS TIMESTAMP_MS) AND received_at < CAST('${to}' AS TIMESTAMP_MS) ORDER BY received_at`;
    const loaded = await inTransaction(connection, () => loadHitsWithFacts(connection, select, hitColumns, timeZone, { storeHits: false }));
    hits += loaded.hits;
    for (const day of loaded.days) days.add(day);
  }
  const loadedDays = [...days].sort();
  for (let i = 0; i < loadedDays.length; i += REMAKE_DAYS_PER_STATEMENT) {
    const week = loadedDays.slice(i, i + REMAKE_DAYS_PER_STATEMENT);
    await inTransaction(connection, async () => {
      await mergeWholeDays(connection, [PAGE_CELLS, PAGE_DAY_CELLS, PAGE_ENGAGEMENT_CELLS], week);
      await remakeReportCells(connection, week);
    });
  }
  return hits;
}

/** Days whose cells are merged and made again per statement after a rebuild: bounds the memory one takes. */
const REMAKE_DAYS_PER_STATEMENT = 7;

/** The UTC days the hits were received on, each as its start and the next day's (ISO timestamps, from the table: no request text). */
async function receiveDays(connection: SqlConnection): Promise<[string, string][]> {
  const result = await connection.runAndReadAll(`SELECT DISTINCT strftime(date_trunc('day', received_at), '%Y-%m-%d %H:%M:%S') AS from_at,
      strftime(date_trunc('day', received_at) + INTERVAL 1 DAY, '%Y-%m-%d %H:%M:%S') AS to_at FROM hits ORDER BY from_at`);
  return result.getRowObjectsJson().map((row) => [String(row.from_at), String(row.to_at)]);
}

/**
 * Makes every report table again from the raw rows when they do not cover them exactly
 * (report-extent.ts), saying why through `onRemake` first; answers whether it did. The extent is
 * recorded last: a start stopped half-way makes them again on the next.
 */
export async function remakeStaleReportTables(connection: SqlConnection, hitColumns: readonly string[], timeZone: string, onRemake: (reason: string) => void): Promise<boolean> {
  const extent = await readReportExtent(connection);
  const reason = extentMismatch(extent);
  if (reason === undefined) {
    if (extent.recorded === undefined) await recordReportExtent(connection);
    return false;
  }
  onRemake(reason);
  await dropDerivedTables(connection);
  // The media roll-ups are made from every heartbeat when absent, the hit report tables when empty.
  await ensureMediaRollups(connection);
  await ensureReportFactTables(connection);
  await rebuildReportFacts(connection, hitColumns, timeZone);
  await recordReportExtent(connection);
  return true;
}

async function inTransaction<T>(connection: SqlConnection, run: () => Promise<T>): Promise<T> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const result = await run();
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}
