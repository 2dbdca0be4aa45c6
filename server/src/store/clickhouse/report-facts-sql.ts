/**
 * The report tables of store/duckdb/report-facts-schema.ts on ClickHouse, as subqueries over `hits`
 * computed when a report reads them: `page_views`, `visits`, `link_hits` and `searches`, with the
 * columns the DuckDB tables have and the same rows (report-facts-load.ts): one per event id and
 * suite (ClickHouse keeps a resent hit twice: the first received is kept, as DuckDB keeps it), and
 * visits cut after VISIT_IDLE_MINUTES without a page view. 18.16 has no window functions, so each
 * visitor's page views are cut as arrays: sorted, marked where a visit starts, and numbered with
 * running sums, then joined back to their rows by event id.
 *
 * Each subquery reads only the report suite `$suite` and the days `$from` to `$to` (bound by the
 * report, like its own condition), widened by VISIT_LOOKBACK_DAYS before (a visit going on at
 * `$from` keeps its start) and a day after (a visit started on `$to` keeps its later pages).
 * `$tz` (the reader binds MESURA_TIMEZONE) gives the local hour. The cost: every report reads the
 * range's hits again, sorts them to drop copies and cuts the visits anew, where DuckDB keeps tables
 * filled at load; see README.md. `visits` is the exception: the visits of closed days are read from
 * the roll-up the API nodes keep (visit-rollup.ts), and only the later days are cut here.
 *
 * The remaining differences from DuckDB: a visit going on for more than VISIT_LOOKBACK_DAYS is cut
 * at that bound; a copy of a hit is dropped whenever it came (DuckDB drops those within
 * DEDUPLICATION_WINDOW_HOURS); two page views of one visitor in the same millisecond are ordered by
 * a hash of their event ids, which differs from DuckDB's.
 */
import { searchKeywordsSql, searchedSql } from '../search-keywords-sql.js';
import { VISIT_IDLE_MINUTES } from '../duckdb/report-facts-load.js';
import { REFERRER_GROUP_SQL } from '../referrer-group-sql.js';
import { placeholderBounds, rolledOrComputedSql } from './day-rollup.js';
import { VISIT_ROLLUP_TABLES } from './visit-rollup-table.js';
import { VISIT_ATTRIBUTES } from '../visit-attributes.js';
import { PAGE_ENGAGEMENT_HIT, PAGE_ENGAGEMENT_MEASURES_SQL } from '../page-engagement-sql.js';

/** How far before the range a visit's start is looked for (see the file's comment). */
export const VISIT_LOOKBACK_DAYS = 1;

const VISIT_IDLE_MS = VISIT_IDLE_MINUTES * 60_000;

/** The hit columns the report tables are made from (hits-schema.ts and the site's variables). */
export const FACT_HIT_COLUMNS: readonly string[] = [
  'event_id',
  'report_suite',
  'received_at',
  'day',
  'hit_type',
  'visitor_id',
  'page_name',
  'url',
  'referrer',
  'link_url',
  'link_name',
  'events',
  'device_class',
  'is_bot',
  'section',
  'subsection',
  'programme',
  'broadcast_channel',
  'portal',
  'login_state',
  'campaign',
  'internal_campaign',
  'programme_name',
  'content_title',
  'page_type',
  'author',
  'thematic',
  'search_keywords',
  'search_results',
  'social_action',
  ...VISIT_ATTRIBUTES.map((a) => a.hitColumn),
];

/** The hits' `search_keywords` are read as `keywords_sent`: the page views' `search_keywords` are those trimmed and lowered. */
const HIT_COLUMNS = FACT_HIT_COLUMNS.map((c) => (c === 'search_keywords' ? 'search_keywords AS keywords_sent' : c)).join(', ');

/**
 * The suite's hits of the widened range of days `from` to `to` (SQL dates) matching `where`, one
 * per event id: the first received. A copy has its original's columns, so narrowing first (to the
 * page views with keywords) drops the same copies as narrowing after.
 */
const hitsOf = (from: string, to: string, where = '1') => `(SELECT ${HIT_COLUMNS} FROM hits
  WHERE report_suite = $suite AND day BETWEEN toDate(${from}) - ${VISIT_LOOKBACK_DAYS} AND toDate(${to}) + 1 AND (${where})
  ORDER BY received_at, event_id LIMIT 1 BY event_id)`;

/**
 * The place filter columns of a hit's rows (duckdb/report-facts-schema.ts PLACE_FILTER_COLUMNS): the
 * hit's own place. Visits have theirs as visit attributes, their entry page's.
 */
const PLACE_FILTER_COLUMNS = 'geo_country AS country, geo_region AS region';

/** A hit's columns under the names of the page views' filter dimensions (queries/report-table.ts FACT_FILTER_COLUMNS). */
export const PAGE_HIT_FILTER_COLUMNS = `section, subsection, programme, broadcast_channel AS channel, portal, device_class AS device, login_state AS login, campaign, ${PLACE_FILTER_COLUMNS}`;

/** Local hour of a receive time (epoch ms) in the report zone. */
const LOCAL_HOUR = 'toUInt8(toHour(toDateTime(intDiv(received_at, 1000), $tz)))';

/**
 * Each page view's visit: `visit_no` (the visitor's visits numbered from the widened range's
 * start) and `visit_page` (1 for the entry page). A page view more than VISIT_IDLE_MINUTES after
 * the visitor's previous one starts a visit; a running sum that drops to 0 at each start numbers
 * the pages.
 */
const visitCutOf = (hits: string) => `(SELECT event_id, visit_no, visit_page FROM (
    SELECT arraySort(p -> (p.1, p.2), groupArray((received_at, event_id))) AS seq, arrayMap(p -> p.2, seq) AS ids,
      arrayMap((p, i, previous) -> i = 1 OR p.1 - previous > ${VISIT_IDLE_MS}, seq, arrayEnumerate(seq), arrayPushFront(arrayPopBack(arrayMap(p -> p.1, seq)), 0)) AS starts,
      arrayCumSum(starts) AS visit_nos,
      arrayMap(n -> n + 1, arrayCumSumNonNegative(arrayMap((s, pages) -> s ? pages : 1, starts, arrayResize(emptyArrayInt64(), length(seq), -length(seq))))) AS visit_pages
    FROM ${hits} WHERE hit_type = 'page_view' GROUP BY visitor_id)
  ARRAY JOIN ids AS event_id, visit_nos AS visit_no, visit_pages AS visit_page)`;

/** page_views' columns (report-facts-schema.ts) but the visit's, and `searched`: the hit carried keywords, even blank ones, other than the not-informed default (search-keywords-sql.ts). */
const PAGE_VIEW_COLUMNS = `report_suite, cityHash64(event_id, report_suite) AS event_key, received_at, day,
    ${LOCAL_HOUR} AS hour, cityHash64(visitor_id) AS visitor_key,
    section, subsection, programme, broadcast_channel AS channel, portal, device_class AS device, login_state AS login,
    campaign, ${PLACE_FILTER_COLUMNS}, internal_campaign, programme_name, page_name, content_title AS title, url, page_type, author, thematic, referrer,
    ${searchKeywordsSql.clickhouse('keywords_sent')} AS search_keywords, search_results, is_bot,
    ${searchedSql.clickhouse('keywords_sent')} AS searched, ${VISIT_ATTRIBUTES.map((a) => a.hitColumn).join(', ')}`;

/**
 * page_views' columns with each page view's visit (`visit_key`, `visit_page`), what the visits are
 * cut from. The join's sides are named: a current server refuses a join of unnamed subqueries
 * (joined_subquery_requires_alias).
 */
const pageViewsOf = (from: string, to: string, hitsWhere: string) => `(SELECT ${PAGE_VIEW_COLUMNS},
    cityHash64(report_suite, visitor_id, visit_no) AS visit_key, visit_page
  FROM (SELECT * FROM ${hitsOf(from, to, hitsWhere)} WHERE hit_type = 'page_view') AS page_hits
  ALL INNER JOIN ${visitCutOf(hitsOf(from, to, hitsWhere))} AS visit_cuts USING (event_id))`;

/**
 * page_views with their visits (`visit_key`, `visit_page`), for the path reports
 * (queries/page-transitions.ts, entry-paths.ts), which join a page view to its neighbours in its
 * visit. It holds the widened days (VISIT_LOOKBACK_DAYS before `$from`, a day after `$to`), so
 * that a visit going on across the range's bounds keeps its pages; a report narrows to the range.
 */
export const CLICKHOUSE_PAGE_VIEWS = pageViewsOf('$from', '$to', '1');

/**
 * searches: the page views with keywords, one per event id, read alone (no visit is cut for them:
 * a search's figures are its own).
 */
export const CLICKHOUSE_SEARCHES = `(SELECT ${PAGE_VIEW_COLUMNS}
  FROM ${hitsOf('$from', '$to', "hit_type = 'page_view' AND search_keywords IS NOT NULL")} AS keyword_hits
  WHERE search_keywords IS NOT NULL)`;

/**
 * page_hits: the range's page views as stored, copies included (a client's retry acknowledged by
 * two collectors): read without sorting, so a month of them streams where one row per event id
 * would have to be sorted in memory. A report counts them `uniqExact(event_key)`: a copy has its
 * original's key and columns, so it counts once. The one difference from page_views: a copy received
 * on a day of the range whose original came before it counts there.
 */
export const CLICKHOUSE_PAGE_HITS = `(SELECT report_suite, cityHash64(event_id, report_suite) AS event_key, day, cityHash64(visitor_id) AS visitor_key,
    ${PAGE_HIT_FILTER_COLUMNS}, internal_campaign, programme_name, page_name, content_title AS title, url, page_type, author, thematic, referrer, is_bot
  FROM hits WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND hit_type = 'page_view')`;

/** What a visit takes from its entry page, in this order (a tuple: argMin of a nullable column would skip its nulls). */
const ENTRY = [
  'day',
  'hour',
  'section',
  'subsection',
  'programme',
  'channel',
  'portal',
  'device',
  'login',
  'campaign',
  'internal_campaign',
  'page_name',
  'title',
  'url',
  'referrer',
  'is_bot',
  'author',
  'thematic',
  'programme_name',
  ...VISIT_ATTRIBUTES.map((a) => a.hitColumn),
];
const EXIT = ['page_name', 'title', 'url'] as const;
/** The entry page's columns under their visits names. */
const ENTRY_AS: Readonly<Record<string, string>> = {
  page_name: 'entry_page_name',
  title: 'entry_title',
  url: 'entry_url',
  ...Object.fromEntries(VISIT_ATTRIBUTES.map((a) => [a.hitColumn, a.column])),
};

const element = (tuple: string, columns: readonly string[], column: string) => `tupleElement(${tuple}, ${columns.indexOf(column) + 1})`;

/**
 * visits' columns (report-facts-schema.ts), cut from the page views of the days `from` to `to`
 * (SQL dates) and their neighbours: one row per visit, its attributes those of its entry page. The
 * visits starting on those days are whole; the caller keeps them (`day BETWEEN from AND to`).
 * `hitsWhere` narrows the hits read to some visitors (a roll-up build's slice): a visit is one visitor's,
 * so `any(visitor_key)` has one value to pick (visit_key hashes the visitor id), and visit_page
 * numbers its page views apart, so its entry and exit are each one page view's.
 */
export function computedVisitsSql(from: string, to: string, hitsWhere = '1'): string {
  return `(SELECT report_suite, visit_key, visitor_key,
    ${ENTRY.map((c) => `${element('entry', ENTRY, c)} AS ${ENTRY_AS[c] ?? c}`).join(', ')},
    started_at, ended_at, page_views, searches,
    ${EXIT.map((c) => `${element('exit', EXIT, c)} AS exit_${c}`).join(', ')},
    lower(nullIf(extract(referrer, '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)'), '')) AS referrer_host,
    ${REFERRER_GROUP_SQL.clickhouse} AS referrer_group
  FROM (SELECT report_suite, visit_key, any(visitor_key) AS visitor_key, min(received_at) AS started_at, max(received_at) AS ended_at,
      toInt32(count()) AS page_views, toInt32(countIf(searched)) AS searches,
      argMin((${ENTRY.join(', ')}), visit_page) AS entry, argMax((${EXIT.join(', ')}), visit_page) AS exit
    FROM ${pageViewsOf(from, to, hitsWhere)} GROUP BY report_suite, visit_key))`;
}

/**
 * visits: the range's leading closed days from the visit roll-up (visit-rollup.ts, day-rollup.ts),
 * and the days after them cut from the hits as they are read. Besides `$suite`, `$from` and `$to`
 * it takes `$visits_rolled_to`, `$visits_computed_from` and `$visits_computed_to`, which the report
 * reader works out (day-rollup-reads.ts).
 */
export const CLICKHOUSE_VISITS = rolledOrComputedSql(VISIT_ROLLUP_TABLES, computedVisitsSql('$visits_computed_from', '$visits_computed_to'), placeholderBounds(VISIT_ROLLUP_TABLES));

/** A link's events' ids, in order: `"id":` keys of the events' JSON objects (a key inside a string value is escaped, so never follows `{` or `,`). */
export const EVENT_IDS_SQL = `arrayMap(id -> toInt32(id), extractAll(events, '[{,]"id":(-?[0-9]+)'))`;

/** A link's direct call, from its `event_ids`, hit type and link name (link-cells.ts keeps it too). */
export const CALL_SQL = `multiIf(length(event_ids) > 0, toString(event_ids[1]), hit_type = 'link_o', 'enllaç: ' || link_name, NULL)`;

/**
 * link_hits' columns (report-facts-schema.ts): every hit of the range that is not a page view, with
 * its direct call, as stored (copies included, as page_hits): a report counts them
 * `uniqExact(event_key)`, so nothing is sorted.
 */
export const CLICKHOUSE_LINK_HITS = `(SELECT report_suite, cityHash64(event_id, report_suite) AS event_key, received_at, day,
    ${LOCAL_HOUR} AS hour, cityHash64(visitor_id) AS visitor_key, hit_type, link_url, link_name, events, ${EVENT_IDS_SQL} AS event_ids,
    ${CALL_SQL} AS call,
    social_action, section, subsection, programme, broadcast_channel AS channel, portal, device_class AS device,
    login_state AS login, campaign, ${PLACE_FILTER_COLUMNS}, page_name, content_title AS title, is_bot
  FROM hits WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND hit_type NOT IN ('page_view', '${PAGE_ENGAGEMENT_HIT}'))`;

/** page_engagements' columns (report-facts-schema.ts) but the keys, as SQL over a hit: picked once per event id below. */
const ENGAGEMENT_COLUMNS: Readonly<Record<string, string>> = {
  received_at: 'received_at',
  day: 'day',
  hour: LOCAL_HOUR,
  visitor_key: 'cityHash64(visitor_id)',
  section: 'section',
  subsection: 'subsection',
  programme: 'programme',
  channel: 'broadcast_channel',
  portal: 'portal',
  device: 'device_class',
  login: 'login_state',
  campaign: 'campaign',
  country: 'geo_country',
  region: 'geo_region',
  programme_name: 'programme_name',
  page_name: 'page_name',
  title: 'content_title',
  url: 'url',
  author: 'author',
  thematic: 'thematic',
  engaged_ms: PAGE_ENGAGEMENT_MEASURES_SQL.clickhouse.engagedMs,
  scroll_pct: PAGE_ENGAGEMENT_MEASURES_SQL.clickhouse.scrollPercent,
  is_bot: 'is_bot',
};

/**
 * page_engagements: the range's engagement hits, each event id once (its measures are summed, so a
 * copy must not count twice): grouped by event id rather than sorted, a copy having its original's
 * columns. Named `e_<column>` inside: an aggregate named as a column of the table is read as that column.
 */
export const CLICKHOUSE_PAGE_ENGAGEMENTS = `(SELECT report_suite, event_key, ${Object.keys(ENGAGEMENT_COLUMNS)
  .map((column) => `any(e_${column}) AS ${column}`)
  .join(', ')}
  FROM (SELECT report_suite, cityHash64(event_id, report_suite) AS event_key, ${Object.entries(ENGAGEMENT_COLUMNS)
    .map(([column, sql]) => `${sql} AS e_${column}`)
    .join(', ')}
    FROM hits WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND hit_type = '${PAGE_ENGAGEMENT_HIT}')
  GROUP BY report_suite, event_key)`;

/** The columns a page ranking keys, narrows and filters on, and labels with: a page view's, and a visit's entry page's. */
const PAGE_ENTRY_COLUMNS = 'section, subsection, programme, channel, portal, device, login, campaign, country, region';

/**
 * page_entries: for the page rankings, which count page views and entries (first pages of visits)
 * per page: the range's page_hits (`is_entry` 0, counted `uniqExactIf(event_key, is_entry = 0)`)
 * and a row per visit for its entry page (`is_entry` 1, with the entry page's columns), from the
 * visits above, so no page view is cut into visits here: closed days' entries come from the roll-up.
 */
export const CLICKHOUSE_PAGE_ENTRIES = `(SELECT report_suite, day, is_bot, event_key, visitor_key, toUInt8(0) AS is_entry, ${PAGE_ENTRY_COLUMNS},
    page_name, title, url, author, thematic, programme_name FROM ${CLICKHOUSE_PAGE_HITS} AS page_hits
  UNION ALL
  SELECT report_suite, day, is_bot, toUInt64(0) AS event_key, visitor_key, toUInt8(1) AS is_entry, ${PAGE_ENTRY_COLUMNS},
    entry_page_name AS page_name, entry_title AS title, entry_url AS url, author, thematic, programme_name FROM ${CLICKHOUSE_VISITS} AS entry_visits)`;

/** The report tables a ClickHouse report text may read, by their DuckDB names, and page_hits and page_entries. */
export const CLICKHOUSE_FACTS = {
  page_hits: CLICKHOUSE_PAGE_HITS,
  page_entries: CLICKHOUSE_PAGE_ENTRIES,
  visits: CLICKHOUSE_VISITS,
  link_hits: CLICKHOUSE_LINK_HITS,
  searches: CLICKHOUSE_SEARCHES,
  page_engagements: CLICKHOUSE_PAGE_ENGAGEMENTS,
} as const;

export type ClickHouseFactTable = keyof typeof CLICKHOUSE_FACTS;

/** The range condition of every ClickHouse report text (query/report-table.ts IN_RANGE's). */
export const CLICKHOUSE_IN_RANGE = 'report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND NOT is_bot';
