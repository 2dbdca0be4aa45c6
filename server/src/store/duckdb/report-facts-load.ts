/**
 * Fills the report tables (report-facts-schema.ts) from one segment's hits, inside the segment's
 * load transaction, and de-duplicates at the same time: a hit whose event id and suite are
 * already stored (a retried beacon, a segment loaded again after a crash, the demo sent twice) is
 * stored nowhere again, so reports count rows instead of distinct ids.
 *
 * Visits are cut as they load: a visitor's page view more than VISIT_IDLE_MINUTES after their
 * previous one starts a new visit, also across segments (the visitor's open visit is looked up
 * in `visits`). A page view that arrives late, before the open visit's last one, joins that visit.
 */
import { searchKeywordsSql, searchedSql } from '../search-keywords-sql.js';
import type { SqlConnection } from './reads-first.js';
import { REFERRER_GROUP_SQL } from '../referrer-group-sql.js';
import { APPEND_PAGE_DAY_CELLS } from './page-day-cells.js';
import { APPEND_PAGE_ENGAGEMENT_CELLS } from './page-engagement-cells.js';
import { appendClickCells, appendExitCells, appendTransitionCells, refreshOpenExits, remakeTransitionCells } from './page-transition-cells.js';
import { APPEND_CLOSED_BAND_CELLS, APPEND_LINK_CELLS, APPEND_VISIT_CELLS, APPEND_VISIT_PAGE_CELLS, daysOf, remakeClosedBandCells } from './report-cells.js';
import { recentPart } from './cell-tables.js';
import { APPEND_PAGE_VIEW_KEYS } from './page-view-keys.js';
import { CELL_VISITOR_KEYS, PAGE_CELLS } from './report-facts-schema.js';
import { CLOSE_VISITS, deleteVisitsSql, VISIT_IDLE_MINUTES } from './visits-tables.js';
import { RELINK_TEMPORARY, relinkLoadedHits } from './link-hit-visits.js';
import { appendKeptMatchHits } from './kept-hit-matches.js';
import { VISIT_ATTRIBUTES } from '../visit-attributes.js';
import { PAGE_ENGAGEMENT_HIT, PAGE_ENGAGEMENT_MEASURES_SQL } from '../page-engagement-sql.js';

export { VISIT_IDLE_MINUTES };

const KEY = 'report_suite, visitor_key';
const ORDER = 'received_at, event_key';

/**
 * The segment's hits with their keys, as read. A segment rarely holds one event id twice (a beacon
 * retried within one load interval), so its copies are taken out after (DROP_REPEATED) and only
 * when SEGMENT_SPAN counts some: a window over every column of every row at each load cost more
 * than the rest of making the table.
 */
function segmentHitsSql(select: string): string {
  return `CREATE OR REPLACE TEMP TABLE segment_hits AS
    SELECT s.*, hash(s.event_id, s.report_suite) AS event_key, hash(s.visitor_id) AS visitor_key FROM (${select}) s`;
}

/** All but the first received copy of each event id and suite (ties in any order, as a window's). */
const DROP_REPEATED = `DELETE FROM segment_hits WHERE rowid IN (SELECT rowid FROM segment_hits
  QUALIFY row_number() OVER (PARTITION BY event_id, report_suite ORDER BY received_at) > 1)`;

/**
 * A hit stored already was received within DEDUPLICATION_WINDOW_HOURS of its copy (a retry, a
 * segment loaded again, traffic replayed with its own receive times): only those hours of the
 * report tables are searched, which their time order makes cheap to skip to. A copy arriving later
 * than that is counted again in the report tables (the export still keeps one row per event id).
 */
export const DEDUPLICATION_WINDOW_HOURS = 24;

const STORED_NEARBY = (table: string) =>
  `SELECT event_key FROM ${table} WHERE received_at BETWEEN CAST(epoch_ms(CAST($from_ms AS BIGINT)) AS TIMESTAMP_MS)
     AND CAST(epoch_ms(CAST($to_ms AS BIGINT)) AS TIMESTAMP_MS)`;
const DROP_STORED = `DELETE FROM segment_hits WHERE event_key IN (${['page_views', 'link_hits', 'page_engagements'].map(STORED_NEARBY).join(' UNION ALL ')})`;

/**
 * The segment's first and last receive time (epoch ms), its repeated event ids (a hash of id and
 * suite: a collision only makes DROP_REPEATED look for copies it will not find), and how many hits
 * of each kind it holds before de-duplication: a kind it has none of skips its statements.
 */
const SEGMENT_SPAN = `SELECT epoch_ms(min(received_at)) AS first_ms, epoch_ms(max(received_at)) AS last_ms,
    count(*) - count(DISTINCT event_key) AS repeated,
    count(*) FILTER (WHERE hit_type = 'page_view') AS page_views,
    count(*) FILTER (WHERE hit_type = 'page_view' AND ${searchKeywordsSql.duckdb('search_keywords')} IS NOT NULL) AS searches,
    count(*) FILTER (WHERE hit_type = '${PAGE_ENGAGEMENT_HIT}') AS engagements,
    count(*) FILTER (WHERE hit_type NOT IN ('page_view', '${PAGE_ENGAGEMENT_HIT}')) AS link_hits
  FROM segment_hits`;

/** Where a visit still open at the segment's first hit may have ended: bound as $open_from_ms. */
const OPEN_SINCE = `CAST(epoch_ms(CAST($open_from_ms AS BIGINT)) AS TIMESTAMP_MS)`;

/** Local hour of a UTC receive time in the report zone ($tz). */
const LOCAL_HOUR = `CAST(hour(timezone($tz, received_at::TIMESTAMP AT TIME ZONE 'UTC')) AS UTINYINT)`;

/**
 * Each of the visitors' latest visit still open at the segment's first page view (arg_max by
 * ended_at: one visitor's visits are 30 idle minutes apart, so never end in the same millisecond).
 */
const OPEN_VISITS = `CREATE OR REPLACE TEMP TABLE open_visits AS
  SELECT v.report_suite, v.visitor_key, arg_max(v.visit_key, v.ended_at) AS open_key, max(v.ended_at) AS open_end,
    arg_max(v.page_views, v.ended_at) AS open_pages
  FROM visits v
  WHERE v.ended_at >= ${OPEN_SINCE}
    AND (v.report_suite, v.visitor_key) IN (SELECT DISTINCT ${KEY} FROM segment_hits WHERE hit_type = 'page_view')
  GROUP BY ALL`;

/**
 * The hit columns the page views' statements read (page views, their keys, searches, cells and
 * visits). The rest of the hit's columns are not copied again: copying all of them made this table
 * cost about 1.5 times as much (bench/load-statements.mjs, docs/capacity.md).
 */
const PAGE_VIEW_HIT_COLUMNS = [
  ...new Set([
    ...`report_suite event_key received_at day visitor_key section subsection programme broadcast_channel portal device_class
      login_state campaign internal_campaign programme_name page_name content_title url page_type author thematic referrer
      search_keywords search_results is_bot`.split(/\s+/),
    ...VISIT_ATTRIBUTES.map((a) => a.hitColumn),
  ]),
];

/**
 * The segment's page views with their visit: its key (the first page view's event key) and page
 * number. Visits are cut over the four narrow columns they need, then joined back to the wide
 * rows: window functions over every hit column cost several times more.
 */
const SEGMENT_PAGE_VIEWS = `CREATE OR REPLACE TEMP TABLE segment_page_views AS
  WITH ordered AS (
    SELECT h.report_suite, h.visitor_key, h.event_key, h.received_at, o.open_key, o.open_end, o.open_pages,
      lag(h.received_at) OVER (PARTITION BY h.report_suite, h.visitor_key ORDER BY h.received_at, h.event_key) AS previous_at
    FROM segment_hits h LEFT JOIN open_visits o USING (${KEY})
    WHERE h.hit_type = 'page_view'),
  numbered AS (
    SELECT *, sum(CASE WHEN CASE WHEN previous_at IS NULL THEN open_key IS NULL OR received_at - open_end > INTERVAL ${VISIT_IDLE_MINUTES} MINUTE
                    ELSE received_at - previous_at > INTERVAL ${VISIT_IDLE_MINUTES} MINUTE END THEN 1 ELSE 0 END)
      OVER (PARTITION BY ${KEY} ORDER BY ${ORDER} ROWS UNBOUNDED PRECEDING) AS visit_no
    FROM ordered),
  cut AS (
    SELECT event_key, visit_no, open_key, open_pages,
      first_value(event_key) OVER visit AS first_key, row_number() OVER visit AS page_no
    FROM numbered
    WINDOW visit AS (PARTITION BY ${KEY}, visit_no ORDER BY ${ORDER}))
  SELECT ${PAGE_VIEW_HIT_COLUMNS.map((c) => `h.${c}`).join(', ')},
    CASE WHEN c.visit_no = 0 THEN c.open_key ELSE c.first_key END AS visit_key,
    CAST(c.page_no + CASE WHEN c.visit_no = 0 THEN c.open_pages ELSE 0 END AS INTEGER) AS visit_page,
    ${LOCAL_HOUR} AS local_hour
  FROM segment_hits h JOIN cut c USING (event_key)`;

const INSERT_PAGE_VIEWS = `INSERT INTO page_views SELECT report_suite, event_key, received_at, day, local_hour, visitor_key,
    visit_key, visit_page, section, subsection, programme, broadcast_channel, portal, device_class, login_state, campaign,
    geo_country, geo_region, internal_campaign, programme_name, page_name, content_title, url, page_type, author, thematic, referrer,
    ${searchKeywordsSql.duckdb('search_keywords')}, search_results, is_bot
  FROM segment_page_views`;

/**
 * The segment's part of each visit merged with what `visits` already holds of it: a continued
 * visit keeps its entry and start, takes the later exit, and adds its page views and searches.
 */
const MERGED_VISITS = `CREATE OR REPLACE TEMP TABLE merged_visits AS
  SELECT merged.*, ${REFERRER_GROUP_SQL.duckdb} AS referrer_group FROM (
  WITH part AS (
    -- any_value: a visit is one visitor's page views (cut per visitor above), so its rows share visitor_key;
    -- entry and exit by visit_page, which numbers a visit's page views apart (row_number).
    SELECT report_suite, visit_key, any_value(visitor_key) AS visitor_key, min(received_at) AS first_at,
      max(received_at) AS last_at, count(*) AS pages, count(*) FILTER (WHERE ${searchedSql.duckdb('search_keywords')}) AS searches,
      arg_min(struct_pack(day, local_hour, section, subsection, programme, broadcast_channel, portal, device_class,
        login_state, campaign, internal_campaign, page_name, content_title, url, referrer,
        ${VISIT_ATTRIBUTES.map((a) => a.hitColumn).join(', ')}, is_bot), visit_page) AS entry,
      arg_max(struct_pack(page_name, content_title, url), visit_page) AS exit
    FROM segment_page_views GROUP BY report_suite, visit_key)
  SELECT p.report_suite, p.visit_key, p.visitor_key,
    coalesce(v.day, p.entry.day) AS day, coalesce(v.hour, p.entry.local_hour) AS hour,
    coalesce(v.started_at, p.first_at) AS started_at, greatest(v.ended_at, p.last_at) AS ended_at,
    CAST(coalesce(v.page_views, 0) + p.pages AS INTEGER) AS page_views, CAST(coalesce(v.searches, 0) + p.searches AS INTEGER) AS searches,
    ${['section', 'subsection', 'programme'].map((c) => `CASE WHEN v.visit_key IS NULL THEN p.entry.${c} ELSE v.${c} END AS ${c}`).join(', ')},
    CASE WHEN v.visit_key IS NULL THEN p.entry.broadcast_channel ELSE v.channel END AS channel,
    CASE WHEN v.visit_key IS NULL THEN p.entry.portal ELSE v.portal END AS portal,
    CASE WHEN v.visit_key IS NULL THEN p.entry.device_class ELSE v.device END AS device,
    CASE WHEN v.visit_key IS NULL THEN p.entry.login_state ELSE v.login END AS login,
    CASE WHEN v.visit_key IS NULL THEN p.entry.campaign ELSE v.campaign END AS campaign,
    CASE WHEN v.visit_key IS NULL THEN p.entry.internal_campaign ELSE v.internal_campaign END AS internal_campaign,
    CASE WHEN v.visit_key IS NULL THEN p.entry.page_name ELSE v.entry_page_name END AS entry_page_name,
    CASE WHEN v.visit_key IS NULL THEN p.entry.content_title ELSE v.entry_title END AS entry_title,
    CASE WHEN v.visit_key IS NULL THEN p.entry.url ELSE v.entry_url END AS entry_url,
    CASE WHEN v.ended_at > p.last_at THEN v.exit_page_name ELSE p.exit.page_name END AS exit_page_name,
    CASE WHEN v.ended_at > p.last_at THEN v.exit_title ELSE p.exit.content_title END AS exit_title,
    CASE WHEN v.ended_at > p.last_at THEN v.exit_url ELSE p.exit.url END AS exit_url,
    CASE WHEN v.visit_key IS NULL THEN p.entry.referrer ELSE v.referrer END AS referrer,
    CASE WHEN v.visit_key IS NULL THEN lower(nullif(regexp_extract(p.entry.referrer, '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)', 1), ''))
         ELSE v.referrer_host END AS referrer_host,
    ${VISIT_ATTRIBUTES.map((a) => `CASE WHEN v.visit_key IS NULL THEN p.entry.${a.hitColumn} ELSE v.${a.column} END AS ${a.column}`).join(',\n    ')},
    CASE WHEN v.visit_key IS NULL THEN p.entry.is_bot ELSE v.is_bot END AS is_bot
  FROM part p LEFT JOIN replaced_visits v USING (report_suite, visit_key)) merged`;

/**
 * The stored visits the segment continues, as they were (visit_cells take them out: report-cells.ts).
 * Made before merged_visits, which reads them from here: one scan of `visits` instead of two.
 */
const REPLACED_VISITS = `CREATE OR REPLACE TEMP TABLE replaced_visits AS SELECT * FROM visits
  WHERE ended_at >= ${OPEN_SINCE} AND (report_suite, visit_key) IN (SELECT DISTINCT report_suite, visit_key FROM segment_page_views)`;

/** The replaced visits' deletions, from visits_closed and then visits_open (visits-tables.ts VISIT_TABLES). */
const [DELETE_REPLACED_CLOSED, DELETE_REPLACED_OPEN] = deleteVisitsSql(`ended_at >= ${OPEN_SINCE} AND (report_suite, visit_key) IN (SELECT report_suite, visit_key FROM replaced_visits)`);
const INSERT_VISITS = `INSERT INTO visits_open SELECT * FROM merged_visits`;

/** The segment's link hits as rows of link_hits (named alike: link cells are made from them too). */
const SEGMENT_LINK_HITS = `CREATE OR REPLACE TEMP TABLE segment_link_hits AS SELECT report_suite, event_key, received_at, day,
    ${LOCAL_HOUR} AS hour, visitor_key, hit_type, link_url, link_name, events, event_ids,
    CASE WHEN len(event_ids) > 0 THEN CAST(event_ids[1] AS VARCHAR) WHEN hit_type = 'link_o' THEN 'enllaç: ' || link_name END AS call,
    social_action, section, subsection, programme, broadcast_channel AS channel, portal,
    device_class AS device, login_state AS login, campaign, geo_country AS country, geo_region AS region, page_name, content_title AS title, is_bot
  FROM (SELECT *, coalesce(list_transform(from_json(events, '[{"id":"INTEGER"}]'), e -> e.id), []) AS event_ids
        FROM segment_hits WHERE hit_type NOT IN ('page_view', '${PAGE_ENGAGEMENT_HIT}'))`;

/** segment_link_hits of a segment without link hits: link_hits' columns, no rows (the relink reads it). */
const NO_SEGMENT_LINK_HITS = `CREATE OR REPLACE TEMP TABLE segment_link_hits AS SELECT * FROM link_hits LIMIT 0`;

const INSERT_LINK_HITS = `INSERT INTO link_hits SELECT * FROM segment_link_hits`;

const MEASURES = PAGE_ENGAGEMENT_MEASURES_SQL.duckdb;

/** The segment's engagement hits as rows of page_engagements (report-facts-schema.ts), named alike: their cells are made from them too. */
const SEGMENT_PAGE_ENGAGEMENTS = `CREATE OR REPLACE TEMP TABLE segment_page_engagements AS SELECT report_suite, event_key, received_at, day,
    ${LOCAL_HOUR} AS hour, visitor_key, section, subsection, programme, broadcast_channel AS channel, portal, device_class AS device,
    login_state AS login, campaign, geo_country AS country, geo_region AS region, programme_name, page_name, content_title AS title, url, author, thematic,
    ${MEASURES.engagedMs} AS engaged_ms, ${MEASURES.scrollPercent} AS scroll_pct, is_bot
  FROM segment_hits WHERE hit_type = '${PAGE_ENGAGEMENT_HIT}'`;

const INSERT_PAGE_ENGAGEMENTS = `INSERT INTO page_engagements SELECT * FROM segment_page_engagements`;

const INSERT_SEARCHES = `INSERT INTO searches SELECT * FROM page_views
  WHERE search_keywords IS NOT NULL AND event_key IN (SELECT event_key FROM segment_page_views WHERE search_keywords IS NOT NULL)
    AND received_at >= (SELECT min(received_at) FROM segment_page_views)`;

/** The segment's page views as page cells (page_cells in report-facts-schema.ts). */
const INSERT_PAGE_CELLS = `INSERT INTO ${recentPart(PAGE_CELLS)} SELECT report_suite, day, url, section, subsection, programme,
    broadcast_channel, portal, device_class, login_state, campaign, internal_campaign, page_type, content_title, page_name,
    author, thematic, programme_name, is_bot, count(*), count(*) FILTER (WHERE visit_page = 1),
    list_slice(list_sort(list_distinct(list(visitor_key))), 1, ${CELL_VISITOR_KEYS})
  FROM segment_page_views GROUP BY ALL`;

/** Every temporary table a load may leave, dropped in one statement (IF EXISTS: a kind the segment lacks made none). */
const DROP_TEMPORARY = ['segment_hits', 'open_visits', 'segment_page_views', 'merged_visits', 'replaced_visits', 'segment_link_hits', 'segment_page_engagements', ...RELINK_TEMPORARY]
  .map((t) => `DROP TABLE IF EXISTS ${t}`)
  .join('; ');

/** How many hits of each kind a segment holds (SEGMENT_SPAN), before de-duplication: 0 means none is new either. */
interface SegmentKindCounts {
  pageViews: number;
  searches: number;
  engagements: number;
  linkHits: number;
}

/**
 * Loads one segment's hits (`select`: a SELECT yielding rows of the hits table) into `hits` and
 * the report tables, de-duplicated; returns how many hits were new. Runs inside the caller's
 * transaction. `storeHits: false` fills only the report tables (hits already stored: a rebuild).
 */
export async function loadHitsWithFacts(
  connection: SqlConnection,
  select: string,
  hitColumns: readonly string[],
  timeZone: string,
  options: { storeHits: boolean } = { storeHits: true },
): Promise<LoadedFacts> {
  await connection.run(segmentHitsSql(select));
  const span = (await connection.runAndReadAll(SEGMENT_SPAN)).getRowObjectsJson()[0] ?? {};
  if (Number(span.repeated ?? 0) > 0) await connection.run(DROP_REPEATED);
  const firstMs = Number(span.first_ms ?? 0);
  const lastMs = Number(span.last_ms ?? 0);
  const windowMs = DEDUPLICATION_WINDOW_HOURS * 3_600_000;
  await connection.run(DROP_STORED, { from_ms: String(firstMs - windowMs), to_ms: String(lastMs + windowMs) });
  const columns = hitColumns.join(', ');
  const counted = options.storeHits
    ? await connection.runAndReadAll(`INSERT INTO hits (${columns}) SELECT ${columns} FROM segment_hits`)
    : await connection.runAndReadAll(`SELECT count(*) AS Count FROM segment_hits`);
  const rows = Number(counted.getRowObjectsJson()[0]?.Count ?? 0);
  const appended: LoadedFacts = { hits: rows, pageCells: 0, cells: 0, days: [] };
  if (rows > 0) {
    const kinds = { pageViews: Number(span.page_views), searches: Number(span.searches), engagements: Number(span.engagements), linkHits: Number(span.link_hits) };
    await loadReportRows(connection, { firstMs, lastMs, timeZone, kinds }, appended);
  }
  await connection.run(DROP_TEMPORARY);
  return appended;
}

/** What loadReportRows reads of the segment: its span, the report zone, its kinds' counts. */
interface SegmentFacts {
  firstMs: number;
  lastMs: number;
  timeZone: string;
  kinds: SegmentKindCounts;
}

/** Fills the report tables from segment_hits (new hits only), adding to `appended` what it appends. */
async function loadReportRows(connection: SqlConnection, segment: SegmentFacts, appended: LoadedFacts): Promise<void> {
  const { kinds, timeZone } = segment;
  const openFrom = { open_from_ms: String(segment.firstMs - VISIT_IDLE_MINUTES * 60_000) };
  await connection.run(OPEN_VISITS, openFrom);
  await connection.run(SEGMENT_PAGE_VIEWS, { tz: timeZone });
  if (kinds.pageViews > 0) appended.pageCells = await loadPageViews(connection, kinds);
  const closedBefore = { closed_before_ms: String(segment.lastMs - VISIT_IDLE_MINUTES * 60_000) };
  appended.cells = await replaceVisits(connection, openFrom, closedBefore);
  await refreshOpenExits(connection);
  // A segment without link hits still relinks: its visits may take stored link hits (link-hit-visits.ts).
  if (kinds.linkHits > 0) {
    await connection.run(SEGMENT_LINK_HITS, { tz: timeZone });
    await connection.run(INSERT_LINK_HITS);
  } else await connection.run(NO_SEGMENT_LINK_HITS);
  const relinked = await relinkLoadedHits(connection);
  await appendKeptMatchHits(connection, { pageViews: kinds.pageViews > 0, relinked });
  if (kinds.linkHits > 0) await appendClickCells(connection);
  appended.cells += await changedRows(connection, APPEND_VISIT_CELLS);
  if (kinds.linkHits > 0) appended.cells += await changedRows(connection, APPEND_LINK_CELLS);
  appended.cells += await changedRows(connection, APPEND_VISIT_PAGE_CELLS);
  if (kinds.engagements > 0) {
    await connection.run(SEGMENT_PAGE_ENGAGEMENTS, { tz: timeZone });
    await connection.run(INSERT_PAGE_ENGAGEMENTS);
    appended.cells += await changedRows(connection, APPEND_PAGE_ENGAGEMENT_CELLS);
  }
  const dayTables = ['segment_page_views', 'merged_visits', 'segment_link_hits', ...(kinds.engagements > 0 ? ['segment_page_engagements'] : [])];
  const days = await connection.runAndReadAll(`SELECT DISTINCT strftime(day, '%Y-%m-%d') AS day FROM (${dayTables.map((t) => `SELECT day FROM ${t}`).join(' UNION ALL ')})`);
  appended.days = days.getRowObjectsJson().map((row) => String(row.day));
}

/** Stores the segment's page views (segment_page_views) in page_views and the tables made from them; returns the page cell rows appended. */
async function loadPageViews(connection: SqlConnection, kinds: SegmentKindCounts): Promise<number> {
  await connection.run(INSERT_PAGE_VIEWS);
  for (const sql of APPEND_PAGE_VIEW_KEYS) await connection.run(sql);
  if (kinds.searches > 0) await connection.run(INSERT_SEARCHES);
  await appendTransitionCells(connection);
  const pageCells = await changedRows(connection, INSERT_PAGE_CELLS);
  // Fewer rows than the page cells just appended, and compacted with them: not counted apart.
  await connection.run(APPEND_PAGE_DAY_CELLS);
  return pageCells;
}

/**
 * Puts the segment's visits in `visits_open` in place of those they continue, then moves the
 * visits that can no longer be continued to `visits_closed`, adding their closed-band cells
 * (report-cells.ts); returns the cell rows appended. A continued visit found closed (a segment
 * loaded out of order) leaves its days' closed-band cells to be made again.
 */
async function replaceVisits(connection: SqlConnection, openFrom: SqlValues, closedBefore: SqlValues): Promise<number> {
  await connection.run(REPLACED_VISITS, openFrom);
  await connection.run(MERGED_VISITS);
  const reopened = await changedRows(connection, DELETE_REPLACED_CLOSED, openFrom);
  await connection.run(DELETE_REPLACED_OPEN, openFrom);
  await connection.run(INSERT_VISITS);
  if (reopened > 0) await remakeClosedBandCells(connection, await daysOf(connection, 'SELECT day FROM replaced_visits'));
  // A reopened visit's last view had its exit counted: its views' transitions are made again.
  if (reopened > 0) await remakeTransitionCells(connection, await daysOf(connection, 'SELECT day FROM page_views WHERE visit_key IN (SELECT visit_key FROM replaced_visits)'));
  const cells = await changedRows(connection, APPEND_CLOSED_BAND_CELLS, closedBefore);
  await appendExitCells(connection, closedBefore);
  for (const sql of CLOSE_VISITS) await connection.run(sql, closedBefore);
  return cells;
}

type SqlValues = Record<string, string>;

async function changedRows(connection: SqlConnection, sql: string, values?: SqlValues): Promise<number> {
  return Number((await connection.runAndReadAll(sql, values)).getRowObjectsJson()[0]?.Count ?? 0);
}

/** What one load added: new hits, page-cell and visit or link cell rows appended, and the days (YYYY-MM-DD) they fell on. */
export interface LoadedFacts {
  hits: number;
  pageCells: number;
  cells: number;
  days: string[];
}
