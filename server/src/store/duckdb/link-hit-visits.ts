/**
 * `link_hit_visits`: each link hit (direct calls, exit links, downloads, media starts) with the
 * visit it falls in and the columns a call condition reads (queries/hit-match.ts callMatch), so
 * that a call goal, a call step of a funnel and a call segment condition find their visit by a
 * column on DuckDB, where an ASOF join of the range's link hits against the range's visits at each
 * ask cost most of a call goal's answer on the 10 M bench store.
 *
 * A link hit's visit is the one queries/goal-conversions.ts names: its visitor's latest visit
 * started by the hit's receive time, if the hit came within VISIT_IDLE_MINUTES of that visit's
 * last page view; otherwise none (`visit_key` NULL). Visits change as later loads cut their page
 * views (a visit continued, a late page view starting one before a stored hit), so each load works
 * out again the visit of its own link hits and of the stored link hits its visits may now take:
 * those of the visitors it changed a visit of, received between those visits' start and their
 * end's idle time (relinkLoadedHits), and writes the rows whose visit changed. A hit outside that
 * span keeps its visit: a visit started after it cannot take it, and one ended before it is still
 * too far.
 *
 * Kept with link_hits: retention deletes by day (REPORT_FACT_TABLES), an erasure by visitor
 * (queries/visitor-data.ts). A data folder from before it gets it from link_hits and visits when
 * the report tables are made (`CREATE … AS SELECT`).
 */
import type { SqlConnection } from './reads-first.js';
import { VISIT_IDLE_MINUTES } from './visits-tables.js';

const VISIT_IDLE_MS = VISIT_IDLE_MINUTES * 60_000;

export const LINK_HIT_VISITS_TABLE = 'link_hit_visits';

/** `hits` (rows with link_hits' columns) with their visit, read from `visits` (rows with the visits table's columns), in receive order. */
function withVisitSql(hits: string, visits: string): string {
  return `SELECT h.report_suite, h.day, h.is_bot, h.event_key, h.visitor_key, epoch_ms(h.received_at) AS t, h.hit_type, h.call, h.link_name,
      CASE WHEN epoch_ms(h.received_at) <= v.ended_ms + ${VISIT_IDLE_MS} THEN v.visit_key END AS visit_key
    FROM (${hits}) AS h
    ASOF LEFT JOIN (SELECT report_suite, visitor_key, visit_key, epoch_ms(started_at) AS started_ms, epoch_ms(ended_at) AS ended_ms FROM (${visits})) AS v
      ON h.report_suite = v.report_suite AND h.visitor_key = v.visitor_key AND epoch_ms(h.received_at) >= v.started_ms
    ORDER BY t`;
}

/** Made from link_hits and visits when absent (a data folder from before it, or the report tables made again). */
export const CREATE_LINK_HIT_VISITS = `CREATE TABLE IF NOT EXISTS ${LINK_HIT_VISITS_TABLE} AS ${withVisitSql('SELECT * FROM link_hits', 'SELECT * FROM visits')}`;

/** Where a relink starts: the earliest receive time it may change, bound as $relink_from_ms. */
const RELINK_FROM = `CAST(epoch_ms(CAST($relink_from_ms AS BIGINT)) AS TIMESTAMP_MS)`;

/** Per visitor whose visits the load changed (merged_visits, report-facts-load.ts): the span a link hit of theirs may have changed visit in. */
const RELINKED_VISITORS = `CREATE OR REPLACE TEMP TABLE relinked_visitors AS
  SELECT report_suite, visitor_key, min(epoch_ms(started_at)) AS from_ms, max(epoch_ms(ended_at)) + ${VISIT_IDLE_MS} AS to_ms
  FROM merged_visits GROUP BY report_suite, visitor_key`;

const RELINK_START = `SELECT least((SELECT min(from_ms) FROM relinked_visitors), (SELECT epoch_ms(min(received_at)) FROM segment_link_hits)) AS from_ms`;

/** The load's link hits (segment_link_hits) and the stored ones in a changed visitor's span: the hits whose visit is worked out again. */
const RELINKED_HITS = `CREATE OR REPLACE TEMP TABLE relinked_hits AS
  SELECT * FROM segment_link_hits
  UNION
  SELECT l.* FROM link_hits AS l JOIN relinked_visitors AS r ON l.report_suite = r.report_suite AND l.visitor_key = r.visitor_key
    AND epoch_ms(l.received_at) BETWEEN r.from_ms AND r.to_ms
  WHERE l.received_at >= ${RELINK_FROM}`;

/**
 * The relinked hits whose row is new or whose visit changed (`IS DISTINCT FROM`: a visit found
 * where there was none, or none left): only these are written. Rewriting every relinked row
 * would delete and append each open visit's link hits again at every load that continues it.
 */
const CHANGED_ROWS = `CREATE OR REPLACE TEMP TABLE relinked_rows AS SELECT r.* FROM relinked_with_visit AS r
  LEFT JOIN (SELECT event_key, visit_key FROM ${LINK_HIT_VISITS_TABLE} WHERE t >= CAST($relink_from_ms AS BIGINT)) AS kept
    ON kept.event_key = r.event_key
  WHERE kept.event_key IS NULL OR kept.visit_key IS DISTINCT FROM r.visit_key`;

const DELETE_CHANGED = `DELETE FROM ${LINK_HIT_VISITS_TABLE} WHERE t >= CAST($relink_from_ms AS BIGINT) AND event_key IN (SELECT event_key FROM relinked_rows)`;

/**
 * The relinked hits' visitors' visits that may hold one of them: those ended within the idle time
 * before the earliest. An earlier one could only be picked if a visitor's visits overlapped, which
 * the loader's cut never makes.
 */
const RELINK_VISITS = `SELECT * FROM visits WHERE ended_at >= ${RELINK_FROM} - INTERVAL ${VISIT_IDLE_MINUTES} MINUTE
  AND (report_suite, visitor_key) IN (SELECT DISTINCT report_suite, visitor_key FROM relinked_hits)`;

/**
 * Inside a load, after its visits replaced those they continue and its link hits were stored (the
 * temporary merged_visits and segment_link_hits of report-facts-load.ts): works out again the visit
 * of every link hit it may have changed (see the file's comment). Answers whether it wrote rows:
 * the temporary relinked_rows then holds them (kept-hit-matches.ts appends from it).
 */
export async function relinkLoadedHits(connection: SqlConnection): Promise<boolean> {
  await connection.run(RELINKED_VISITORS);
  const start = (await connection.runAndReadAll(RELINK_START)).getRowObjectsJson()[0]?.from_ms;
  if (start === null || start === undefined) return false;
  const relinkFrom = { relink_from_ms: String(start) };
  await connection.run(RELINKED_HITS, relinkFrom);
  // No link hit of the load's own nor in its changed visitors' spans: nothing can change visit.
  const relinked = (await connection.runAndReadAll('SELECT count(*) AS n FROM relinked_hits')).getRowObjectsJson()[0]?.n;
  if (Number(relinked ?? 0) === 0) return false;
  await connection.run(`CREATE OR REPLACE TEMP TABLE relinked_with_visit AS ${withVisitSql('SELECT * FROM relinked_hits', RELINK_VISITS)}`, relinkFrom);
  await connection.run(CHANGED_ROWS, relinkFrom);
  await connection.run(DELETE_CHANGED, relinkFrom);
  await connection.run(`INSERT INTO ${LINK_HIT_VISITS_TABLE} SELECT * FROM relinked_rows ORDER BY t`);
  return true;
}

/** The temporary tables relinkLoadedHits leaves, dropped with the load's. */
export const RELINK_TEMPORARY = ['relinked_visitors', 'relinked_hits', 'relinked_with_visit', 'relinked_rows'];
