import { sqlDate, sqlString } from './sql-literal.js';

/**
 * The report suites and days of a batch of hits or heartbeats, as a condition on the two leading
 * columns of their sorting key (and the partition's `day`): a check reads only those granules.
 */
export function suiteAndDayScope(rows: readonly { reportSuite: string; day: string }[]): string {
  const suites = [...new Set(rows.map((row) => row.reportSuite))].map(sqlString);
  const days = [...new Set(rows.map((row) => row.day))].map(sqlDate);
  return `report_suite IN (${suites.join(', ')}) AND day IN (${days.join(', ')})`;
}
