/**
 * Retention in DuckDB. Before a day's hits go, its page views are rolled up into
 * `page_views_daily`, which holds no visitor id, user agent or address: the page-view report keeps
 * its counts for old days, and nothing there identifies anyone. Roll-up and deletions are one
 * transaction, so a day is never counted twice nor lost between them. The roll-up and the raw
 * rows' deletions are queries/retention.ts's texts, ClickHouse's beside them; the table and the
 * deletion of the report tables' rows are DuckDB's alone and are written here.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { DELETE_DECISION_EVENTS_SQL, DELETE_HEARTBEATS_SQL, DELETE_HITS_SQL, PAGE_VIEWS_DAILY_TABLE, ROLL_UP_PAGE_VIEWS_SQL } from '../queries/retention.js';
import type { RetentionCutoff, RetentionResult } from '../retention-store.js';
import { REPORT_FACT_TABLES } from './report-facts-schema.js';
import { deleteMediaRollupsBefore } from './media-rollups.js';
import { shiftReportExtent } from './report-extent.js';

export async function ensurePageViewsDailyTable(connection: DuckDBConnection): Promise<void> {
  await connection.run(
    `CREATE TABLE IF NOT EXISTS ${PAGE_VIEWS_DAILY_TABLE} (report_suite VARCHAR NOT NULL, day DATE NOT NULL,
       section VARCHAR, page_name VARCHAR, is_bot BOOLEAN NOT NULL, page_views BIGINT NOT NULL)`,
  );
}

export async function deleteBefore(connection: DuckDBConnection, cutoff: RetentionCutoff): Promise<RetentionResult> {
  const day = { day: cutoff.day };
  await connection.run('BEGIN TRANSACTION');
  try {
    const result: RetentionResult = {
      pageViewAggregates: await changed(connection, ROLL_UP_PAGE_VIEWS_SQL, day),
      hits: await changed(connection, DELETE_HITS_SQL, day),
      heartbeats: await changed(connection, DELETE_HEARTBEATS_SQL, day),
      // The report tables hold visitor keys too: they go with the raw rows (page_views_daily keeps the counts).
      reportRows: await deleteReportRows(connection, day),
      decisionEvents: await changed(connection, DELETE_DECISION_EVENTS_SQL, { at: String(cutoff.atMs) }),
    };
    // The media roll-ups follow the heartbeats (duckdb/media-rollups.ts).
    await deleteMediaRollupsBefore(connection, cutoff.day);
    await shiftReportExtent(connection, { hits: -result.hits, heartbeats: -result.heartbeats });
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

async function deleteReportRows(connection: DuckDBConnection, day: Record<string, string>): Promise<number> {
  let rows = 0;
  for (const table of REPORT_FACT_TABLES) rows += await changed(connection, `DELETE FROM ${table} WHERE day < CAST($day AS DATE)`, day);
  return rows;
}

/** Rows an INSERT or DELETE changed. */
async function changed(connection: DuckDBConnection, sql: string, values: Record<string, string>): Promise<number> {
  const result = await connection.runAndReadAll(sql, values);
  return Number(result.getRowObjectsJson()[0]?.Count ?? 0);
}
