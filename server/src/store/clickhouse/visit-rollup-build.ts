/**
 * Building a closed day's visits into the roll-up (visit-rollup-table.ts), and what the job needs
 * to decide which days to build: the page views' fingerprints per suite and day, and each day's
 * current build. A build inserts the day's visits as report-facts-sql.ts cuts them from the hits
 * (the same text the reports run), then records itself; the fingerprint it records is read
 * *before* its rows, so a page view drained meanwhile can only make the job build the day again,
 * never be missed.
 */
import { randomBytes } from 'node:crypto';
import { bindValues } from './bind-values.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { deleteWhere, type MutationOptions } from './mutations.js';
import { computedVisitsSql } from './report-facts-sql.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';
import { VISIT_ROLLUP_COLUMN_LIST, VISIT_ROLLUP_DAYS_TABLE, VISIT_ROLLUP_TABLE } from './visit-rollup-table.js';

/** A suite's day, YYYY-MM-DD. */
export interface VisitDay {
  suite: string;
  day: string;
}

/** What a day's visits were cut from: its page-view hits and their neighbours', copies included. */
export interface VisitFingerprint {
  pageViewHits: string;
  receivedSum: string;
}

export interface VisitBuild extends VisitFingerprint {
  build: string;
}

export const visitDayKey = (day: VisitDay) => `${day.suite}\n${day.day}`;

const name = (database: string, table: string) => `${sqlIdentifier(database)}.${sqlIdentifier(table)}`;

/** Per suite and day from `fromDay` (or the first) to `toDay`: the page-view hits and the sum of their receive times. */
export async function pageViewCounts(
  transport: Pick<ClickHouseTransport, 'query'>,
  database: string,
  range: { fromDay?: string; toDay: string },
): Promise<Map<string, VisitFingerprint>> {
  const from = range.fromDay === undefined ? '' : ` AND day >= toDate(${sqlDate(range.fromDay)})`;
  const rows = await transport.query<{ report_suite: string; day_text: string; hits: string; received: string }>(
    `SELECT report_suite, toString(day) AS day_text, count() AS hits, sum(received_at) AS received FROM ${name(database, 'hits')}
     WHERE hit_type = 'page_view' AND day <= toDate(${sqlDate(range.toDay)})${from} GROUP BY report_suite, day`,
  );
  return new Map(rows.map((r) => [visitDayKey({ suite: r.report_suite, day: r.day_text }), { pageViewHits: String(r.hits), receivedSum: String(r.received) }]));
}

/** The fingerprint of a day's visits: its page views and its two neighbours' (sums wrap as ClickHouse's Int64 sums do). */
export function visitFingerprint(counts: ReadonlyMap<string, VisitFingerprint>, day: VisitDay, neighbours: readonly string[]): VisitFingerprint {
  let hits = 0n;
  let received = 0n;
  for (const d of [day.day, ...neighbours]) {
    const count = counts.get(visitDayKey({ suite: day.suite, day: d }));
    hits += BigInt(count?.pageViewHits ?? 0);
    received += BigInt(count?.receivedSum ?? 0);
  }
  return { pageViewHits: String(hits), receivedSum: String(BigInt.asIntN(64, received)) };
}

/** Each suite's day's current build (the greatest name) and the fingerprint it recorded. */
export async function currentVisitBuilds(transport: Pick<ClickHouseTransport, 'query'>, database: string): Promise<Map<string, VisitBuild>> {
  const rows = await transport.query<{ report_suite: string; day_text: string; current_build: string; hits: string; received: string }>(
    `SELECT report_suite, toString(day) AS day_text, max(build) AS current_build, argMax(page_view_hits, build) AS hits, argMax(received_sum, build) AS received
     FROM ${name(database, VISIT_ROLLUP_DAYS_TABLE)} GROUP BY report_suite, day`,
  );
  return new Map(rows.map((r) => [visitDayKey({ suite: r.report_suite, day: r.day_text }), { build: r.current_build, pageViewHits: String(r.hits), receivedSum: String(r.received) }]));
}

/** A build's name: the time it was made, zero-padded so that names sort by it, and a random part for two nodes at once. */
export function visitBuildName(nowMs: number): string {
  return `${String(nowMs).padStart(15, '0')}-${randomBytes(4).toString('hex')}`;
}

/** An Int64 written as a text by ClickHouse, as SQL. */
function int64Sql(text: string): string {
  if (!/^-?[0-9]{1,19}$/.test(text)) throw new Error(`'${text.slice(0, 40)}' is not a 64-bit integer`);
  return `toInt64(${sqlString(text)})`;
}

/**
 * Inserts the day's visits under a new build, then records the build with the fingerprint read
 * before. Answers the build's name. The statement reads `hits` of the transport's database.
 */
export async function buildVisitDay(
  transport: ClickHouseTransport,
  options: { database: string; timeZone: string; nowMs: number },
  day: VisitDay,
  fingerprint: VisitFingerprint,
): Promise<string> {
  const build = visitBuildName(options.nowMs);
  const visits = computedVisitsSql('$day', '$day');
  const insert = `INSERT INTO ${name(options.database, VISIT_ROLLUP_TABLE)} (${VISIT_ROLLUP_COLUMN_LIST}, build)
    SELECT ${VISIT_ROLLUP_COLUMN_LIST}, $build FROM ${visits} AS visits WHERE day = toDate($day)`;
  await transport.command(bindValues(insert, { suite: day.suite, day: day.day, build, tz: options.timeZone }, 'visit roll-up'));
  await transport.command(`INSERT INTO ${name(options.database, VISIT_ROLLUP_DAYS_TABLE)}
    (report_suite, day, build, built_at, page_view_hits, received_sum)
    VALUES (${sqlString(day.suite)}, toDate(${sqlDate(day.day)}), ${sqlString(build)}, ${sqlInteger(options.nowMs)},
      ${sqlInteger(Number(fingerprint.pageViewHits))}, ${int64Sql(fingerprint.receivedSum)})`);
  return build;
}

/**
 * Deletes the rows of these days' builds older than the one given (replaced, or stopped midway),
 * when there are any: one mutation, waited for. A report running meanwhile reads the current
 * build, which this never touches.
 */
export async function dropReplacedBuilds(mutations: MutationOptions, builds: readonly (VisitDay & { build: string })[]): Promise<void> {
  if (builds.length === 0) return;
  const where = builds
    .map((b) => `(report_suite = ${sqlString(b.suite)} AND day = toDate(${sqlDate(b.day)}) AND build < ${sqlString(b.build)})`)
    .join(' OR ');
  const [row] = await mutations.transport.query<{ n: string }>(`SELECT count() AS n FROM ${name(mutations.database, VISIT_ROLLUP_TABLE)} WHERE ${where}`);
  if (Number(row?.n ?? 0) > 0) await deleteWhere(mutations, VISIT_ROLLUP_TABLE, where);
}

/**
 * An erasure in the roll-up: the visitor's visits (started before `beforeMs` when given) are
 * deleted, when there are any (one mutation, waited for). Exact: a visit is one visitor's, so
 * taking a visitor's page views out changes no other visit. Answers the visits deleted.
 */
export async function eraseVisitorVisits(mutations: MutationOptions, visitorId: string, beforeMs?: number): Promise<number> {
  const where = `visitor_key = cityHash64(${sqlString(visitorId)})${beforeMs === undefined ? '' : ` AND started_at < ${sqlInteger(beforeMs)}`}`;
  const [row] = await mutations.transport.query<{ n: string }>(`SELECT count() AS n FROM ${name(mutations.database, VISIT_ROLLUP_TABLE)} WHERE ${where}`);
  const visits = Number(row?.n ?? 0);
  if (visits > 0) await deleteWhere(mutations, VISIT_ROLLUP_TABLE, where);
  return visits;
}
