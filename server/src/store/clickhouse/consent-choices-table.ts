import type { ConsentChoiceTable } from '../consent-choice-table.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { OpenOnce } from '../open-once.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/** The banner's answers per day, suite and choice (consent-choices/), as the embedded store's `consent_choices`. */
export const CONSENT_CHOICES_TABLE = 'consent_choices';

/**
 * A SummingMergeTree, as `refused_hits` (refused-hits-table.ts): each write of a collector's
 * counts is a plain insert, ClickHouse adds the rows of one (report_suite, day, choice) together as
 * it merges, and the report sums what is not merged yet (queries/consent-choices-by-day.ts). So
 * several collectors count without coordinating, where DuckDB's upsert serves one process.
 * ensure-schema.ts makes it with the events tables.
 */
export function createConsentChoicesTableSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${CONSENT_CHOICES_TABLE}
    (day Date, report_suite String, choice String, choices UInt64)
    ENGINE = SummingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (report_suite, day, choice)`;
}

/**
 * The consent choices of a ClickHouse deployment, written straight to ClickHouse by the process
 * that received them, not through the collector's ingest log. The counter
 * (consent-choice-counter.ts) answers 204 only once the insert holding a choice has returned, so
 * an acknowledged choice is in ClickHouse, on disk, and a crash cannot lose it. While ClickHouse is
 * down the insert fails and the route answers 503 (send it again): unlike a beacon, a choice
 * is not kept on the collector's disk to be drained later. That keeps one write path and no
 * second drain, at the cost of answers lost while ClickHouse is down (the site does not resend
 * them: apps/site/src/consent/consent-choice-sending.ts), and the report says only what was
 * stored. One limit: an insert whose answer is lost after ClickHouse stored it is answered 503
 * although counted, so a client that resent it would count it twice.
 */
export function clickHouseConsentChoices(transport: Pick<ClickHouseTransport, 'command'>, database: string, schema: OpenOnce<void>): ConsentChoiceTable {
  const table = `${sqlIdentifier(database)}.${CONSENT_CHOICES_TABLE}`;
  return {
    // Made with the events tables; again here, harmlessly, for a table dropped since. A collector
    // started before ClickHouse answered makes it with them on its first write instead.
    ensure: async () => {
      if (schema.isOpen) await transport.command(createConsentChoicesTableSql(database));
    },
    add: async (counts) => {
      if (counts.length === 0) return;
      await schema.ready();
      const values = counts.map((count) => `(${sqlDate(count.day)}, ${sqlString(count.reportSuite)}, ${sqlString(count.choice)}, ${sqlInteger(count.choices)})`);
      await transport.command(`INSERT INTO ${table} (day, report_suite, choice, choices) VALUES ${values.join(', ')}`);
    },
  };
}
