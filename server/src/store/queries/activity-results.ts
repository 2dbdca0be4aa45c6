/**
 * An activity's results (decision-store.ts `DecisionStore`), on both engines: per experience its
 * visitors and conversions over all time (the activity report), and what each local day of a range
 * adds to them (decide/activity-over-time.ts sums the days). Each visitor key counts in the
 * experience of its first impression, converted when a conversion follows that impression (a
 * click's decision event at or after it; for page-view and analytics-event goals a hit of the
 * impression's analytics visitor strictly after it, bots left out; for a site goal likewise, the
 * hits being those of the goal's report, activity-site-goal-hits.ts). Two impressions of one visitor
 * in the same millisecond give the smaller experience id on both engines (the ordering
 * `(decided_at, experience_id)`).
 *
 * DuckDB (duckdb/duckdb-decisions.ts, duckdb/duckdb-experience-day-counts.ts run the texts) joins a
 * `first_seen` table to the conversions. ClickHouse (clickhouse/clickhouse-decision-store.ts) 18.16
 * has no `WITH name AS (subquery)` and no window functions, so it groups each visitor's events once:
 * the first impression by `argMinIf`/`minIf`, the conversions' times as an array that `arrayFilter`
 * cuts to those after it. Values are `$name`s, bound on DuckDB and written in by bind-values.ts on
 * ClickHouse: `$activity`, `$goal` (goalValue), over a range `$from`, `$to` and `$tz`
 * (MESURA_TIMEZONE). The goal's SQL is chosen by its type, never built from input.
 *
 * The decision tables, the load of a batch's decision events and the activities' definitions and
 * history are DuckDB's alone and stay in duckdb/duckdb-decisions.ts (on ClickHouse the definitions
 * are metadata: postgres/postgres-activities.ts).
 */
import type { Activity } from '@mesura/protocol';
import { jsonObjectListSql } from '../clickhouse/clickhouse-media-sql.js';
import type { SiteGoalHits } from '../decision-store.js';
import { siteGoalConversionsDuckDb, siteGoalTimesClickHouse } from './activity-site-goal-hits.js';

type Goal = Activity['goal'];
/** The goals whose hits are matched here, on the raw hits; a site goal's are the report tables' (activity-site-goal-hits.ts). */
type HitGoal = Extract<Goal, { type: 'pageView' | 'event' }>;

/** The value a goal's condition binds as $goal; a click or site goal binds none (a site goal binds $suite: activity-site-goal-hits.ts). */
export function goalValue(goal: Goal): string | undefined {
  return goal.type === 'click' || goal.type === 'siteGoal' ? undefined : goal.type === 'pageView' ? goal.path : goal.event;
}

// The hits that count as a goal's conversion.

/** DuckDB: the path of a stored hit's URL, as the page-view goal compares it. */
const HIT_PATH = `regexp_extract(coalesce(h.url, ''), '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)', 1)`;
const HIT_EVENT_NAMES = `list_transform(from_json(h.events, '[{"id":"VARCHAR","name":"VARCHAR"}]'), x -> x.name)`;
const HIT_EVENT_IDS = `list_transform(from_json(h.events, '[{"id":"VARCHAR","name":"VARCHAR"}]'), x -> 'event' || x.id)`;

/** DuckDB: the hits that count as a goal's conversion (`h` a hits row). */
function hitGoalCondition(goal: HitGoal): string {
  return goal.type === 'pageView' ? `h.hit_type = 'page_view' AND starts_with(${HIT_PATH}, $goal)` : `(list_contains(${HIT_EVENT_NAMES}, $goal) OR list_contains(${HIT_EVENT_IDS}, $goal))`;
}

/** ClickHouse: the path of a hit's URL, as DuckDB's `HIT_PATH` cuts it (RE2 on both engines). */
const HIT_PATH_CLICKHOUSE = `extract(ifNull(url, ''), '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)')`;
/** The hit's events as JSON object texts: each has a numeric `id` and a `name` (ingest/pipeline.ts). */
const EVENT_OBJECTS = jsonObjectListSql('events');

/** ClickHouse: the hits that count as the goal's conversion, as DuckDB's `hitGoalCondition`. */
function hitGoalConditionClickHouse(goal: HitGoal): string {
  return goal.type === 'pageView'
    ? `hit_type = 'page_view' AND startsWith(${HIT_PATH_CLICKHOUSE}, $goal)`
    : `(has(arrayMap(o -> visitParamExtractString(o, 'name'), ${EVENT_OBJECTS}), $goal)
        OR has(arrayMap(o -> concat('event', visitParamExtractRaw(o, 'id')), ${EVENT_OBJECTS}), $goal))`;
}

// Per experience over all time, DuckDB.

/** Visitors who converted after their first impression, by goal type (also read by activity-pre-period.ts). */
export function convertedSql(activity: Activity, siteGoal?: SiteGoalHits): string {
  const goal = activity.goal;
  if (goal.type === 'click') {
    return `SELECT DISTINCT f.visitor_id FROM first_seen f JOIN decision_events d
      ON d.visitor_id = f.visitor_id AND d.activity_id = $activity AND d.type = 'conversion' AND d.decided_at >= f.first_at`;
  }
  if (goal.type === 'siteGoal') return `SELECT visitor_id FROM (${siteGoalConversionsDuckDb(siteGoal)}) AS site_goal_converted`;
  // Page views and analytics events are the collector's hits of the same (analytics) visitor.
  const condition = hitGoalCondition(goal);
  return `SELECT DISTINCT f.visitor_id FROM first_seen f JOIN hits h
    ON h.visitor_id = f.analytics_visitor_id AND h.received_at > f.first_at AND NOT h.is_bot AND ${condition}`;
}

/** Each visitor key's first impression of the activity: its experience, time and analytics visitor. */
export const FIRST_SEEN_SQL = `SELECT visitor_id, arg_min(experience_id, (decided_at, experience_id)) AS experience_id, min(decided_at) AS first_at, max(analytics_visitor_id) AS analytics_visitor_id
       FROM decision_events WHERE type = 'impression' AND activity_id = $activity GROUP BY visitor_id`;

/** Per experience, its visitors and the converted among them. */
export function experienceCountsSql(activity: Activity, siteGoal?: SiteGoalHits): string {
  return `WITH first_seen AS (${FIRST_SEEN_SQL}),
     converted AS (${convertedSql(activity, siteGoal)})
     SELECT f.experience_id, count(*) AS visitors, count(c.visitor_id) AS conversions
     FROM first_seen f LEFT JOIN converted c ON c.visitor_id = f.visitor_id GROUP BY 1`;
}

// Per experience and local day of a range, DuckDB: counted as experienceCountsSql counts, over the range's events only.

/** Local calendar day ($tz, MESURA_TIMEZONE) of a UTC TIMESTAMP_MS column, as the report tables cut days. */
const localDay = (column: string) => `CAST(timezone($tz, ${column}::TIMESTAMP AT TIME ZONE 'UTC') AS DATE)`;

/**
 * Whether a UTC TIMESTAMP_MS column falls in the range's local days: between the UTC instants at
 * which `from` and the day after `to` start in $tz. DuckDB folds both bounds into constants and
 * skips the row groups outside them by their min/max, so the range costs what its rows cost.
 */
const inRange = (column: string) => `${column} >= ${utcStartOf('CAST($from AS DATE)')} AND ${column} < ${utcStartOf('CAST($to AS DATE) + 1')}`;

/** The UTC instant (TIMESTAMP) at which a local day ($tz) starts. */
const utcStartOf = (day: string) => `timezone('UTC', timezone($tz, CAST(${day} AS TIMESTAMP)))`;

/** Each visitor's first conversion after their first impression in the range. */
function firstConversionSql(goal: Goal, siteGoal: SiteGoalHits | undefined): string {
  if (goal.type === 'click') {
    return `SELECT f.visitor_id, min(d.decided_at) AS converted_at FROM first_seen f JOIN events d
      ON d.visitor_id = f.visitor_id AND d.type = 'conversion' AND d.decided_at >= f.first_at GROUP BY f.visitor_id`;
  }
  // The report tables' hits of the range's local days ($from, $to), which are the range's instants.
  if (goal.type === 'siteGoal') return siteGoalConversionsDuckDb(siteGoal);
  const hitCondition = hitGoalCondition(goal);
  // Page views and analytics events are the collector's hits of the same (analytics) visitor.
  return `SELECT f.visitor_id, min(h.received_at) AS converted_at FROM first_seen f JOIN hits h
    ON h.visitor_id = f.analytics_visitor_id AND h.received_at > f.first_at AND ${inRange('h.received_at')}
      AND NOT h.is_bot AND ${hitCondition}
    GROUP BY f.visitor_id`;
}

/** Per experience and local day, the visitors whose first impression fell on it and the conversions that did. */
export function experienceDayCountsSql(activity: Activity, siteGoal?: SiteGoalHits): string {
  return `WITH events AS MATERIALIZED (
      SELECT visitor_id, experience_id, type, decided_at, analytics_visitor_id FROM decision_events
      WHERE activity_id = $activity AND ${inRange('decided_at')}),
    first_seen AS MATERIALIZED (
      SELECT visitor_id, arg_min(experience_id, (decided_at, experience_id)) AS experience_id, min(decided_at) AS first_at,
        max(analytics_visitor_id) AS analytics_visitor_id
      FROM events WHERE type = 'impression' GROUP BY visitor_id),
    converted AS (${firstConversionSql(activity.goal, siteGoal)}),
    marks AS (
      SELECT experience_id, ${localDay('first_at')} AS day, 1 AS visitor, 0 AS conversion FROM first_seen
      UNION ALL
      SELECT f.experience_id, ${localDay('c.converted_at')}, 0, 1 FROM first_seen f JOIN converted c ON c.visitor_id = f.visitor_id)
    SELECT experience_id, strftime(day, '%Y-%m-%d') AS day, sum(visitor) AS visitors, sum(conversion) AS conversions
    FROM marks GROUP BY experience_id, day ORDER BY day, experience_id`;
}

// ClickHouse, both questions: one row per visitor key, counted per experience or per day.

/** Which events a text reads: all of the activity's, or those of a range's local days ($from, $to, $tz). */
export type Scope = 'all' | 'range';

/** The UTC instant (epoch ms) at which a local day ($tz) starts. */
const utcStartMs = (day: string) => `(toInt64(toUnixTimestamp(toDateTime(${day}, $tz))) * 1000)`;

/** Whether an epoch-ms column falls in the range's local days, as DuckDB's `inRange`. */
const inRangeClickHouse = (column: string) => `${column} >= ${utcStartMs('toDate($from)')} AND ${column} < ${utcStartMs('toDate($to) + 1')}`;

/** The local day ($tz) of an epoch-ms column. */
const localDayClickHouse = (column: string) => `toDate(toDateTime(intDiv(${column}, 1000), $tz))`;

/**
 * The activity's decision events, one per decision id: ClickHouse keeps a decision twice when its
 * segment reached it twice (a resent request, two collectors), where DuckDB's load stores it once.
 * Copies are the same row, so they move none of today's figures (first times, whether a conversion
 * follows); one is kept all the same, the earliest batch's, so that no figure added later (a count
 * of conversions) counts a copy.
 */
function decisionsSql(scope: Scope): string {
  return `(SELECT decision_id, type, visitor_id, experience_id, decided_at, analytics_visitor_id FROM decision_events
    WHERE activity_id = $activity${scope === 'range' ? ` AND ${inRangeClickHouse('decided_at')}` : ''}
    ORDER BY decided_at, batch_id, batch_row LIMIT 1 BY decision_id)`;
}

/**
 * Per analytics visitor of the activity's impressions, the receive times of their goal hits, one
 * per event id and suite (the first received, as report-facts-sql.ts keeps hits). Over a range the
 * copies are looked for a day either side of it, then the kept hits cut by the range's instants;
 * over all time, from the day before the activity's first impression.
 */
function goalHitsSql(goal: HitGoal, scope: Scope): string {
  const impressions = `SELECT assumeNotNull(analytics_visitor_id) FROM decision_events
    WHERE activity_id = $activity AND type = 'impression' AND isNotNull(analytics_visitor_id)${scope === 'range' ? ` AND ${inRangeClickHouse('decided_at')}` : ''}`;
  // Only hits after an impression count: none of a day before the first (a day's margin for the zone).
  const firstDay = `(SELECT toDate(toDateTime(intDiv(min(decided_at), 1000), 'UTC')) - 1 FROM decision_events
    WHERE activity_id = $activity AND type = 'impression')`;
  const days = scope === 'range' ? ' AND day BETWEEN toDate($from) - 1 AND toDate($to) + 1' : ` AND day >= ${firstDay}`;
  return `(SELECT visitor_id AS goal_visitor, groupArray(received_at) AS goal_times FROM (
      SELECT event_id, report_suite, visitor_id, received_at FROM hits
      WHERE visitor_id IN (${impressions})${days} AND NOT is_bot AND ${hitGoalConditionClickHouse(goal)}
      ORDER BY received_at, event_id LIMIT 1 BY event_id, report_suite)
    ${scope === 'range' ? `WHERE ${inRangeClickHouse('received_at')}` : ''}
    GROUP BY visitor_id)`;
}

/**
 * The times of an array after the visitor's first impression. The lambda takes `first_at` as an
 * argument: 18.16 drops a subquery's columns that only a lambda names, and then knows no `first_at`.
 */
const after = (operator: '>' | '>=', times: string) => `arrayFilter((t, first) -> t ${operator} first, ${times}, replicate(first_at, ${times}))`;

/**
 * One row per visitor key with an impression: `experience_id` and `first_at` of the first
 * impression, `converted` (0 or 1) and, when converted, `converted_at`: the first conversion after
 * it; `goal_visitor`, the impressions' analytics visitor ('' when `has_goal_visitor` is 0), whose
 * hits a goal or the pre-period (activity-pre-period.ts) reads.
 */
export function visitorsClickHouse(goal: Goal, scope: Scope, siteGoal?: SiteGoalHits): string {
  // No alias repeats a column its own expression reads (`argMin(x) AS x`): a current server may
  // resolve the column to the alias.
  const firstSeen = `visitor_id, argMinIf(experience_id, (decided_at, experience_id), type = 'impression') AS first_experience,
      minIf(decided_at, type = 'impression') AS first_at`;
  const counted = "countIf(type = 'impression') > 0";
  // The analytics visitor of the impressions (DuckDB: their max); none, and no hit is theirs.
  const goalVisitor = `maxIf(analytics_visitor_id, type = 'impression') AS analytics_visitor,
      isNotNull(analytics_visitor) AS has_goal_visitor, ifNull(analytics_visitor, '') AS goal_visitor`;
  if (goal.type === 'click') {
    return `(SELECT first_experience AS experience_id, first_at, ${after('>=', 'conversion_times')} AS times_after,
        notEmpty(times_after) AS converted, arrayReduce('min', times_after) AS converted_at, goal_visitor, has_goal_visitor
      FROM (SELECT ${firstSeen}, ${goalVisitor}, groupArrayIf(decided_at, type = 'conversion') AS conversion_times
        FROM ${decisionsSql(scope)} GROUP BY visitor_id HAVING ${counted}))`;
  }
  // Without an analytics visitor no hit can convert. Both sides of the join are named: a current
  // server refuses a join of unnamed subqueries (joined_subquery_requires_alias). A site goal's
  // hits are the report tables', which keep the visitor hashed (activity-site-goal-hits.ts).
  const [goalHits, key] = goal.type === 'siteGoal' ? [siteGoalTimesClickHouse(siteGoal), 'goal_visitor_key'] : [goalHitsSql(goal, scope), 'goal_visitor'];
  const hashed = goal.type === 'siteGoal' ? ', cityHash64(goal_visitor) AS goal_visitor_key' : '';
  return `(SELECT first_experience AS experience_id, first_at, ${after('>', 'goal_times')} AS times_after,
      has_goal_visitor AND notEmpty(times_after) AS converted, arrayReduce('min', times_after) AS converted_at, goal_visitor, has_goal_visitor
    FROM (SELECT ${firstSeen}, ${goalVisitor}${hashed}
      FROM ${decisionsSql(scope)} GROUP BY visitor_id HAVING ${counted}) AS impressions
    ALL LEFT JOIN ${goalHits} AS goal_hits USING (${key}))`;
}

/** Per experience, its visitors and the converted among them: experienceCountsSql. */
export function experienceCountsClickHouse(goal: Goal, siteGoal?: SiteGoalHits): string {
  return `SELECT experience_id, count() AS visitors, sum(converted) AS conversions
    FROM ${visitorsClickHouse(goal, 'all', siteGoal)} GROUP BY experience_id ORDER BY experience_id`;
}

/**
 * Per experience and local day of the range, the visitors whose first impression fell on it and
 * the conversions that did: experienceDayCountsSql. Each visitor is one row, marked on the day of
 * the impression and, when converted, on the day of the conversion.
 */
export function experienceDayCountsClickHouse(goal: Goal, siteGoal?: SiteGoalHits): string {
  return `SELECT experience_id, toString(mark_day) AS day, sum(is_visitor) AS visitors, sum(is_conversion) AS conversions
    FROM ${visitorsClickHouse(goal, 'range', siteGoal)}
    ARRAY JOIN [${localDayClickHouse('first_at')}, ${localDayClickHouse('converted_at')}] AS mark_day, [1, 0] AS is_visitor, [0, 1] AS is_conversion
    WHERE is_visitor = 1 OR converted
    GROUP BY experience_id, mark_day ORDER BY mark_day, experience_id`;
}
