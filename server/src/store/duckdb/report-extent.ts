/**
 * What the report tables were built from: the derivation's version and the raw rows (`hits`,
 * `heartbeats`) they cover, one row in `report_extent`, changed in the same transaction as every
 * change to the raw rows (a segment's load, retention, an erasure). At start a mismatch means the
 * raw rows changed without the report tables: a build from before this table (a rollback to an
 * older release that went on collecting), a copy of the file taken half-way, or a derivation that
 * changed. The report tables are then made again from the raw rows, whole: kept, they stayed short
 * of the raw counts for good (922 page views and about 900 media sessions in one rollback), since
 * they used to be filled only when empty (report-facts-rebuild.ts).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { LIVE_MINUTES_TABLE } from './live-minutes-table.js';
import { CELL_CHUNK_DAYS_TABLE } from './cell-compaction.js';
import { cellTableParts } from './cell-tables.js';
import { MEDIA_CELLS } from './media-cells.js';
import { MEDIA_SESSIONS_TABLE } from './media-sessions-table.js';
import type { SqlConnection } from './reads-first.js';
import { REPORT_FACT_TABLES, REPORT_FACT_VIEWS } from './report-facts-schema.js';
import { VISIT_ATTRIBUTES } from '../visit-attributes.js';
import { VISIT_TABLES } from './visits-tables.js';

export const REPORT_EXTENT_TABLE = 'report_extent';

/**
 * The version of the derivation of every report table from the raw rows (report-facts-load.ts,
 * media-rollups.ts). Raise it when a change makes the stored rows differ from what the new
 * derivation would make: the next start makes them all again.
 */
// 2: the media sessions' rebuffering counts main `stall` too, and chapter events do not say whether an ad played (media-sessions-sql.ts REBUFFERING_HEARTBEAT).
// 3: the page day, visit page and link cells keep the smallest label of their rows (`min`, not `any_value`: page-day-cells.ts, report-cells.ts).
// 4: page views, link hits and engagement hits keep the place filter columns (report-facts-schema.ts PLACE_FILTER_COLUMNS).
export const REPORT_DERIVATION_VERSION = 4;

/** Every table made from the raw rows, which a rebuild drops and makes again (page_views_daily is not: it outlives the rows). */
export const DERIVED_TABLES: readonly string[] = [...REPORT_FACT_TABLES, MEDIA_SESSIONS_TABLE, ...cellTableParts(MEDIA_CELLS), LIVE_MINUTES_TABLE, CELL_CHUNK_DAYS_TABLE];

export const CREATE_REPORT_EXTENT = `CREATE TABLE IF NOT EXISTS ${REPORT_EXTENT_TABLE} (
  derivation INTEGER NOT NULL, hits BIGINT NOT NULL, heartbeats BIGINT NOT NULL)`;

/** Raw rows counted now, and what the report tables say they cover (undefined: nothing recorded). */
export interface ReportExtent {
  raw: { hits: number; heartbeats: number };
  recorded: { derivation: number; hits: number; heartbeats: number } | undefined;
  /** Visit attributes (visit-attributes.ts) the stored visits have no column for: added since they were made. */
  missingVisitAttributes: string[];
}

export async function readReportExtent(connection: SqlConnection): Promise<ReportExtent> {
  const raw = (await connection.runAndReadAll('SELECT (SELECT count(*) FROM hits) AS hits, (SELECT count(*) FROM heartbeats) AS heartbeats')).getRowObjectsJson()[0];
  const rows = (await connection.runAndReadAll(`SELECT derivation, hits, heartbeats FROM ${REPORT_EXTENT_TABLE}`)).getRowObjectsJson();
  const recorded = rows[0] && { derivation: Number(rows[0].derivation), hits: Number(rows[0].hits), heartbeats: Number(rows[0].heartbeats) };
  return { raw: { hits: Number(raw?.hits ?? 0), heartbeats: Number(raw?.heartbeats ?? 0) }, recorded, missingVisitAttributes: await missingVisitAttributes(connection) };
}

/** The attributes of VISIT_ATTRIBUTES that `visits_closed` has no column for (none when the table is yet to be made). */
async function missingVisitAttributes(connection: SqlConnection): Promise<string[]> {
  const result = await connection.runAndReadAll(`SELECT column_name FROM information_schema.columns WHERE table_name = '${VISIT_TABLES[0]}'`);
  const present = new Set(result.getRowObjectsJson().map((row) => String(row.column_name)));
  if (present.size === 0) return [];
  return VISIT_ATTRIBUTES.map((a) => a.column).filter((column) => !present.has(column));
}

/** Why the report tables cannot be trusted, in words for the log; undefined when they cover the raw rows exactly. */
export function extentMismatch({ raw, recorded, missingVisitAttributes }: ReportExtent): string | undefined {
  if (missingVisitAttributes.length > 0) return `their visits lack ${missingVisitAttributes.join(', ')}, which this release keeps (visit-attributes.ts)`;
  if (recorded === undefined) return raw.hits + raw.heartbeats === 0 ? undefined : 'they record no extent (made by a release before it)';
  if (recorded.derivation !== REPORT_DERIVATION_VERSION) return `they were derived by version ${recorded.derivation}, this release derives by ${REPORT_DERIVATION_VERSION}`;
  if (recorded.hits !== raw.hits || recorded.heartbeats !== raw.heartbeats) {
    return `they cover ${recorded.hits} hits and ${recorded.heartbeats} heartbeats, the raw tables hold ${raw.hits} and ${raw.heartbeats}`;
  }
  return undefined;
}

/** Drops every derived table; the store's ensure functions then make them from the raw rows. */
export async function dropDerivedTables(connection: SqlConnection): Promise<void> {
  for (const view of [...REPORT_FACT_VIEWS, MEDIA_CELLS.name]) await connection.run(`DROP VIEW IF EXISTS ${view}`);
  for (const table of DERIVED_TABLES) await connection.run(`DROP TABLE IF EXISTS ${table}`);
}

/** Records that the report tables now cover every raw row, by this derivation. */
export async function recordReportExtent(connection: SqlConnection): Promise<void> {
  await connection.run(`DELETE FROM ${REPORT_EXTENT_TABLE}`);
  await connection.run(`INSERT INTO ${REPORT_EXTENT_TABLE}
    SELECT ${REPORT_DERIVATION_VERSION}, (SELECT count(*) FROM hits), (SELECT count(*) FROM heartbeats)`);
}

/**
 * Moves the extent by the raw rows a transaction added (positive) or deleted (negative), inside
 * that transaction: a count of the raw tables at every segment load would cost tens of ms on
 * millions of rows.
 */
export async function shiftReportExtent(connection: SqlConnection | DuckDBConnection, change: { hits: number; heartbeats: number }): Promise<void> {
  if (change.hits === 0 && change.heartbeats === 0) return;
  await connection.run(`UPDATE ${REPORT_EXTENT_TABLE} SET hits = hits + CAST($hits AS BIGINT), heartbeats = heartbeats + CAST($heartbeats AS BIGINT)`, {
    hits: String(change.hits),
    heartbeats: String(change.heartbeats),
  });
}
