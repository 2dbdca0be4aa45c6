/**
 * `visits` (report-facts-schema.ts) is a view over two tables: `visits_open`, the visits a later
 * page view may still continue, and `visits_closed`, the rest. A load deletes each visit it
 * continues and inserts it again (report-facts-load.ts); kept in one table of hundreds of
 * thousands of visits, those deletions fell in its last row groups, which DuckDB then merged and
 * wrote again at every checkpoint: 3 s of a checkpoint's 3.7 s at 300 beacons/s. Now they fall
 * in the small `visits_open`, and `visits_closed` is only appended to (and deleted from by
 * retention, an erasure, or a segment loaded out of order, which the load looks for in both).
 *
 * A visit moves to `visits_closed` once it ended VISIT_IDLE_MINUTES before the last page view a
 * load has seen: no later page view can continue it.
 */
import { VISIT_ATTRIBUTES } from '../visit-attributes.js';
import type { SqlConnection } from './reads-first.js';

/**
 * Inactivity that closes a visit (30 minutes, issue text and the usual web analytics rule). Here,
 * beside the visit tables, so that the loader (report-facts-load.ts, which exports it too) and the
 * tables it fills can both read it without importing each other.
 */
export const VISIT_IDLE_MINUTES = 30;

/** The visit columns, alike in both tables and so in the view. */
const VISIT_COLUMNS = `report_suite VARCHAR NOT NULL, visit_key UBIGINT NOT NULL, visitor_key UBIGINT NOT NULL, day DATE NOT NULL,
  hour UTINYINT NOT NULL, started_at TIMESTAMP_MS NOT NULL, ended_at TIMESTAMP_MS NOT NULL, page_views INTEGER NOT NULL,
  searches INTEGER NOT NULL, section VARCHAR, subsection VARCHAR, programme VARCHAR, channel VARCHAR, portal VARCHAR,
  device VARCHAR, login VARCHAR, campaign VARCHAR, internal_campaign VARCHAR,
  entry_page_name VARCHAR, entry_title VARCHAR, entry_url VARCHAR, exit_page_name VARCHAR, exit_title VARCHAR, exit_url VARCHAR,
  referrer VARCHAR, referrer_host VARCHAR, ${VISIT_ATTRIBUTES.map((a) => `${a.column} VARCHAR`).join(', ')}, is_bot BOOLEAN NOT NULL,
  referrer_group VARCHAR NOT NULL`;

/** The two tables the `visits` view reads: every statement that deletes visits deletes from both. */
export const VISIT_TABLES = ['visits_closed', 'visits_open'] as const;

const VIEW = `CREATE OR REPLACE VIEW visits AS SELECT * FROM visits_closed UNION ALL SELECT * FROM visits_open`;

/**
 * Creates both tables and the view. A data folder from before the split has `visits` as a table:
 * it becomes `visits_closed` (the next load moves nothing back; what it continues it finds there).
 */
export async function ensureVisitTables(connection: SqlConnection): Promise<void> {
  const kind = await connection.runAndReadAll(`SELECT table_type FROM information_schema.tables WHERE table_name = 'visits'`);
  if (kind.getRowObjectsJson()[0]?.table_type === 'BASE TABLE') await connection.run('ALTER TABLE visits RENAME TO visits_closed');
  for (const table of VISIT_TABLES) await connection.run(`CREATE TABLE IF NOT EXISTS ${table} (${VISIT_COLUMNS})`);
  await connection.run(VIEW);
}

/** Deletes the visits `where` names (SQL over a visit row) from both tables: visits_closed's statement, then visits_open's. */
export function deleteVisitsSql(where: string): [closed: string, open: string] {
  const [closed, open] = VISIT_TABLES;
  return [`DELETE FROM ${closed} WHERE ${where}`, `DELETE FROM ${open} WHERE ${where}`];
}

/** Visits that ended before `$closed_before_ms` (epoch ms) leave `visits_open` for `visits_closed`. */
const CLOSED = `ended_at < CAST(epoch_ms(CAST($closed_before_ms AS BIGINT)) AS TIMESTAMP_MS)`;
export const CLOSING_VISITS = `SELECT * FROM visits_open WHERE ${CLOSED}`;
export const CLOSE_VISITS = [`INSERT INTO visits_closed ${CLOSING_VISITS}`, `DELETE FROM visits_open WHERE ${CLOSED}`];
