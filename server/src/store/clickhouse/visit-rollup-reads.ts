/**
 * Which days of a report's range its visits come from (report-facts-sql.ts CLICKHOUSE_VISITS): the
 * leading run of days the roll-up holds (visit-rollup-table.ts) and, after it, the days cut from
 * the hits. Only a leading run is read from the roll-up, so that the cut days are one span; a day
 * missing in the middle (being built, or never built) sends every later day of the range to the cut.
 * Days before a suite's first rolled-up day count as rolled up, and empty: the job builds a suite's
 * days in order from its first page view, and retention deletes a day's hits and visits together,
 * so no visit starts then (a range reaching back before the site began, or past retention, still
 * reads the roll-up).
 */
import { addDays } from '../../local-day.js';
import type { SqlValue } from '../analytics-reader.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { NO_VISIT_DAY } from './report-facts-sql.js';
import { sqlDate, sqlString } from './sql-literal.js';
import { VISIT_ROLLUP_DAYS_TABLE } from './visit-rollup-table.js';

export interface VisitRange {
  suite: string;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export interface VisitSources {
  visits_rolled_to: string;
  visits_computed_from: string;
  visits_computed_to: string;
}

/** The sources of a range, given the suite's rolled-up days up to the range's end (YYYY-MM-DD, sorted). */
export function visitSources(range: Omit<VisitRange, 'suite'>, rolledDays: readonly string[]): VisitSources {
  const first = rolledDays[0];
  const rolled = new Set(rolledDays);
  const isRolled = (day: string) => first !== undefined && (day < first || rolled.has(day));
  let rolledTo: string | undefined;
  for (let day = range.from; day <= range.to && isRolled(day); day = addDays(day, 1)) rolledTo = day;
  const computedFrom = rolledTo === undefined ? range.from : addDays(rolledTo, 1);
  const computed = computedFrom <= range.to;
  return {
    visits_rolled_to: rolledTo ?? NO_VISIT_DAY,
    visits_computed_from: computed ? computedFrom : NO_VISIT_DAY,
    visits_computed_to: computed ? range.to : NO_VISIT_DAY,
  };
}

/** The suite's rolled-up days up to the range's end, read from visit_rollup_days (a row per build: small). */
export async function readVisitSources(transport: Pick<ClickHouseTransport, 'query'>, range: VisitRange): Promise<VisitSources> {
  const rows = await transport.query<{ day_text: string }>(`SELECT DISTINCT toString(day) AS day_text FROM ${VISIT_ROLLUP_DAYS_TABLE}
    WHERE report_suite = ${sqlString(range.suite)} AND day <= toDate(${sqlDate(range.to)}) ORDER BY day_text`);
  return visitSources(range, rows.map((row) => row.day_text));
}

/** The range of a report's values, when they name one (`$suite`, `$from`, `$to` as texts). */
export function visitRangeOf(values: Readonly<Record<string, SqlValue>>): VisitRange | undefined {
  const { suite, from, to } = values;
  return typeof suite === 'string' && typeof from === 'string' && typeof to === 'string' ? { suite, from, to } : undefined;
}
