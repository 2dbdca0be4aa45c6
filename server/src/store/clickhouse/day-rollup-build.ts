/**
 * Building a closed day's rows into a day roll-up (day-rollup.ts), and what the job needs to
 * decide which days to build: the source events' fingerprints per suite and day, and each day's
 * current build. A build inserts the day's rows as the roll-up's text cuts them (the text the
 * reports run), then records itself; the fingerprint it records is read *before* its rows, so an
 * event drained meanwhile can only make the job build the day again, never be missed.
 */
import { randomBytes } from 'node:crypto';
import { bindValues } from './bind-values.js';
import type { VisitorKeys } from '../queries/visitor-data.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { columnList, type DayRollup } from './day-rollup.js';
import { deleteWhere, type MutationOptions } from './mutations.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/** A suite's day, YYYY-MM-DD. */
export interface SuiteDay {
  suite: string;
  day: string;
}

/** What a day's rows were cut from: its source events and those of the days it reads, copies included. */
export interface Fingerprint {
  sourceRows: string;
  receivedSum: string;
}

export interface Build extends Fingerprint {
  build: string;
}

export const suiteDayKey = (day: SuiteDay) => `${day.suite}\n${day.day}`;

const name = (database: string, table: string) => `${sqlIdentifier(database)}.${sqlIdentifier(table)}`;

/** Per suite and day from `fromDay` (or the first) to `toDay`: the source events and the sum of their receive times. */
export async function sourceCounts(transport: Pick<ClickHouseTransport, 'query'>, database: string, rollup: DayRollup, range: { fromDay?: string; toDay: string }): Promise<Map<string, Fingerprint>> {
  const from = range.fromDay === undefined ? '' : ` AND day >= toDate(${sqlDate(range.fromDay)})`;
  const rows = await transport.query<{ report_suite: string; day_text: string; n: string; received: string }>(
    `SELECT report_suite, toString(day) AS day_text, count() AS n, ${rollup.source.checksum} AS received FROM ${name(database, rollup.source.table)}
     WHERE (${rollup.source.where}) AND day <= toDate(${sqlDate(range.toDay)})${from} GROUP BY report_suite, day`,
  );
  return new Map(rows.map((r) => [suiteDayKey({ suite: r.report_suite, day: r.day_text }), { sourceRows: String(r.n), receivedSum: String(r.received) }]));
}

/** A day's fingerprint: the counts of the days it reads (`days`), added; receive times' sums wrap as ClickHouse's Int64 sums do. */
export function fingerprintOf(counts: ReadonlyMap<string, Fingerprint>, suite: string, days: readonly string[]): Fingerprint {
  let rows = 0n;
  let received = 0n;
  for (const day of days) {
    const count = counts.get(suiteDayKey({ suite, day }));
    rows += BigInt(count?.sourceRows ?? 0);
    received += BigInt(count?.receivedSum ?? 0);
  }
  return { sourceRows: String(rows), receivedSum: String(BigInt.asIntN(64, received)) };
}

/** Each suite's day's current build (the greatest name) and the fingerprint it recorded. */
export async function currentBuilds(transport: Pick<ClickHouseTransport, 'query'>, database: string, rollup: DayRollup): Promise<Map<string, Build>> {
  const rows = await transport.query<{ report_suite: string; day_text: string; current_build: string; n: string; received: string }>(
    `SELECT report_suite, toString(day) AS day_text, max(build) AS current_build, argMax(source_rows, build) AS n, argMax(received_sum, build) AS received
     FROM ${name(database, rollup.daysTable)} GROUP BY report_suite, day`,
  );
  return new Map(rows.map((r) => [suiteDayKey({ suite: r.report_suite, day: r.day_text }), { build: r.current_build, sourceRows: String(r.n), receivedSum: String(r.received) }]));
}

/**
 * A build's name: the time it was made, zero-padded so that names sort by it, the revision of the
 * roll-up that made it (DayRollup.revision), and a random part for two nodes at once.
 */
export function buildName(nowMs: number, revision: number): string {
  return `${String(nowMs).padStart(15, '0')}-r${revision}-${randomBytes(4).toString('hex')}`;
}

const BUILD_REVISION = /^[0-9]{15}-r([0-9]{1,9})-/;

/** The revision that made a build, from its name; 0 for the names made before revisions were. */
export function buildRevision(build: string): number {
  const revision = BUILD_REVISION.exec(build)?.[1];
  return revision === undefined ? 0 : Number(revision);
}

/** An Int64 written as a text by ClickHouse, as SQL. */
function int64Sql(text: string): string {
  if (!/^-?[0-9]{1,19}$/.test(text)) throw new Error(`'${text.slice(0, 40)}' is not a 64-bit integer`);
  return `toInt64(${sqlString(text)})`;
}

/** A build of a day, as its record holds it. */
export interface BuildRecord extends SuiteDay, Fingerprint {
  build: string;
}

/**
 * Inserts the day's rows under a new build (`build`, from buildName), a slice at a time, as many
 * slices as its `dayRows` source events need (DayRollup.sliceRows). Record it after (recordBuilds).
 */
export async function buildDayRows(
  transport: ClickHouseTransport,
  options: { database: string; timeZone: string },
  rollup: DayRollup,
  day: SuiteDay & { build: string; dayRows: number },
): Promise<void> {
  const insert = `INSERT INTO ${name(options.database, rollup.table)} (${columnList(rollup)}, build)
    SELECT ${columnList(rollup)}, $build FROM (${rollup.rowsSql}) AS day_rows`;
  const slices = Math.max(1, Math.ceil(day.dayRows / rollup.sliceRows));
  for (let slice = 0; slice < slices; slice += 1) {
    const values = { suite: day.suite, day: day.day, build: day.build, tz: options.timeZone, slice, slices };
    await transport.command(bindValues(insert, values, `${rollup.name} roll-up`));
  }
}

/** Records finished builds (their rows all in, or none to put in), with the fingerprints read before them. */
export async function recordBuilds(transport: ClickHouseTransport, options: { database: string; nowMs: number }, rollup: DayRollup, records: readonly BuildRecord[]): Promise<void> {
  if (records.length === 0) return;
  const values = records.map(
    (r) => `(${sqlString(r.suite)}, toDate(${sqlDate(r.day)}), ${sqlString(r.build)}, ${sqlInteger(options.nowMs)},
      ${sqlInteger(Number(r.sourceRows))}, ${int64Sql(r.receivedSum)})`,
  );
  await transport.command(`INSERT INTO ${name(options.database, rollup.daysTable)}
    (report_suite, day, build, built_at, source_rows, received_sum) VALUES ${values.join(', ')}`);
}

/** Days whose older builds one statement looks for (a first run over years of events builds thousands). */
const DAYS_PER_CHECK = 200;

/**
 * Deletes the rows of these days' builds older than the one given (replaced, stopped midway, or
 * another node's of the same moment), when there are any: a mutation per DAYS_PER_CHECK days that
 * have some, waited for. A report running meanwhile reads the current build, which this never touches.
 */
export async function dropReplacedBuilds(mutations: MutationOptions, rollup: DayRollup, builds: readonly (SuiteDay & { build: string })[]): Promise<void> {
  for (let i = 0; i < builds.length; i += DAYS_PER_CHECK) {
    const where = builds
      .slice(i, i + DAYS_PER_CHECK)
      .map((b) => `(report_suite = ${sqlString(b.suite)} AND day = toDate(${sqlDate(b.day)}) AND build < ${sqlString(b.build)})`)
      .join(' OR ');
    await deleteRollupRows(mutations, rollup, where);
  }
}

/** Deletes the rows matching `where`, when there are any (a mutation, waited for); answers how many there were. */
export async function deleteRollupRows(mutations: MutationOptions, rollup: Pick<DayRollup, 'table'>, where: string): Promise<number> {
  const [row] = await mutations.transport.query<{ n: string }>(`SELECT count() AS n FROM ${name(mutations.database, rollup.table)} WHERE ${where}`);
  const rows = Number(row?.n ?? 0);
  if (rows > 0) await deleteWhere(mutations, rollup.table, where);
  return rows;
}

/**
 * An erasure in a roll-up: the visitor's rows (begun before `beforeMs` when given: eraseAgain's) are
 * deleted, when there are any. Exact: a visit, a session or a live minute is one visitor's, so taking
 * a visitor's events out changes no other row. Answers how many.
 */
export function eraseVisitorRows(mutations: MutationOptions, rollup: DayRollup, keys: VisitorKeys, beforeMs?: number): Promise<number> {
  const before = beforeMs === undefined ? '' : ` AND ${rollup.startedColumn} < ${sqlInteger(beforeMs)}`;
  return deleteRollupRows(mutations, rollup, `(${rollup.visitorRows(keys)})${before}`);
}
