/**
 * The report tables the DuckDB store keeps beside the raw `hits`, filled at load
 * (report-facts-load.ts) so that reports read compact, de-duplicated rows instead of counting
 * distinct event ids over every raw hit:
 * - `page_views`: one row per page view, with its visit and the page's dimensions;
 * - `visits`: one row per visit (30 minutes of inactivity closes one), its entry and exit pages and
 *   the visit's attributes (device, login state, campaign, referrer, technology); a view over the
 *   open and the closed visits (visits-tables.ts);
 * - `link_hits`: one row per hit that is not a page view (link tracks, direct calls, media starts),
 *   with its events and its direct call (`call`: the first event's number, or `enllaç: ` and the
 *   link name of a link track that counts none), set at load so reports group by a column;
 * - `page_engagements`: one row per page's engagement hit (engaged time, scroll depth), placed as
 *   its page view is;
 * - `searches`: the page views that carry search keywords (about one in thirty), apart, so that
 *   the search reports do not scan every page view to find them;
 * - `page_cells`: page views and entries per day, page and filter values, with the five smallest
 *   visitor keys of each cell: merged over days and cells, they tell exactly whether a ranking's
 *   row counts fewer than five distinct visitors (the minimum cohort) without counting them all.
 *   Appended per segment and merged per key (cell-compaction.ts), as every cell table below is;
 * - `page_day_cells` and `visit_page_cells`: page cells without the filter columns, and visits per
 *   entry and exit page, for the unfiltered page rankings;
 * - `page_engagement_cells`: the engagement hits' sums per day and page, for the engaged-time rankings;
 * - `visit_cells` and `link_cells`: roll-ups of visits and of link hits per day and report key
 *   (report-cells.ts), each with a sketch of its visitors (the CELL_SKETCH_KEYS smallest visitor
 *   keys), so that the unfiltered rankings of few rows (channels, referring sites, devices, direct
 *   calls…) and the audience series sum hundreds of rows instead of scanning every visit.
 * Visitor and event ids are kept as 64-bit hashes: counting them is several times cheaper than
 * counting text, and the raw ids stay in `hits` for exports and visitors' rights.
 */
import type { SqlConnection } from './reads-first.js';
import { ensureCellChunkDays } from './cell-compaction.js';
import { cellTableParts, ensureCellTable, type CellTable } from './cell-tables.js';
import { VISIT_TABLES, ensureVisitTables } from './visits-tables.js';
import { VISIT_DURATION_MS, visitDurationBandSql } from '../visit-duration.js';
import { CREATE_PAGE_URLS, CREATE_PAGE_VIEW_KEYS, PAGE_VIEW_KEYS_TABLE } from './page-view-keys.js';
import { CREATE_LINK_HIT_VISITS, LINK_HIT_VISITS_TABLE } from './link-hit-visits.js';
import { CREATE_KEPT_MATCH_HITS, CREATE_KEPT_MATCHES, KEPT_MATCH_HITS_TABLE } from './kept-hit-matches.js';
import { CREATE_OPEN_EXITS, OPEN_EXITS_TABLE, PAGE_TRANSITION_STEPS, PAGE_TRANSITION_STEPS_VIEW } from './page-transition-steps.js';

/** The filter dimensions' columns (report-answer.ts REPORT_FILTER_DIMENSIONS), alike in every report table. */
const FILTER_COLUMNS = `section VARCHAR, subsection VARCHAR, programme VARCHAR, channel VARCHAR, portal VARCHAR,
  device VARCHAR, login VARCHAR, campaign VARCHAR`;

/**
 * The place filter dimensions' columns (the hit's country and region, as ingest placed its
 * address), in the tables of rows but not in page_cells: they split its cells by half again on the
 * bench's month (388,424 to 580,050), so a page ranking filtered by place reads page_views
 * (queries/page-rankings.ts). `visits` has them as visit attributes (visit-attributes.ts).
 */
const PLACE_FILTER_COLUMNS = 'country VARCHAR, region VARCHAR';

const PAGE_VIEWS = `CREATE TABLE IF NOT EXISTS page_views (
  report_suite VARCHAR NOT NULL, event_key UBIGINT NOT NULL, received_at TIMESTAMP_MS NOT NULL, day DATE NOT NULL,
  hour UTINYINT NOT NULL, visitor_key UBIGINT NOT NULL, visit_key UBIGINT NOT NULL, visit_page INTEGER NOT NULL,
  ${FILTER_COLUMNS}, ${PLACE_FILTER_COLUMNS}, internal_campaign VARCHAR, programme_name VARCHAR, page_name VARCHAR, title VARCHAR, url VARCHAR,
  page_type VARCHAR, author VARCHAR, thematic VARCHAR, referrer VARCHAR, search_keywords VARCHAR, search_results VARCHAR,
  is_bot BOOLEAN NOT NULL)`;

const LINK_HITS = `CREATE TABLE IF NOT EXISTS link_hits (
  report_suite VARCHAR NOT NULL, event_key UBIGINT NOT NULL, received_at TIMESTAMP_MS NOT NULL, day DATE NOT NULL,
  hour UTINYINT NOT NULL, visitor_key UBIGINT NOT NULL, hit_type VARCHAR NOT NULL, link_url VARCHAR, link_name VARCHAR,
  events VARCHAR NOT NULL, event_ids INTEGER[] NOT NULL, call VARCHAR, social_action VARCHAR, ${FILTER_COLUMNS}, ${PLACE_FILTER_COLUMNS}, page_name VARCHAR, title VARCHAR, is_bot BOOLEAN NOT NULL)`;

/**
 * One row per page's engagement hit (@mesura/protocol page-engagement.ts: engaged time and scroll
 * depth, sent once per page view when the page is hidden or left), with the page's columns as its
 * page view has them.
 */
const PAGE_ENGAGEMENTS = `CREATE TABLE IF NOT EXISTS page_engagements (
  report_suite VARCHAR NOT NULL, event_key UBIGINT NOT NULL, received_at TIMESTAMP_MS NOT NULL, day DATE NOT NULL,
  hour UTINYINT NOT NULL, visitor_key UBIGINT NOT NULL, ${FILTER_COLUMNS}, ${PLACE_FILTER_COLUMNS}, programme_name VARCHAR, page_name VARCHAR, title VARCHAR,
  url VARCHAR, author VARCHAR, thematic VARCHAR, engaged_ms BIGINT NOT NULL, scroll_pct INTEGER NOT NULL, is_bot BOOLEAN NOT NULL)`;

/** How many of a cell's smallest distinct visitor keys it keeps: enough to tell MESURA_MIN_COHORT up to this. */
export const CELL_VISITOR_KEYS = 5;

/**
 * How many of a visit or link cell's smallest distinct visitor keys it keeps: a k-minimum-values
 * sketch. Merged over cells it counts visitors exactly below this and estimates them above it with
 * a relative error of about 1/sqrt(k - 2), 6 % (DuckDB's approx_count_distinct, 64 registers,
 * erred by up to 20 % on the bench's visits). More keys make every merge dearer.
 */
export const CELL_SKETCH_KEYS = 256;

/** The `keep` smallest distinct keys of cells' lists of smallest keys: exact, as a k-minimum-values merge is. */
export const mergedLowestKeys = (keep: number) => `list_slice(list_sort(list_distinct(flatten(list(lowest_visitor_keys)))), 1, ${keep})`;

/** The columns a page cell is keyed by, in table order. */
export const PAGE_CELL_KEYS = `report_suite, day, url, section, subsection, programme, channel, portal, device, login, campaign,
  internal_campaign, page_type, title, page_name, author, thematic, programme_name, is_bot`;

/** Page views and entries per day, page and filter values (report-facts-load.ts appends them). */
export const PAGE_CELLS: CellTable = {
  name: 'page_cells',
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, url VARCHAR, ${FILTER_COLUMNS}, internal_campaign VARCHAR, page_type VARCHAR,
    title VARCHAR, page_name VARCHAR, author VARCHAR, thematic VARCHAR, programme_name VARCHAR, is_bot BOOLEAN NOT NULL,
    page_views BIGINT NOT NULL, entries BIGINT NOT NULL, lowest_visitor_keys UBIGINT[] NOT NULL`,
  keys: PAGE_CELL_KEYS,
  merge: `sum(page_views), sum(entries), ${mergedLowestKeys(CELL_VISITOR_KEYS)}`,
};

/** The figures of visit cells before their sketch, summed over signed rows (report-cells.ts). */
const VISIT_FIGURES = ['visits', 'page_views', 'bounces', 'searches'];

/**
 * The figures after the sketch: added by a later schema step, which made the tables again with the
 * column last (events-file-migrations.ts step 5), so a new folder's tables have it last too.
 */
const VISIT_LATER_FIGURES = ['duration_ms'];

/**
 * One row per day, suite, bot flag, dimension and value (report-cells.ts VISIT_DIMENSIONS); the
 * sums count the visits that started that day. `parent` is the value's group where a report
 * narrows by it (a referring site's referrer group). `duration_ms` sums the visits' durations
 * (store/visit-duration.ts), for their average.
 */
export const VISIT_CELLS: CellTable = {
  name: 'visit_cells',
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot BOOLEAN NOT NULL, dimension VARCHAR NOT NULL, value VARCHAR,
    parent VARCHAR, visits BIGINT NOT NULL, page_views BIGINT NOT NULL, bounces BIGINT NOT NULL, searches BIGINT NOT NULL,
    lowest_visitor_keys UBIGINT[] NOT NULL, duration_ms BIGINT NOT NULL`,
  keys: 'report_suite, day, is_bot, dimension, value, parent',
  merge: `${VISIT_FIGURES.map((f) => `sum(${f})`).join(', ')}, ${mergedLowestKeys(CELL_SKETCH_KEYS)}, ${VISIT_LATER_FIGURES.map((f) => `sum(${f})`).join(', ')}`,
  having: [...VISIT_FIGURES, ...VISIT_LATER_FIGURES].map((f) => `sum(${f}) <> 0`).join(' OR '),
};

/**
 * Page cells without the filter columns that multiply them (device, login, campaign, channel,
 * portal, internal campaign): one row per day, page and the page's own attributes that the page
 * rankings narrow by, about a fifth of page_cells' rows. The unfiltered page rankings read it
 * (content-reports.ts); appended per segment beside the page cells (page-day-cells.ts).
 */
export const PAGE_DAY_CELLS: CellTable = {
  name: 'page_day_cells',
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot BOOLEAN NOT NULL, url VARCHAR, section VARCHAR, subsection VARCHAR,
    programme VARCHAR, author VARCHAR, thematic VARCHAR, title VARCHAR, page_name VARCHAR, programme_name VARCHAR,
    page_views BIGINT NOT NULL, entries BIGINT NOT NULL, lowest_visitor_keys UBIGINT[] NOT NULL`,
  keys: 'report_suite, day, is_bot, url, section, subsection, programme, author, thematic',
  merge: `min(title), min(page_name), min(programme_name), sum(page_views), sum(entries), ${mergedLowestKeys(CELL_VISITOR_KEYS)}`,
};

/**
 * Visits per day and entry page (`side` 'entry') or exit page ('exit'), with their bounces, and no
 * visitor sketch (a day has nearly as many entry pages as visitors, so a sketch per cell would make
 * them as large as the visits): the unfiltered entry- and exit-page rankings sum these and count
 * the visitors of the rows shown from `visits` (report-cells.ts keeps them with the visit cells).
 */
export const VISIT_PAGE_CELLS: CellTable = {
  name: 'visit_page_cells',
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot BOOLEAN NOT NULL, side VARCHAR NOT NULL, url VARCHAR,
    title VARCHAR, page_name VARCHAR, visits BIGINT NOT NULL, bounces BIGINT NOT NULL`,
  keys: 'report_suite, day, is_bot, side, url',
  merge: 'min(title), min(page_name), sum(visits), sum(bounces)',
  having: 'sum(visits) <> 0 OR sum(bounces) <> 0',
};

/** One row per day, suite, bot flag and link (the columns the engagement reports group and select on). */
export const LINK_CELLS: CellTable = {
  name: 'link_cells',
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot BOOLEAN NOT NULL, hit_type VARCHAR NOT NULL, call VARCHAR,
    link_name VARCHAR, link_url VARCHAR, social_action VARCHAR, event_ids INTEGER[] NOT NULL, title VARCHAR,
    calls BIGINT NOT NULL, lowest_visitor_keys UBIGINT[] NOT NULL`,
  keys: 'report_suite, day, is_bot, hit_type, call, link_name, link_url, social_action, event_ids',
  merge: `min(title), sum(calls), ${mergedLowestKeys(CELL_SKETCH_KEYS)}`,
};

/**
 * Engagement hits per day, page and the page's own attributes the engaged-time rankings narrow
 * by (as page_day_cells are keyed), with the sums of their measures and, as page cells keep them,
 * the CELL_VISITOR_KEYS smallest visitor keys for the minimum cohort: a thirteenth of
 * page_engagements' rows on the bench's month. Appended at load, made again per day
 * (page-engagement-cells.ts); the unfiltered engaged-time rankings read only these.
 */
export const PAGE_ENGAGEMENT_CELLS: CellTable = {
  name: 'page_engagement_cells',
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot BOOLEAN NOT NULL, url VARCHAR, section VARCHAR, subsection VARCHAR,
    programme VARCHAR, author VARCHAR, thematic VARCHAR, title VARCHAR, page_name VARCHAR, programme_name VARCHAR,
    engaged_ms BIGINT NOT NULL, pages BIGINT NOT NULL, scroll_pct BIGINT NOT NULL, lowest_visitor_keys UBIGINT[] NOT NULL`,
  keys: 'report_suite, day, is_bot, url, section, subsection, programme, author, thematic',
  merge: `min(title), min(page_name), min(programme_name), sum(engaged_ms), sum(pages), sum(scroll_pct), ${mergedLowestKeys(CELL_VISITOR_KEYS)}`,
};

/**
 * A page's transitions per day, page, direction and step, for the path reports (queries/
 * page-transitions.ts, entry-paths.ts): `direction` is `previous` (the step before a view),
 * `next` and `entry-next` (the page after a view, or the exit; `entry-next` for a visit's entry
 * view, the entry paths' second level), `click` (exit links and downloads clicked on the view) and
 * `third` (`url` a visit's entry page, `via` its second page, `step` its third or the exit). `views`
 * counts distinct views (visits for `entry-next` and `third`), with the CELL_VISITOR_KEYS smallest
 * visitor keys for the minimum cohort. Kept by page-transition-cells.ts; an open visit's last step
 * is read live (its `page_transition_steps` view), since it is not settled until the visit closes.
 */
export const PAGE_TRANSITION_CELLS: CellTable = {
  name: 'page_transition_cells',
  columns: `report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot BOOLEAN NOT NULL, url VARCHAR, direction VARCHAR NOT NULL, via VARCHAR,
    step VARCHAR, step_title VARCHAR, step_href VARCHAR, views BIGINT NOT NULL, lowest_visitor_keys UBIGINT[] NOT NULL`,
  keys: 'report_suite, day, is_bot, url, direction, via, step',
  merge: `min(step_title), min(step_href), sum(views), ${mergedLowestKeys(CELL_VISITOR_KEYS)}`,
};

/** The cell tables of the hits (media cells are the heartbeats': media-cells.ts). */
export const HIT_CELL_TABLES: readonly CellTable[] = [PAGE_CELLS, PAGE_DAY_CELLS, VISIT_CELLS, VISIT_PAGE_CELLS, LINK_CELLS, PAGE_ENGAGEMENT_CELLS, PAGE_TRANSITION_CELLS];

/** The same columns as page_views; made from it when absent (a data folder from before it existed). */
const SEARCHES = `CREATE TABLE IF NOT EXISTS searches AS SELECT * FROM page_views WHERE search_keywords IS NOT NULL`;

/** The report tables (the visits' two and the cells' two each, not their views), as retention deletes from each. */
export const REPORT_FACT_TABLES: readonly string[] = [
  'page_views',
  PAGE_VIEW_KEYS_TABLE,
  ...VISIT_TABLES,
  'link_hits',
  LINK_HIT_VISITS_TABLE,
  KEPT_MATCH_HITS_TABLE,
  'searches',
  'page_engagements',
  ...HIT_CELL_TABLES.flatMap(cellTableParts),
  OPEN_EXITS_TABLE,
];

/**
 * The visit cells' dimension of closed visits per duration band (report-cells.ts): a closed
 * visit's band is final, so their sketches keep no visitor of a band they left.
 */
export const CLOSED_BAND_DIMENSION = 'closed_duration_band';

/**
 * The visitor keys per day and duration band (audience/visit-duration's visitors, as sketches):
 * the closed visits' cells and each open visit, as a cell of its own visitor. Open visits are
 * the last VISIT_IDLE_MINUTES' (report-facts-load.ts), a few thousand rows at most.
 */
const DURATION_BAND_SKETCHES = `CREATE OR REPLACE VIEW duration_band_sketches AS
  SELECT report_suite, day, is_bot, value, lowest_visitor_keys FROM visit_cells WHERE dimension = '${CLOSED_BAND_DIMENSION}'
  UNION ALL SELECT report_suite, day, is_bot, ${visitDurationBandSql(VISIT_DURATION_MS.duckdb)}, [visitor_key] FROM visits_open`;

/** The report tables' views, dropped before their tables when the report tables are made again (the view over views first). */
export const REPORT_FACT_VIEWS: readonly string[] = [PAGE_TRANSITION_STEPS_VIEW, 'duration_band_sketches', 'visits', ...HIT_CELL_TABLES.map((table) => table.name)];

export async function ensureReportFactTables(connection: SqlConnection): Promise<void> {
  await connection.run(PAGE_VIEWS);
  await ensureVisitTables(connection);
  for (const ddl of [LINK_HITS, SEARCHES, PAGE_ENGAGEMENTS, CREATE_PAGE_VIEW_KEYS, CREATE_PAGE_URLS, CREATE_LINK_HIT_VISITS, CREATE_KEPT_MATCHES, CREATE_KEPT_MATCH_HITS]) await connection.run(ddl);
  for (const table of HIT_CELL_TABLES) await ensureCellTable(connection, table);
  await connection.run(DURATION_BAND_SKETCHES);
  await connection.run(CREATE_OPEN_EXITS);
  await connection.run(PAGE_TRANSITION_STEPS);
  await ensureCellChunkDays(connection);
}
