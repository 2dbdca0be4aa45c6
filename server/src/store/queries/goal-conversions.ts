/**
 * The goal reports' SQL (reports/goal-reports.ts, docs/goals.md): the range's visits grouped by one
 * visit column, with how many of them reached the goal and their share. Goals apply to the stored
 * events whenever they were defined: nothing is kept per goal, each answer reads the visits and
 * the hits that reach it.
 *
 * A goal's hits (page views, direct calls, media starts) are matched to visits as the visits were
 * cut (report-facts-load.ts): the same visitor, received from the visit's first page view to
 * VISIT_IDLE_MINUTES after its last (a later hit would have started another visit). One visitor's
 * visits never overlap, so a hit belongs to at most one. The same rule on both engines, as page
 * views carry no visit on ClickHouse's link hits either. A search goal is the visit's own count.
 *
 * Every value a goal names is written as a literal of the engine by sqlString (sql-string.ts), as
 * the goal is read from the store, not the request; a page pattern becomes a LIKE pattern whose
 * `%`, `_` and `\` are escaped first (likePattern), so no text of an editor is SQL or a regular
 * expression.
 */
import type { GoalDefinition } from '@mesura/protocol';
import { VISIT_IDLE_MINUTES } from '../duckdb/report-facts-load.js';
import { CLICKHOUSE_FACTS, CLICKHOUSE_IN_RANGE, CLICKHOUSE_LINK_HITS } from '../clickhouse/report-facts-sql.js';
import type { RankingSpec } from './ranking.js';
import { sqlString } from '../sql-string.js';
import { IN_RANGE } from './report-table.js';

const VISIT_IDLE_MS = VISIT_IDLE_MINUTES * 60_000;

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

interface GoalHits {
  duckdb: string;
  clickhouse: string;
}

/** A goal's value as a literal of each engine (sql-string.ts). */
function literal(value: string): GoalHits {
  return { duckdb: sqlString(value, 'duckdb'), clickhouse: sqlString(value, 'clickhouse') };
}

/** The range's page views (visitor and time) whose address is `url`, or matches the page pattern `pattern`. */
function pageHits(match: { url: string } | { pattern: string }): GoalHits {
  const value = literal('url' in match ? match.url : likePattern(match.pattern));
  const condition = (dialect: keyof GoalHits) => ('url' in match ? `url = ${value[dialect]}` : `url LIKE ${value[dialect]}${dialect === 'duckdb' ? ` ESCAPE '\\'` : ''}`);
  return {
    duckdb: `SELECT visitor_key, received_at FROM page_views WHERE ${IN_RANGE} AND ${condition('duckdb')}`,
    // ClickHouse's LIKE escapes with a backslash without being told; a copy of a hit matches as its original does.
    clickhouse: `SELECT cityHash64(visitor_id) AS visitor_key, received_at FROM hits
      WHERE ${CLICKHOUSE_IN_RANGE} AND hit_type = 'page_view' AND ${condition('clickhouse')}`,
  };
}

/** The range's link hits (visitor and time) narrowed by `where` (SQL per engine). */
function linkHits(where: (dialect: keyof GoalHits) => string): GoalHits {
  return {
    duckdb: `SELECT visitor_key, received_at FROM link_hits WHERE ${IN_RANGE} AND ${where('duckdb')}`,
    clickhouse: `SELECT visitor_key, received_at FROM ${CLICKHOUSE_LINK_HITS} AS goal_links WHERE ${CLICKHOUSE_IN_RANGE} AND ${where('clickhouse')}`,
  };
}

/** `column = value` when the goal names a value; no condition when it does not (any). */
function equalTo(column: string, value: string | undefined): (dialect: keyof GoalHits) => string {
  return (dialect) => (value === undefined ? '' : ` AND ${column} = ${literal(value)[dialect]}`);
}

function calls(call: string, linkName?: string): GoalHits {
  return linkHits((dialect) => `${CALL_HIT_TYPES}${equalTo('call', call)(dialect)}${equalTo('link_name', linkName)(dialect)}`);
}

function goalHits(goal: GoalDefinition): GoalHits | undefined {
  switch (goal.type) {
    case 'page':
      return pageHits(goal.match === 'exact' ? { url: goal.url ?? '' } : { pattern: goal.url ?? '' });
    case 'signup':
      return pageHits({ pattern: SIGNUP_CONFIRMED_PAGE });
    case 'call':
      return calls(goal.call ?? '');
    case 'newsletter':
      return calls(NEWSLETTER_SIGNUP.call, NEWSLETTER_SIGNUP.linkName);
    case 'media':
      return linkHits((dialect) => `hit_type = 'media_start'${equalTo('programme', goal.programme)(dialect)}${equalTo('channel', goal.channel)(dialect)}`);
    case 'search':
      return undefined;
  }
}

/** SQL over a visit row: true when the visit reached the goal, per engine. */
export function reachedGoalSql(goal: GoalDefinition): { duckdb: string; clickhouse: string } {
  const hits = goalHits(goal);
  if (!hits) return { duckdb: 'searches > 0', clickhouse: 'searches > 0' };
  return {
    duckdb: `visit_key IN (SELECT goal_visits.visit_key
      FROM (SELECT visit_key, visitor_key, started_at, ended_at FROM visits WHERE ${IN_RANGE}) AS goal_visits
      JOIN (${hits.duckdb}) AS goal_hits ON goal_hits.visitor_key = goal_visits.visitor_key
        AND goal_hits.received_at BETWEEN goal_visits.started_at AND goal_visits.ended_at + INTERVAL ${VISIT_IDLE_MINUTES} MINUTE)`,
    // 18.16 joins on equal keys only: the time condition follows the join.
    clickhouse: `visit_key IN (SELECT visit_key
      FROM (SELECT visit_key, visitor_key, started_at, ended_at FROM ${CLICKHOUSE_FACTS.visits} AS range_visits WHERE ${CLICKHOUSE_IN_RANGE}) AS goal_visits
      ALL INNER JOIN (${hits.clickhouse}) AS goal_hits USING (visitor_key)
      WHERE received_at BETWEEN started_at AND ended_at + ${VISIT_IDLE_MS})`,
  };
}

/** A goal report's breakdown: the visit column its rows are keyed by, and its label where one is read. */
export interface GoalBreakdown {
  key: string;
  label?: string;
  href?: string;
}

/** The goal's conversions per value of a visit column: visits, visits that reached it, and their share. */
export function goalConversionsSpec(goal: GoalDefinition, by: GoalBreakdown): RankingSpec {
  const reached = reachedGoalSql(goal);
  const extras = { ...(by.label && { label: by.label }), ...(by.href && { href: by.href }) };
  return {
    table: 'visits',
    key: by.key,
    ...extras,
    metrics: {
      visits: 'count(*)',
      conversions: `count(CASE WHEN ${reached.duckdb} THEN 1 END)`,
      conversion_rate: `count(CASE WHEN ${reached.duckdb} THEN 1 END) / nullif(count(*), 0)`,
    },
    order: 'conversions',
    clickhouse: {
      table: 'visits',
      key: by.key,
      ...extras,
      metrics: {
        visits: 'count()',
        conversions: `countIf(${reached.clickhouse})`,
        conversion_rate: `countIf(${reached.clickhouse}) / nullIf(count(), 0)`,
      },
    },
  };
}

/** The entry page's label, as content/entry-pages reads it (page-rankings.ts). */
export const ENTRY_PAGE_BREAKDOWN: GoalBreakdown = { key: 'entry_url', label: 'coalesce(min(entry_title), min(entry_page_name))', href: 'min(entry_url)' };
