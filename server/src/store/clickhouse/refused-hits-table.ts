import type { RefusalStore, RefusedHitsQuery, RefusedHitsRow } from '../refusal-store.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { OpenOnce } from '../open-once.js';
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

/**
 * The refusal counts of a ClickHouse deployment. Its table is made with the events tables
 * (ensure-schema.ts); a count is written once they are (`schema`: a collector may start before
 * ClickHouse answers).
 */
export function clickHouseRefusals(transport: ClickHouseTransport, database: string, schema: Pick<OpenOnce<void>, 'ready'>): RefusalStore {
  const table = `${sqlIdentifier(database)}.${REFUSED_HITS_TABLE}`;
  return {
    async addRefusedHits(rows: readonly RefusedHitsRow[]) {
      if (rows.length === 0) return;
      await schema.ready();
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
