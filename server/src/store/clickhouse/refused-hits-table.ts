import type { RefusalStore, RefusedHitsQuery, RefusedHitsRow } from '../../ingest/refusals-store.js';
import { ClickHouseQueryError, type ClickHouseTransport } from './clickhouse-transport.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/** Hits answered but not stored (ingest/refusals.ts), counted per day, suite and reason. */
export const REFUSED_HITS_TABLE = 'refused_hits';

/**
 * A SummingMergeTree: each flush of a collector's counts is a plain insert, and ClickHouse adds
 * the rows of one (report_suite, day, reason) together as it merges; readers sum what is not
 * merged yet. Several collectors flush into it without coordinating, as the embedded store's
 * upsert (duckdb-refusals.ts) does for one process.
 */
export function createRefusedHitsSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${REFUSED_HITS_TABLE}
    (day Date, report_suite String, reason String, hits UInt64)
    ENGINE = SummingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, reason)`;
}

/** The refusal counts of a ClickHouse deployment; creates its table when absent. */
export async function openClickHouseRefusals(transport: ClickHouseTransport, database: string): Promise<RefusalStore> {
  const table = `${sqlIdentifier(database)}.${REFUSED_HITS_TABLE}`;
  try {
    await transport.command(createRefusedHitsSql(database));
  } catch (error) {
    // Collectors starting together: 18.16's IF NOT EXISTS can lose the race (ensure-schema.ts).
    const made = await transport.query(
      `SELECT 1 FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(REFUSED_HITS_TABLE)}`,
    );
    if (!(error instanceof ClickHouseQueryError) || made.length === 0) throw error;
  }
  return {
    async addRefusedHits(rows: readonly RefusedHitsRow[]) {
      if (rows.length === 0) return;
      const values = rows.map((row) => `(${sqlDate(row.day)}, ${sqlString(row.reportSuite)}, ${sqlString(row.reason)}, ${sqlInteger(row.hits)})`);
      await transport.command(`INSERT INTO ${table} (day, report_suite, reason, hits) VALUES ${values.join(', ')}`);
    },
    async refusedHits(query: RefusedHitsQuery) {
      const rows = await transport.query<{ day: string; report_suite: string; reason: string; hits: string }>(
        `SELECT toString(day) AS day, report_suite, reason, sum(hits) AS hits FROM ${table}
         WHERE report_suite = ${sqlString(query.reportSuite)} AND day >= ${sqlDate(query.from)} AND day <= ${sqlDate(query.to)}
         GROUP BY day, report_suite, reason ORDER BY day, reason`,
      );
      return rows.map((row) => ({ day: row.day, reportSuite: row.report_suite, reason: row.reason, hits: Number(row.hits) }));
    },
  };
}
