/**
 * The hits that reach one funnel step (queries/funnel-steps.ts, docs/funnels.md): the range's page
 * views, direct calls, media starts or searches that match it, as `visitor_key` and `t` (the
 * receive time in epoch milliseconds), on each engine. A goal step matches its goal's own hits, as
 * the goal reports find them (goal-conversions.ts); a search goal, the range's searches.
 *
 * Every value of a definition is written as a literal by sqlString (sql-string.ts): the funnel is
 * read from the store, not the request. A page pattern is an escaped LIKE pattern (likePattern).
 */
import type { FunnelStep, GoalDefinition } from '@mesura/protocol';
import { CLICKHOUSE_IN_RANGE, CLICKHOUSE_LINK_HITS, CLICKHOUSE_SEARCHES } from '../clickhouse/report-facts-sql.js';
import { sqlString, type SqlDialect } from '../sql-string.js';
import { likePattern, NEWSLETTER_SIGNUP, SIGNUP_CONFIRMED_PAGE } from './goal-conversions.js';
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

/** The link tracks a direct call is sent as (goal-conversions.ts). */
const CALL_HIT_TYPES = `hit_type IN ('link_o', 'link_d', 'link_e')`;

const TABLES = {
  page: { duckdb: 'page_views', clickhouse: CLICKHOUSE_PAGE_VIEW_HITS },
  link: { duckdb: 'link_hits', clickhouse: CLICKHOUSE_LINK_HITS },
  search: { duckdb: 'searches', clickhouse: CLICKHOUSE_SEARCHES },
} as const;

/** Where a step's hits are, and the condition that picks them (per engine). */
interface StepMatch {
  table: keyof typeof TABLES;
  where: (dialect: SqlDialect) => string;
}

const equalTo = (column: string, value: string | undefined) => (dialect: SqlDialect) => (value === undefined ? '' : ` AND ${column} = ${sqlString(value, dialect)}`);

function pageMatch(url: string, match: 'exact' | 'pattern'): StepMatch {
  return {
    table: 'page',
    where: (dialect) =>
      match === 'exact'
        ? `url = ${sqlString(url, dialect)}`
        : // ClickHouse's LIKE escapes with a backslash without being told.
          `url LIKE ${sqlString(likePattern(url), dialect)}${dialect === 'duckdb' ? ` ESCAPE '\\'` : ''}`,
  };
}

const callMatch = (call: string, linkName?: string): StepMatch => ({
  table: 'link',
  where: (dialect) => `${CALL_HIT_TYPES}${equalTo('call', call)(dialect)}${equalTo('link_name', linkName)(dialect)}`,
});

const mediaMatch = (programme?: string, channel?: string): StepMatch => ({
  table: 'link',
  where: (dialect) => `hit_type = 'media_start'${equalTo('programme', programme)(dialect)}${equalTo('channel', channel)(dialect)}`,
});

function goalMatch(goal: GoalDefinition): StepMatch {
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
      return mediaMatch(goal.programme, goal.channel);
    case 'search':
      return { table: 'search', where: () => '1 = 1' };
  }
}

/** A step as resolved for a query: a goal step carries its goal's definition, read from the goal store (none if deleted). */
export type ResolvedStep = FunnelStep & { goalDefinition?: GoalDefinition };

function stepMatch(step: ResolvedStep): StepMatch {
  switch (step.type) {
    case 'page':
      return pageMatch(step.url ?? '', step.match ?? 'exact');
    case 'call':
      return callMatch(step.call ?? '');
    case 'media':
      return mediaMatch(step.programme, step.channel);
    case 'goal':
      // A goal deleted since the funnel was saved: its step is reached by nothing.
      return step.goalDefinition ? goalMatch(step.goalDefinition) : { table: 'link', where: () => '1 = 0' };
  }
}

/**
 * The range's hits of `step` as `(visitor_key, t)`, narrowed by `extra` (`AND …`, the same text on
 * both engines: bound filters, or the visitors who reached step 1).
 */
export function stepHitsSql(step: ResolvedStep, extra: EngineText): EngineText {
  const match = stepMatch(step);
  const table = TABLES[match.table];
  return {
    duckdb: `SELECT visitor_key, epoch_ms(received_at) AS t FROM ${table.duckdb} WHERE ${IN_RANGE} AND ${match.where('duckdb')}${extra.duckdb}`,
    clickhouse: `SELECT visitor_key, received_at AS t FROM ${table.clickhouse} AS step_source WHERE ${CLICKHOUSE_IN_RANGE} AND ${match.where('clickhouse')}${extra.clickhouse}`,
  };
}
