/**
 * Which days of a report's range its rows come from (day-rollup.ts rolledOrComputedSql): the
 * leading run of days the roll-up holds and, after it, the days cut from the events. Only a leading
 * run is read from the roll-up, so that the cut days are one span; a day missing in the middle
 * (being built, or never built) sends every later day of the range to the cut. Days before a
 * suite's first built day count as built, and empty: the job builds a suite's days in order from
 * its first event, and retention deletes a day's events and rows together, so none starts then (a
 * range reaching back before the site began, or past retention, still reads the roll-up).
 */
import { addDays } from '../../local-day.js';
import type { SqlValue } from '../analytics-reader.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { NO_ROLLUP_DAY, type DayRollup } from './day-rollup.js';
import { sqlDate, sqlString } from './sql-literal.js';

export interface RollupRange {
  suite: string;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

/** The leading built days' last day, and the days to cut from the events (NO_ROLLUP_DAY for an empty side). */
export interface RollupSources {
  rolledTo: string;
  computedFrom: string;
  computedTo: string;
}

/** The sources of a range, given the suite's built days up to the range's end (YYYY-MM-DD, sorted). */
export function rollupSources(range: Omit<RollupRange, 'suite'>, builtDays: readonly string[]): RollupSources {
  const first = builtDays[0];
  const built = new Set(builtDays);
  const isBuilt = (day: string) => first !== undefined && (day < first || built.has(day));
  let rolledTo: string | undefined;
  for (let day = range.from; day <= range.to && isBuilt(day); day = addDays(day, 1)) rolledTo = day;
  const computedFrom = rolledTo === undefined ? range.from : addDays(rolledTo, 1);
  const computed = computedFrom <= range.to;
  return {
    rolledTo: rolledTo ?? NO_ROLLUP_DAY,
    computedFrom: computed ? computedFrom : NO_ROLLUP_DAY,
    computedTo: computed ? range.to : NO_ROLLUP_DAY,
  };
}

/** The suite's built days up to the range's end, read from the builds' records (a row per build: small). */
export async function readRollupSources(transport: Pick<ClickHouseTransport, 'query'>, rollup: Pick<DayRollup, 'daysTable'>, range: RollupRange): Promise<RollupSources> {
  const rows = await transport.query<{ day_text: string }>(`SELECT DISTINCT toString(day) AS day_text FROM ${rollup.daysTable}
    WHERE report_suite = ${sqlString(range.suite)} AND day <= toDate(${sqlDate(range.to)}) ORDER BY day_text`);
  return rollupSources(
    range,
    rows.map((row) => row.day_text),
  );
}

/** The sources as a report text binds them: `<prefix>_rolled_to`, `<prefix>_computed_from`, `<prefix>_computed_to`. */
export function sourceValues(rollup: Pick<DayRollup, 'valuePrefix'>, sources: RollupSources): Record<string, string> {
  const p = rollup.valuePrefix;
  return { [`${p}_rolled_to`]: sources.rolledTo, [`${p}_computed_from`]: sources.computedFrom, [`${p}_computed_to`]: sources.computedTo };
}

/** Every row of the range cut from the events, whatever the roll-up holds (tests and benchmarks compare with it). */
export function computedOnly(rollup: Pick<DayRollup, 'valuePrefix'>, range: Omit<RollupRange, 'suite'>): Record<string, string> {
  return sourceValues(rollup, { rolledTo: NO_ROLLUP_DAY, computedFrom: range.from, computedTo: range.to });
}

/** The range of a report's values, when they name one (`$suite`, `$from`, `$to` as texts). */
export function rollupRangeOf(values: Readonly<Record<string, SqlValue>>): RollupRange | undefined {
  const { suite, from, to } = values;
  return typeof suite === 'string' && typeof from === 'string' && typeof to === 'string' ? { suite, from, to } : undefined;
}
