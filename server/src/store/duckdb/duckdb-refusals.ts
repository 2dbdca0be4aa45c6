/**
 * The DuckDB side of refusal counts: one row per (day, report suite, reason), counts added by
 * upsert. Values go in as bound parameters.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { RefusedHitsQuery, RefusedHitsRow } from '../refusal-store.js';

export async function ensureRefusedHitsTable(connection: DuckDBConnection): Promise<void> {
  await connection.run(
    `CREATE TABLE IF NOT EXISTS refused_hits (day DATE NOT NULL, report_suite VARCHAR NOT NULL, reason VARCHAR NOT NULL,
       hits BIGINT NOT NULL, PRIMARY KEY (day, report_suite, reason))`,
  );
}

/** One statement per row: DuckDB refuses an upsert touching the same key twice in one statement. */
export async function addRefusedHits(connection: DuckDBConnection, rows: readonly RefusedHitsRow[]): Promise<void> {
  await connection.run('BEGIN TRANSACTION');
  try {
    for (const row of rows) {
      await connection.run(
        `INSERT INTO refused_hits VALUES (CAST($day AS DATE), $suite, $reason, CAST($hits AS BIGINT))
         ON CONFLICT (day, report_suite, reason) DO UPDATE SET hits = refused_hits.hits + excluded.hits`,
        { day: row.day, suite: row.reportSuite, reason: row.reason, hits: String(row.hits) },
      );
    }
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

export async function refusedHits(connection: DuckDBConnection, query: RefusedHitsQuery): Promise<RefusedHitsRow[]> {
  const result = await connection.runAndReadAll(
    `SELECT strftime(day, '%Y-%m-%d') AS day, report_suite, reason, hits FROM refused_hits
     WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
     ORDER BY day, reason`,
    { suite: query.reportSuite, from: query.from, to: query.to },
  );
  return result.getRowObjectsJson().map((row) => ({
    day: String(row.day),
    reportSuite: String(row.report_suite),
    reason: String(row.reason),
    hits: Number(row.hits),
  }));
}
