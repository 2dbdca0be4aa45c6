/**
 * `media_cells`: the media sessions (media-sessions-table.ts) rolled up per suite, day, bot flag
 * and report key, each cell with its sessions' summed figures and a sketch of their visitors (the
 * CELL_SKETCH_KEYS smallest visitor keys, as visit cells keep: report-cells.ts), so that the
 * unfiltered media reports sum a few thousand cells instead of every session of the range.
 *
 * A load appends the change it makes: the sessions it makes again are taken out as they were and
 * put back as they are now (`sign`), so a cell's sums are exact after every load; its sketch can
 * only gain keys until its day is made again. cell-compaction.ts merges the rows one per key; days
 * are made again from `media_sessions` when a visitor is erased, and for a data folder whose
 * sessions predate the cells.
 *
 * What depends on the report's clock is left out: a session that started, never played, never
 * failed and has not ended by itself becomes an exit before the start only once it has been idle
 * (media-sessions-sql.ts figures); the cells count the exits of sessions that ended by completing
 * or closing (`ended_exits`), and the reports count the idle ones from the sessions
 * (store/queries/media-cell-figures.ts).
 */
import type { SqlConnection } from './reads-first.js';
import { deleteCellsSql, ensureCellTable, mergedPart, recentPart, type CellTable } from './cell-tables.js';
import { CELL_SKETCH_KEYS, mergedLowestKeys } from './report-facts-schema.js';
import { MEDIA_SESSION_COUNTERS } from '../media-session-counters.js';

export const MEDIA_CELLS_TABLE = 'media_cells';

/**
 * The report keys cells are kept by beside `all` (every session of the day: the series by day and
 * the rankings' totals): name → the key as SQL over a media_sessions row (media-session-figures.ts GROUP_KEY).
 */
export const MEDIA_CELL_KEYS = {
  content: 'content_id',
  programme: "coalesce(programme, '')",
  season: "coalesce(programme, '') || '/' || coalesce(season, '')",
  channel: "coalesce(channel, '')",
} as const;

/** A session that never played and had not failed when it ended by itself; one not yet ended waits for the idle rule. */
export const NEVER_PLAYED = 'started_ms IS NOT NULL AND first_play_ms IS NULL AND start_failure = 0';

/** Each summed figure of a cell, as SQL over a media_sessions row. */
const SESSION_FIGURES: Readonly<Record<string, string>> = {
  sessions: '1',
  starts: 'CASE WHEN started_ms IS NOT NULL THEN 1 ELSE 0 END',
  completes: 'CASE WHEN completed_ms IS NOT NULL THEN 1 ELSE 0 END',
  content_ms: 'content_ms',
  ad_ms: 'ad_ms',
  ...Object.fromEntries(MEDIA_SESSION_COUNTERS.map((c) => [c.column, c.column])),
  startup_ms: 'startup_time_ms',
  startups: 'CASE WHEN startup_time_ms IS NOT NULL THEN 1 ELSE 0 END',
  rebuffer_ms: 'rebuffer_ms',
  ended_exits: `CASE WHEN ${NEVER_PLAYED} AND (completed_ms IS NOT NULL OR end_ms IS NOT NULL) THEN 1 ELSE 0 END`,
  start_failures: 'start_failure',
  bitrate_weighted: 'bitrate_weighted',
  bitrate_ms: 'bitrate_ms',
};

/** The cells as a cell table (cell-tables.ts): a view over recent and merged rows. */
export const MEDIA_CELLS: CellTable = {
  name: MEDIA_CELLS_TABLE,
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot INTEGER NOT NULL, dimension VARCHAR NOT NULL, value VARCHAR, label VARCHAR,
    ${Object.keys(SESSION_FIGURES)
      .map((name) => `${name} ${name === 'bitrate_weighted' ? 'DOUBLE' : 'BIGINT'}`)
      .join(', ')},
    lowest_visitor_keys UBIGINT[] NOT NULL`,
  keys: 'report_suite, day, is_bot, dimension, value',
  merge: `max(label), ${Object.keys(SESSION_FIGURES)
    .map((name) => `sum(${name})`)
    .join(', ')}, ${mergedLowestKeys(CELL_SKETCH_KEYS)}`,
};

const KEYS = Object.entries(MEDIA_CELL_KEYS);
const CELL_BY = 'report_suite, day, is_bot';

/**
 * Cells of `src` (media_sessions rows with `sign`: 1 to add a session, -1 to take one out), every
 * dimension in one pass (grouping sets): several times cheaper to plan and run than a query per
 * dimension.
 */
function mediaCellsSql(into: string, src: string): string {
  const sums = Object.entries(SESSION_FIGURES)
    .map(([name, sql]) => `sum(sign * ${sql}) AS ${name}`)
    .join(', ');
  const sketch = `coalesce(list_slice(list_sort(list_distinct(list(visitor_key) FILTER (WHERE sign = 1))), 1, ${CELL_SKETCH_KEYS}), CAST([] AS UBIGINT[]))`;
  const keyed = KEYS.map(([name, sql]) => `${sql} AS key_${name}`).join(', ');
  const sets = [`(${CELL_BY})`, ...KEYS.map(([name]) => `(${CELL_BY}, key_${name})`)].join(', ');
  const dimension = `CASE ${KEYS.map(([name]) => `WHEN grouping(key_${name}) = 0 THEN '${name}'`).join(' ')} ELSE 'all' END`;
  const value = `CASE ${KEYS.map(([name]) => `WHEN grouping(key_${name}) = 0 THEN key_${name}`).join(' ')} END`;
  return `INSERT INTO ${into}
    SELECT ${CELL_BY}, ${dimension}, ${value}, CASE WHEN grouping(key_content) = 0 THEN max(content_name) FILTER (WHERE sign = 1) END,
      ${sums}, ${sketch}
    FROM (SELECT *, ${keyed} FROM (${src}) s) keyed
    GROUP BY GROUPING SETS (${sets})`;
}

/** Temp tables a session remake fills (media-sessions-table.ts): the touched sessions' rows as they were and as they are now. */
export const REPLACED_SESSIONS = 'replaced_media_sessions';
export const MERGED_SESSIONS = 'merged_media_sessions';
/** REPLACED_SESSIONS' column of each row's id in media_sessions, by which the remake deletes it. */
export const REPLACED_ROW = 'replaced_row';

const APPEND = mediaCellsSql(recentPart(MEDIA_CELLS), `SELECT *, 1 AS sign FROM ${MERGED_SESSIONS} UNION ALL SELECT * EXCLUDE (${REPLACED_ROW}), -1 AS sign FROM ${REPLACED_SESSIONS}`);

/** Appends the change a session remake makes, from REPLACED_SESSIONS and MERGED_SESSIONS; answers the rows appended. Runs in the caller's transaction. */
export async function appendMediaCells(connection: SqlConnection): Promise<number> {
  const inserted = await connection.runAndReadAll(APPEND);
  return Number(inserted.getRowObjectsJson()[0]?.Count ?? 0);
}

const ON_DAYS = `day IN (SELECT CAST(unnest(CAST(json($days) AS VARCHAR[])) AS DATE))`;

/** Makes `days`' cells again from `media_sessions`, one row per key; runs inside the caller's transaction. */
export async function remakeMediaCells(connection: SqlConnection, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const values = { days: JSON.stringify(days) };
  for (const sql of deleteCellsSql(MEDIA_CELLS, ON_DAYS)) await connection.run(sql, values);
  await connection.run(mediaCellsSql(mergedPart(MEDIA_CELLS), `SELECT *, 1 AS sign FROM media_sessions WHERE ${ON_DAYS}`), values);
}

/** Days rolled up at a time when a data folder gets its cells: bounds the memory one statement takes. */
const REMAKE_DAYS_PER_STATEMENT = 7;

/** Creates the table; a data folder with sessions and no cells gets them, a week of days at a time. Call after media_sessions exists. */
export async function ensureMediaCellsTable(connection: SqlConnection): Promise<void> {
  await ensureCellTable(connection, MEDIA_CELLS);
  const missing = await connection.runAndReadAll(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM media_sessions
      WHERE NOT EXISTS (SELECT 1 FROM ${MEDIA_CELLS_TABLE}) ORDER BY day`);
  const days = missing.getRowObjectsJson().map((row) => String(row.day));
  for (let i = 0; i < days.length; i += REMAKE_DAYS_PER_STATEMENT) await remakeMediaCells(connection, days.slice(i, i + REMAKE_DAYS_PER_STATEMENT));
}

/** The days (YYYY-MM-DD) of a visitor's sessions: the cells an erasure makes again. */
export async function visitorMediaCellDays(connection: SqlConnection, visitorId: string): Promise<string[]> {
  const result = await connection.runAndReadAll(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM media_sessions WHERE visitor_key = hash($visitor) ORDER BY day`, { visitor: visitorId });
  return result.getRowObjectsJson().map((row) => String(row.day));
}
