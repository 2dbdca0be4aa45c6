/**
 * A segment's condition in SQL (docs/segments.md): the rows of a report table whose `visitor_key`
 * is one of the segment's visitors, those with at least one visit or hit in the query's range
 * (`$from` to `$to`, `$suite`) matching its conditions.
 *
 * Each condition is `visitor_key IN (its visitors over the range)`: a visit attribute reads the
 * visits; a page, a call, a goal or a media start or completion reads the hits a funnel step of the same kind
 * reads (funnel-step-hits.ts). Groups and the segment join them with AND or OR as plain boolean
 * operators, so no INTERSECT is needed (ClickHouse 18.16 has none) and no window function.
 *
 * A report's filter text names the segment as SEGMENT_VISITORS (filter-sql.ts), the same text for
 * both engines; `segmentedQuery` puts the engine's condition in its place. Every value of the
 * definition is written as a literal by sqlString (sql-string.ts), as it is read from the store,
 * not the request; a page pattern is an escaped LIKE pattern, never a regular expression.
 */
import type { GoalDefinition, SegmentCondition, SegmentDefinition, SegmentVisitAttribute } from '@mesura/protocol';
import type { EngineQuery } from '../analytics-reader.js';
import { CLICKHOUSE_FACTS, CLICKHOUSE_IN_RANGE } from '../clickhouse/report-facts-sql.js';
import { sqlString, type SqlDialect } from '../sql-string.js';
import { SEGMENT_VISITORS } from './filter-sql.js';
import { stepHitsSql, stepMatch, type ResolvedStep } from './funnel-step-hits.js';
import type { EngineText, HitMatch } from './hit-match.js';
import { NO_KEPT_MATCHES, type KeptMatchIds } from './kept-hit-matches.js';
import { IN_RANGE } from './report-table.js';

/** The visits column of each attribute: the same on both engines (report-facts-schema.ts, report-facts-sql.ts). */
const VISIT_COLUMNS: Readonly<Record<SegmentVisitAttribute, string>> = {
  device: 'device',
  browser: 'browser',
  country: 'country',
  region: 'region',
  referrer_group: 'referrer_group',
  campaign: 'campaign',
  section: 'section',
  login: 'login',
};

/** The visitors of the range with a visit whose attribute is the value. */
function visitVisitors(attribute: SegmentVisitAttribute, value: string): EngineText {
  const column = VISIT_COLUMNS[attribute];
  return {
    duckdb: `SELECT visitor_key FROM visits WHERE ${IN_RANGE} AND ${column} = ${sqlString(value, 'duckdb')}`,
    clickhouse: `SELECT visitor_key FROM ${CLICKHOUSE_FACTS.visits} AS segment_visits WHERE ${CLICKHOUSE_IN_RANGE} AND ${column} = ${sqlString(value, 'clickhouse')}`,
  };
}

/** A hit condition as the funnel step of its kind. */
function conditionStep(condition: SegmentCondition, goals: ReadonlyMap<string, GoalDefinition>): ResolvedStep {
  const { type, url, match, call, goal, programme, channel, moment, stream } = condition;
  const goalDefinition = goal === undefined ? undefined : goals.get(goal);
  return { type: type as 'page' | 'call' | 'goal' | 'media', name: '', url, match, call, goal, programme, channel, moment, stream, ...(goalDefinition && { goalDefinition }) };
}

/** The visitors of the range with a hit of the page, call, goal or media start or completion (as a funnel step of that kind). */
function hitVisitors(condition: SegmentCondition, goals: ReadonlyMap<string, GoalDefinition>, kept: KeptMatchIds): EngineText {
  const hits = stepHitsSql(conditionStep(condition, goals), { duckdb: '', clickhouse: '' }, [], true, kept);
  return { duckdb: `SELECT visitor_key FROM (${hits.duckdb}) AS segment_hits`, clickhouse: `SELECT visitor_key FROM (${hits.clickhouse}) AS segment_hits` };
}

/** The matches of the segment's hit conditions, which DuckDB keeps at load (duckdb/kept-hit-matches.ts). */
export function segmentHitMatches(segment: SegmentDefinition, goals: ReadonlyMap<string, GoalDefinition>): HitMatch[] {
  const conditions = segment.groups.flatMap((group) => group.conditions).filter((condition) => condition.type !== 'visit');
  return conditions.map((condition) => stepMatch(conditionStep(condition, goals)));
}

function conditionSql(condition: SegmentCondition, goals: ReadonlyMap<string, GoalDefinition>, kept: KeptMatchIds, dialect: SqlDialect): string {
  const visitors = condition.type === 'visit' ? visitVisitors(condition.attribute ?? 'device', condition.value ?? '') : hitVisitors(condition, goals, kept);
  return `visitor_key IN (${visitors[dialect]})`;
}

const joined = (parts: readonly string[], match: 'all' | 'any') => `(${parts.join(match === 'all' ? ' AND ' : ' OR ')})`;

/**
 * The segment as a condition on `visitor_key`, per engine. `goals`: the stored goals its goal
 * conditions name; a goal deleted since is reached by nobody, as a funnel's goal step. `kept`: its
 * hit conditions' matches kept at load on DuckDB (segmentHitMatches), read instead of picking them.
 */
export function segmentConditionSql(segment: SegmentDefinition, goals: ReadonlyMap<string, GoalDefinition>, kept: KeptMatchIds = NO_KEPT_MATCHES): EngineText {
  const of = (dialect: SqlDialect) =>
    joined(
      segment.groups.map((group) =>
        joined(
          group.conditions.map((condition) => conditionSql(condition, goals, kept, dialect)),
          group.match,
        ),
      ),
      segment.match,
    );
  return { duckdb: of('duckdb'), clickhouse: of('clickhouse') };
}

/**
 * The text with the condition in place of every SEGMENT_VISITORS: split and joined, as a
 * replacement string would read the `$'` and `$&` a SQL text may hold (a regular expression's end).
 */
const putIn = (text: string, condition: string) => text.split(SEGMENT_VISITORS).join(condition);

/** The query with the segment's condition where its filters name it (both engines' texts). */
export function segmentedQuery(query: EngineQuery, condition: EngineText): EngineQuery {
  return {
    ...query,
    duckdb: putIn(query.duckdb, condition.duckdb),
    ...(query.clickhouse !== undefined && { clickhouse: putIn(query.clickhouse, condition.clickhouse) }),
  };
}
