/**
 * An activity's results on ClickHouse, counted as the DuckDB store counts them
 * (store/duckdb/duckdb-decisions.ts `experienceCounts`, duckdb-experience-day-counts.ts): each
 * visitor key in the experience of its first impression, converted when a conversion follows that
 * impression (a click's decision event at or after it; for page-view and analytics-event goals a
 * hit of the impression's analytics visitor strictly after it, bots left out).
 *
 * 18.16 has no `WITH name AS (subquery)` and no window functions, so where DuckDB joins a
 * `first_seen` table to the conversions, this groups each visitor's events once: the first
 * impression by `argMinIf`/`minIf`, the conversions' times as an array that `arrayFilter` cuts
 * to those after it. Two impressions of one visitor in the same millisecond give the smaller
 * experience id on both engines (the ordering `(decided_at, experience_id)`). Values are `$name`s (bind-values.ts): `$activity`, `$goal` (the
 * goal's path or event, duckdb-decisions.ts `goalValue`), `$from`, `$to` and `$tz` (MESURA_TIMEZONE).
 */
import type { Activity } from '@mesura/protocol';
import { jsonObjectListSql } from './clickhouse-media-sql.js';

type Goal = Activity['goal'];

/** Which events a text reads: all of the activity's, or those of a range's local days ($from, $to, $tz). */
type Scope = 'all' | 'range';

/** The UTC instant (epoch ms) at which a local day ($tz) starts. */
const utcStartMs = (day: string) => `(toInt64(toUnixTimestamp(toDateTime(${day}, $tz))) * 1000)`;

/** Whether an epoch-ms column falls in the range's local days, as duckdb-experience-day-counts.ts `inRange`. */
const inRange = (column: string) => `${column} >= ${utcStartMs('toDate($from)')} AND ${column} < ${utcStartMs('toDate($to) + 1')}`;

/** The local day ($tz) of an epoch-ms column. */
const localDay = (column: string) => `toDate(toDateTime(intDiv(${column}, 1000), $tz))`;

/**
 * The activity's decision events, one per decision id: ClickHouse keeps a decision twice when its
 * segment reached it twice (a resent request, two collectors), where DuckDB's load stores it once.
 * Copies are the same row, so they move none of today's figures (first times, whether a conversion
 * follows); one is kept all the same, the earliest batch's, so that no figure added later (a count
 * of conversions) counts a copy.
 */
function decisionsSql(scope: Scope): string {
  return `(SELECT decision_id, type, visitor_id, experience_id, decided_at, analytics_visitor_id FROM decision_events
    WHERE activity_id = $activity${scope === 'range' ? ` AND ${inRange('decided_at')}` : ''}
    ORDER BY decided_at, batch_id, batch_row LIMIT 1 BY decision_id)`;
}

/** The path of a hit's URL, as duckdb-decisions.ts `HIT_PATH` cuts it (RE2 on both engines). */
const HIT_PATH = `extract(ifNull(url, ''), '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)')`;
/** The hit's events as JSON object texts: each has a numeric `id` and a `name` (ingest/pipeline.ts). */
const EVENT_OBJECTS = jsonObjectListSql('events');

/** The hits that count as the goal's conversion: duckdb-decisions.ts `hitGoalCondition`. */
function hitGoalCondition(goal: Exclude<Goal, { type: 'click' }>): string {
  return goal.type === 'pageView'
    ? `hit_type = 'page_view' AND startsWith(${HIT_PATH}, $goal)`
    : `(has(arrayMap(o -> visitParamExtractString(o, 'name'), ${EVENT_OBJECTS}), $goal)
        OR has(arrayMap(o -> concat('event', visitParamExtractRaw(o, 'id')), ${EVENT_OBJECTS}), $goal))`;
}

/**
 * Per analytics visitor of the activity's impressions, the receive times of their goal hits, one
 * per event id and suite (the first received, as report-facts-sql.ts keeps hits). Over a range the
 * copies are looked for a day either side of it, then the kept hits cut by the range's instants;
 * over all time, from the day before the activity's first impression.
 */
function goalHitsSql(goal: Exclude<Goal, { type: 'click' }>, scope: Scope): string {
  const impressions = `SELECT assumeNotNull(analytics_visitor_id) FROM decision_events
    WHERE activity_id = $activity AND type = 'impression' AND isNotNull(analytics_visitor_id)${scope === 'range' ? ` AND ${inRange('decided_at')}` : ''}`;
  // Only hits after an impression count: none of a day before the first (a day's margin for the zone).
  const firstDay = `(SELECT toDate(toDateTime(intDiv(min(decided_at), 1000), 'UTC')) - 1 FROM decision_events
    WHERE activity_id = $activity AND type = 'impression')`;
  const days = scope === 'range' ? ' AND day BETWEEN toDate($from) - 1 AND toDate($to) + 1' : ` AND day >= ${firstDay}`;
  return `(SELECT visitor_id AS goal_visitor, groupArray(received_at) AS goal_times FROM (
      SELECT event_id, report_suite, visitor_id, received_at FROM hits
      WHERE visitor_id IN (${impressions})${days} AND NOT is_bot AND ${hitGoalCondition(goal)}
      ORDER BY received_at, event_id LIMIT 1 BY event_id, report_suite)
    ${scope === 'range' ? `WHERE ${inRange('received_at')}` : ''}
    GROUP BY visitor_id)`;
}

/**
 * The times of an array after the visitor's first impression. The lambda takes `first_at` as an
 * argument: 18.16 drops a subquery's columns that only a lambda names, and then knows no `first_at`.
 */
const after = (operator: '>' | '>=', times: string) => `arrayFilter((t, first) -> t ${operator} first, ${times}, replicate(first_at, ${times}))`;

/**
 * One row per visitor key with an impression: `experience_id` and `first_at` of the first
 * impression, `converted` (0 or 1) and, when converted, `converted_at`: the first conversion after it.
 */
function visitorsSql(goal: Goal, scope: Scope): string {
  // No alias repeats a column its own expression reads (`argMin(x) AS x`): a current server may
  // resolve the column to the alias.
  const firstSeen = `visitor_id, argMinIf(experience_id, (decided_at, experience_id), type = 'impression') AS first_experience,
      minIf(decided_at, type = 'impression') AS first_at`;
  const counted = "countIf(type = 'impression') > 0";
  if (goal.type === 'click') {
    return `(SELECT first_experience AS experience_id, first_at, ${after('>=', 'conversion_times')} AS times_after,
        notEmpty(times_after) AS converted, arrayReduce('min', times_after) AS converted_at
      FROM (SELECT ${firstSeen}, groupArrayIf(decided_at, type = 'conversion') AS conversion_times
        FROM ${decisionsSql(scope)} GROUP BY visitor_id HAVING ${counted}))`;
  }
  // The analytics visitor of the impressions (DuckDB: their max); none, and no hit can convert.
  // Both sides of the join are named: a current server refuses a join of unnamed subqueries
  // (joined_subquery_requires_alias).
  return `(SELECT first_experience AS experience_id, first_at, ${after('>', 'goal_times')} AS times_after,
      has_goal_visitor AND notEmpty(times_after) AS converted, arrayReduce('min', times_after) AS converted_at
    FROM (SELECT ${firstSeen}, maxIf(analytics_visitor_id, type = 'impression') AS analytics_visitor,
        isNotNull(analytics_visitor) AS has_goal_visitor, ifNull(analytics_visitor, '') AS goal_visitor
      FROM ${decisionsSql(scope)} GROUP BY visitor_id HAVING ${counted}) AS impressions
    ALL LEFT JOIN ${goalHitsSql(goal, scope)} AS goal_hits USING (goal_visitor))`;
}

/** Per experience, its visitors and the converted among them: `experienceCounts`. */
export function experienceCountsClickHouse(goal: Goal): string {
  return `SELECT experience_id, count() AS visitors, sum(converted) AS conversions
    FROM ${visitorsSql(goal, 'all')} GROUP BY experience_id ORDER BY experience_id`;
}

/**
 * Per experience and local day of the range, the visitors whose first impression fell on it and
 * the conversions that did: `experienceDayCounts`. Each visitor is one row, marked on the day of
 * the impression and, when converted, on the day of the conversion.
 */
export function experienceDayCountsClickHouse(goal: Goal): string {
  return `SELECT experience_id, toString(mark_day) AS day, sum(is_visitor) AS visitors, sum(is_conversion) AS conversions
    FROM ${visitorsSql(goal, 'range')}
    ARRAY JOIN [${localDay('first_at')}, ${localDay('converted_at')}] AS mark_day, [1, 0] AS is_visitor, [0, 1] AS is_conversion
    WHERE is_visitor = 1 OR converted
    GROUP BY experience_id, mark_day ORDER BY mark_day, experience_id`;
}
