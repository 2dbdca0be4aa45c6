/**
 * The roll-ups of visits and link hits (`visit_cells`, `link_cells`: report-facts-schema.ts), kept
 * as segments load: each load appends the change its visits and link hits make (a visit continued
 * from an earlier segment is taken out as it was and put back as it is now), and cell-compaction.ts
 * merges those rows one per key. A day's cells are made again from `visits` and `link_hits` when a
 * visitor is erased and when an older data folder lacks them. Entry and exit pages are rolled up apart, without a sketch
 * (`visit_page_cells`): a day has nearly as many of them as visitors, so a sketch per page would
 * make the cells no smaller than the visits (measured on 10 M events).
 */
import type { SqlConnection } from './reads-first.js';
import { informedOrNullSql } from '../not-informed-sql.js';
import { VISIT_ATTRIBUTES } from '../visit-attributes.js';
import { VISIT_DURATION_MS, visitDurationBandSql } from '../visit-duration.js';
import { deleteCellsSql, mergedPart, recentPart } from './cell-tables.js';
import { CELL_SKETCH_KEYS, CLOSED_BAND_DIMENSION, LINK_CELLS, VISIT_CELLS, VISIT_PAGE_CELLS } from './report-facts-schema.js';
import { CLOSING_VISITS } from './visits-tables.js';

/** The report keys visits are rolled up by: name → value (and its parent) as SQL over a visit row. */
type VisitDimensions = Readonly<Record<string, { value: string; parent?: string; where?: string }>>;

const DURATION_BAND = visitDurationBandSql(VISIT_DURATION_MS.duckdb);

const VISIT_DIMENSIONS: VisitDimensions = {
  /** Every visit of the day: the audience by day and the totals of the rankings below. */
  all: { value: 'NULL' },
  /** The local hour the visit began, two digits (audience/by-hour's keys). */
  hour: { value: `lpad(CAST(hour AS VARCHAR), 2, '0')` },
  /** Visits with an entry page, and with an exit page: the totals of those pages' rankings. */
  entered: { value: 'NULL', where: 'entry_url IS NOT NULL' },
  exited: { value: 'NULL', where: 'exit_url IS NOT NULL' },
  /** Visits with at least one search (search/per-visit). */
  searching: { value: 'NULL', where: 'searches > 0' },
  referrer_group: { value: 'referrer_group' },
  referrer: { value: 'referrer_host', parent: 'referrer_group' },
  /** External campaigns are case-insensitive (spec §7 `ext`). */
  campaign: { value: 'lower(campaign)' },
  device: { value: 'device' },
  /**
   * The visit's duration band (audience/visit-duration). A continued visit may leave its band: it
   * is taken out of the old band's cell and put back in the new one's, but its visitor stays in
   * the old cell's sketch, so that report counts its rows' visitors from CLOSED_BAND_DIMENSION's
   * cells and the open visits (report-facts-schema.ts DURATION_BAND_SKETCHES).
   */
  duration_band: { value: DURATION_BAND },
  /** The visit's technology and place, one dimension each (visit-attributes.ts), a place within its parent's. */
  ...Object.fromEntries(VISIT_ATTRIBUTES.map((a) => [a.column, { value: a.column, ...('parent' in a && { parent: a.parent }) }])),
};

/**
 * The closed visits per duration band, added once each as it closes (visits-tables.ts
 * CLOSING_VISITS), when its band is final: their sketches hold only visitors with a visit in the
 * band. Their sums are not read (the `duration_band` cells have every visit's).
 */
const CLOSED_BAND_DIMENSIONS = { [CLOSED_BAND_DIMENSION]: { value: DURATION_BAND } };

/** The cell's sketch: the smallest distinct visitor keys of the rows it keeps. */
const SKETCH = (rows: string) => `coalesce(list_slice(list_sort(list_distinct(list(visitor_key)${rows})), 1, ${CELL_SKETCH_KEYS}), CAST([] AS UBIGINT[]))`;

/**
 * Visit cells of `src` (rows of `visits` with `sign`: 1 to add a visit, -1 to take one out). A
 * continued visit keeps its day, hour and attributes, so it is taken out of the very cells it is
 * put back in and its visitor stays in their sketches; the sketch of a cell can only gain keys
 * until the day is made again.
 */
function visitCellsSql(into: string, src: string, dimensions: VisitDimensions = VISIT_DIMENSIONS): string {
  const cells = Object.entries(dimensions).map(
    ([name, d]) => `SELECT report_suite, day, is_bot, '${name}' AS dimension,
      ${d.value} AS value, ${d.parent ?? 'NULL'} AS parent, sum(sign) AS visits, sum(sign * page_views) AS page_views,
      sum(CASE WHEN page_views = 1 THEN sign ELSE 0 END) AS bounces, sum(sign * searches) AS searches,
      ${SKETCH(' FILTER (WHERE sign = 1)')} AS lowest_visitor_keys, sum(sign * ${VISIT_DURATION_MS.duckdb}) AS duration_ms
    FROM src ${d.where ? `WHERE ${d.where}` : ''} GROUP BY ALL`,
  );
  return `INSERT INTO ${into} WITH src AS MATERIALIZED (${src}) ${cells.join(' UNION ALL ')}`;
}

const LINK_KEYS = LINK_CELLS.keys;

/**
 * A link cell's title: the smallest of its hits' that is not the data layer's default, so that the
 * engagement rankings' label (reports/engagement-reports.ts LINK_LABEL, a minimum) reads the same
 * over cells as over link_hits.
 */
const CELL_TITLE = `min(${informedOrNullSql('title')})`;

function linkCellsSql(into: string, src: string): string {
  return `INSERT INTO ${into} SELECT ${LINK_KEYS}, ${CELL_TITLE}, count(*), ${SKETCH('')}
    FROM (${src}) GROUP BY ${LINK_KEYS}`;
}

/**
 * Visit page cells of `src` (rows of `visits` with `sign`): a continued visit may change its exit
 * page and whether it bounced, so its old cells lose what its new ones gain; rows that change
 * nothing are left out. A cell's title and page name are the smallest its added visits had, but a
 * visit taken out cannot take them back: the rankings read their labels from `visits`
 * (reports/content-reports.ts visitPageRollup).
 */
function visitPageCellsSql(into: string, src: string): string {
  const side = (name: 'entry' | 'exit') =>
    `SELECT report_suite, day, is_bot, '${name}' AS side, ${name}_url AS url, ${name}_title AS title, ${name}_page_name AS page_name,
       page_views, sign FROM src`;
  return `INSERT INTO ${into} WITH src AS MATERIALIZED (${src})
    SELECT report_suite, day, is_bot, side, url, min(title) FILTER (WHERE sign = 1), min(page_name) FILTER (WHERE sign = 1),
      sum(sign) AS visits, sum(CASE WHEN page_views = 1 THEN sign ELSE 0 END) AS bounces
    FROM (${side('entry')} UNION ALL ${side('exit')}) WHERE url IS NOT NULL
    GROUP BY report_suite, day, is_bot, side, url HAVING sum(sign) <> 0 OR sum(CASE WHEN page_views = 1 THEN sign ELSE 0 END) <> 0`;
}

/** A load's visits as they are now (merged_visits) less them as they were (replaced_visits). */
const LOAD_VISITS = `SELECT *, 1 AS sign FROM merged_visits UNION ALL SELECT *, -1 AS sign FROM replaced_visits`;

/** The change a load makes to the visit cells. */
export const APPEND_VISIT_CELLS = visitCellsSql(recentPart(VISIT_CELLS), LOAD_VISITS);

/** The change a load makes to the visit page cells. */
export const APPEND_VISIT_PAGE_CELLS = visitPageCellsSql(recentPart(VISIT_PAGE_CELLS), LOAD_VISITS);

/** The cells of the visits a load closes (run before visits-tables.ts CLOSE_VISITS moves them, with its $closed_before_ms). */
export const APPEND_CLOSED_BAND_CELLS = visitCellsSql(recentPart(VISIT_CELLS), `SELECT *, 1 AS sign FROM (${CLOSING_VISITS})`, CLOSED_BAND_DIMENSIONS);

/** A load's link hits (segment_link_hits: rows of link_hits). */
export const APPEND_LINK_CELLS = linkCellsSql(recentPart(LINK_CELLS), `SELECT * FROM segment_link_hits`);

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;

const DAYS_VISITS = `SELECT *, 1 AS sign FROM visits WHERE ${ON_DAYS}`;
const DAYS_CLOSED_VISITS = `SELECT *, 1 AS sign FROM visits_closed WHERE ${ON_DAYS}`;

/** Makes `days`' visit, visit page and link cells again from `visits` and `link_hits`; runs inside the caller's transaction. */
export async function remakeReportCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  for (const sql of [VISIT_CELLS, VISIT_PAGE_CELLS, LINK_CELLS].flatMap((table) => deleteCellsSql(table, ON_DAYS))) await connection.run(sql, values);
  await connection.run(visitCellsSql(mergedPart(VISIT_CELLS), DAYS_VISITS), values);
  await connection.run(visitCellsSql(mergedPart(VISIT_CELLS), DAYS_CLOSED_VISITS, CLOSED_BAND_DIMENSIONS), values);
  await connection.run(visitPageCellsSql(mergedPart(VISIT_PAGE_CELLS), DAYS_VISITS), values);
  await connection.run(linkCellsSql(mergedPart(LINK_CELLS), `SELECT * FROM link_hits WHERE ${ON_DAYS}`), values);
}

/**
 * Makes `days`' closed-band cells again from `visits_closed`: a load that continued a closed visit
 * (a segment loaded out of order) took it out of them, but not its visitor out of their sketches.
 */
export async function remakeClosedBandCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  for (const sql of deleteCellsSql(VISIT_CELLS, `dimension = '${CLOSED_BAND_DIMENSION}' AND ${ON_DAYS}`)) await connection.run(sql, values);
  await connection.run(visitCellsSql(mergedPart(VISIT_CELLS), DAYS_CLOSED_VISITS, CLOSED_BAND_DIMENSIONS), values);
}

/** The days (YYYY-MM-DD) a visitor's visits began or link hits fell on: the cells an erasure makes again. */
export async function visitorCellDays(connection: SqlConnection, visitorId: string): Promise<string[]> {
  const result = await connection.runAndReadAll(
    `SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM (SELECT day FROM visits WHERE visitor_key = hash($visitor)
       UNION ALL SELECT day FROM link_hits WHERE visitor_key = hash($visitor)) ORDER BY day`,
    { visitor: visitorId },
  );
  return result.getRowObjectsJson().map((row) => String(row.day));
}

/** The days (YYYY-MM-DD) of `sql`'s `day` column, in order. */
export async function daysOf(connection: SqlConnection, sql: string): Promise<string[]> {
  const result = await connection.runAndReadAll(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM (${sql}) ORDER BY day`);
  return result.getRowObjectsJson().map((row) => String(row.day));
}

/** Days rolled up at a time when an older data folder gets its cells: bounds the memory one statement takes. */
const REMAKE_DAYS_PER_STATEMENT = 7;

/**
 * Makes the visit cells of every day of `visits` again, a week of days at a time, into empty visit
 * cell tables (a schema step that made them again: events-file-migrations.ts); returns the days.
 */
export async function remakeAllVisitCells(connection: SqlConnection): Promise<number> {
  const days = await daysOf(connection, 'SELECT day FROM visits');
  for (let i = 0; i < days.length; i += REMAKE_DAYS_PER_STATEMENT) {
    const values = { days: JSON.stringify(days.slice(i, i + REMAKE_DAYS_PER_STATEMENT)) };
    await connection.run(visitCellsSql(mergedPart(VISIT_CELLS), DAYS_VISITS), values);
  }
  return days.length;
}

/** Makes the closed-band cells of every day of `visits_closed` again, a week of days at a time (schema step 6); returns the days. */
export async function remakeAllClosedBandCells(connection: SqlConnection): Promise<number> {
  const days = await daysOf(connection, 'SELECT day FROM visits_closed');
  for (let i = 0; i < days.length; i += REMAKE_DAYS_PER_STATEMENT) await remakeClosedBandCells(connection, days.slice(i, i + REMAKE_DAYS_PER_STATEMENT));
  return days.length;
}

/**
 * Fills the cells of a data folder stored before they existed (visits or link hits without any
 * cell, or days of visits without visit page cells), once, a week of days at a time; returns the
 * days filled.
 */
export async function fillMissingReportCells(connection: SqlConnection): Promise<number> {
  const days = await daysOf(
    connection,
    `SELECT day FROM visits WHERE NOT EXISTS (SELECT 1 FROM visit_cells)
      UNION ALL SELECT day FROM visits WHERE day NOT IN (SELECT DISTINCT day FROM visit_page_cells)
      UNION ALL SELECT day FROM link_hits WHERE NOT EXISTS (SELECT 1 FROM link_cells)`,
  );
  for (let i = 0; i < days.length; i += REMAKE_DAYS_PER_STATEMENT) {
    await remakeReportCells(connection, days.slice(i, i + REMAKE_DAYS_PER_STATEMENT));
  }
  return days.length;
}
