/**
 * Which stored hits reach a goal, a funnel step or a segment's hit condition (docs/goals.md,
 * docs/funnels.md, docs/segments.md): the page views of an address or pattern, the direct calls,
 * the media starts and completions, the searches. One definition of each, read by goal-conversions.ts,
 * funnel-step-hits.ts and segment-sql.ts alike, so that a goal is reached by the same hits
 * wherever it is named.
 *
 * Every value of a definition is written as a literal by sqlString (sql-string.ts): definitions
 * are read from the store, not the request. A page pattern is an escaped LIKE pattern
 * (likePattern), never a regular expression.
 */
import { MEDIA_STREAM_TYPES, type GoalDefinition, type MediaCondition } from '@mesura/protocol';
import { CLICKHOUSE_IN_RANGE, CLICKHOUSE_LINK_HITS, CLICKHOUSE_SEARCHES } from '../clickhouse/report-facts-sql.js';
import { sqlString, type SqlDialect } from '../sql-string.js';
import { pageViewKeysSql } from '../duckdb/page-view-keys.js';
import { LINK_HIT_VISITS_TABLE } from '../duckdb/link-hit-visits.js';
import { mediaSessionHits } from './media-session-hits.js';
import { keptHitsSql } from '../duckdb/kept-hit-matches.js';
import { keptMatchId, NO_KEPT_MATCHES, type KeptMatchIds } from './kept-hit-matches.js';
import { IN_RANGE } from './report-table.js';

/** One SQL text per engine. */
export type EngineText = Readonly<Record<SqlDialect, string>>;

/**
 * The range's page views on ClickHouse with page_views' column names (report-facts-schema.ts), each
 * event id once, the first received, as DuckDB keeps it: a copy resent to another collector comes
 * later and would otherwise count as a later page (a next step, or where a lost visitor went).
 */
export const CLICKHOUSE_PAGE_VIEW_HITS = `(SELECT report_suite, day, is_bot, received_at, cityHash64(visitor_id) AS visitor_key, url,
    section, subsection, programme, broadcast_channel AS channel, portal, device_class AS device, login_state AS login, campaign,
    geo_country AS country, geo_region AS region
  FROM hits WHERE report_suite = $suite AND day BETWEEN toDate($from) AND toDate($to) AND hit_type = 'page_view'
  ORDER BY received_at, event_id LIMIT 1 BY event_id)`;

/** The link tracks a direct call is sent as (engagement's calls ranking, link-rankings.ts). */
const CALL_HIT_TYPES = `hit_type IN ('link_o', 'link_d', 'link_e')`;

/**
 * What the site sends when the newsletter sign-up is accepted: scClicBoto, event10, with the call
 * to action's text as its link name (apps/site engagement/call-to-action.tsx).
 */
export const NEWSLETTER_SIGNUP = { call: '10', linkName: 'Subscriu-te al butlletí' } as const;

/**
 * Where the link mailed to confirm a visitor account lands when it confirms one (@mesura/content
 * confirmation-landing.ts: the sign-in page with `compte=confirmat`); the site sends nothing when
 * the form is sent, as the account does not exist until then.
 */
export const SIGNUP_CONFIRMED_PAGE = '*/entrar/?compte=confirmat*';

/** A page pattern (`*` any text) as a LIKE pattern with `\` as its escape: every other character stands for itself. */
export function likePattern(pattern: string): string {
  return pattern
    .split('*')
    .map((part) => part.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_'))
    .join('%');
}

/** Where each kind of hit is, per engine: DuckDB's report tables, ClickHouse's as it reads them. */
const HIT_TABLES = {
  page: { duckdb: 'page_views', clickhouse: CLICKHOUSE_PAGE_VIEW_HITS },
  link: { duckdb: 'link_hits', clickhouse: CLICKHOUSE_LINK_HITS },
  search: { duckdb: 'searches', clickhouse: CLICKHOUSE_SEARCHES },
} as const;

export type HitTable = keyof typeof HIT_TABLES;

/** Where a goal's or step's hits are, and the condition that picks them (per engine). */
export interface HitMatch {
  /** What the hits are: page views and searches carry their visit on DuckDB, link hits do not. */
  table: HitTable;
  /**
   * Where they are read from instead of the table's report table: link hits with their table's
   * columns, joined to what qualifies them (media-session-hits.ts). Absent: the table's own.
   */
  source?: EngineText;
  where: (dialect: SqlDialect) => string;
}

const equalTo = (column: string, value: string | undefined) => (dialect: SqlDialect) => (value === undefined ? '' : ` AND ${column} = ${sqlString(value, dialect)}`);

export function pageMatch(url: string, match: 'exact' | 'pattern'): HitMatch {
  return {
    table: 'page',
    where: (dialect) =>
      match === 'exact'
        ? `url = ${sqlString(url, dialect)}`
        : // ClickHouse's LIKE escapes with a backslash without being told.
          `url LIKE ${sqlString(likePattern(url), dialect)}${dialect === 'duckdb' ? ` ESCAPE '\\'` : ''}`,
  };
}

export const callMatch = (call: string, linkName?: string): HitMatch => ({
  table: 'link',
  where: (dialect) => `${CALL_HIT_TYPES}${equalTo('call', call)(dialect)}${equalTo('link_name', linkName)(dialect)}`,
});

/**
 * The media start hits, of the programme and channel if given. A completion, or a start of a live
 * or on-demand stream, is a start hit qualified by its session's heartbeats (media-session-hits.ts):
 * at the completion's receive time for a completion. A plain start reads link_hits alone, as
 * before either choice existed, so that stored goals keep their answers.
 */
export function mediaMatch({ programme, channel, moment = 'start', stream }: MediaCondition): HitMatch {
  const of = (dialect: SqlDialect) => `${equalTo('programme', programme)(dialect)}${equalTo('channel', channel)(dialect)}`;
  if (moment === 'start' && stream === undefined && programme === undefined && channel === undefined) return { table: 'link', where: () => `hit_type = 'media_start'` };
  const streamTypes = (dialect: SqlDialect) => (stream === undefined ? [] : MEDIA_STREAM_TYPES[stream]).map((type) => sqlString(type, dialect)).join(', ');
  return {
    table: 'link',
    source: mediaSessionHits(moment, moment === 'start' && stream === undefined),
    where: (dialect) => `${stream === undefined ? '1 = 1' : `stream_type IN (${streamTypes(dialect)})`}${of(dialect)}`,
  };
}

/** A match nothing reaches: a goal deleted since a funnel or segment named it. */
export const NO_HITS: HitMatch = { table: 'link', where: () => '1 = 0' };

/** The hits that reach `goal`. */
export function goalMatch(goal: GoalDefinition): HitMatch {
  switch (goal.type) {
    case 'page':
      return pageMatch(goal.url ?? '', goal.match ?? 'exact');
    case 'signup':
      return pageMatch(SIGNUP_CONFIRMED_PAGE, 'pattern');
    case 'call':
      return callMatch(goal.call ?? '');
    case 'newsletter':
      return callMatch(NEWSLETTER_SIGNUP.call, NEWSLETTER_SIGNUP.linkName);
    case 'media':
      return mediaMatch(goal);
    case 'search':
      return { table: 'search', where: () => '1 = 1' };
  }
}

/**
 * Whether DuckDB's hits of `match`, read by hitsSql with `extraReadsVisitorOnly`, carry their
 * visit (`visit_key`): page views and searches do (the loader cut them into it), and link hits
 * read from link_hit_visits (duckdb/link-hit-visits.ts) when `extra` names no other column. A
 * media completion or stream, qualified by its session's heartbeats, does not: its visit is found
 * when asked (goal-conversions.ts, funnel-steps.ts).
 */
export function duckdbHitsCarryVisit(match: HitMatch, extraReadsVisitorOnly: boolean): boolean {
  return match.table !== 'link' || (match.source === undefined && extraReadsVisitorOnly);
}

/**
 * The range's hits of `match` as `visitor_key` and `t` (the receive time in epoch milliseconds),
 * with `more` other columns of its table (the same on both engines), narrowed by `extra` (`AND …`,
 * the same text on both engines: bound filters, or the visitors who reached a funnel's step 1).
 * `extraReadsVisitorOnly`: `extra` names no column but `visitor_key`, so DuckDB's page views are
 * read from page_view_keys (duckdb/page-view-keys.ts) and its link hits from link_hit_visits
 * (duckdb/link-hit-visits.ts, with their `visit_key`): the same rows without the filter columns;
 * from kept_match_hits when `kept` names the match (duckdb/kept-hit-matches.ts): the same rows again,
 * the match's alone.
 */
export function hitsSql(match: HitMatch, extra: EngineText, more: readonly string[] = [], extraReadsVisitorOnly = false, kept: KeptMatchIds = NO_KEPT_MATCHES): EngineText {
  const table = match.source ?? HIT_TABLES[match.table];
  const columns = more.map((column) => `, ${column}`).join('');
  const narrow = match.source === undefined && extraReadsVisitorOnly && more.every((column) => column === 'visit_key');
  const rows = `visitor_key, epoch_ms(received_at) AS t${columns}`;
  const keptId = narrow ? keptMatchId(match, kept) : undefined;
  const duckdb =
    keptId !== undefined
      ? `SELECT visitor_key, t${columns} FROM (${keptHitsSql(keptId, IN_RANGE)}) AS kept_hits WHERE 1 = 1${extra.duckdb}`
      : narrow && match.table === 'page'
        ? `SELECT visitor_key, t${columns} FROM (${pageViewKeysSql(IN_RANGE, match.where('duckdb'))}) AS page_keys WHERE 1 = 1${extra.duckdb}`
        : narrow && match.table === 'link'
          ? `SELECT visitor_key, t${columns} FROM ${LINK_HIT_VISITS_TABLE} WHERE ${IN_RANGE} AND ${match.where('duckdb')}${extra.duckdb}`
          : `SELECT ${rows} FROM ${table.duckdb} WHERE ${IN_RANGE} AND ${match.where('duckdb')}${extra.duckdb}`;
  return {
    duckdb,
    clickhouse: `SELECT visitor_key, received_at AS t${columns} FROM ${table.clickhouse} AS step_source WHERE ${CLICKHOUSE_IN_RANGE} AND ${match.where('clickhouse')}${extra.clickhouse}`,
  };
}
