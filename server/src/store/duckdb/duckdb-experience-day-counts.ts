/**
 * An activity's results over time, on DuckDB: what each local day of a range adds to each
 * experience's visitors and conversions, counted as the activity report counts them
 * (duckdb-decisions.ts `experienceCounts`) but over the range's events only. Summed day by day the
 * rows give the figures from the range's first day through each day (decide/activity-over-time.ts).
 * Every value is a bound parameter; the goal's SQL is chosen by its type, never built from input.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Activity } from '@mesura/protocol';
import type { DayRange, ExperienceDayCounts } from '../decision-store.js';
import { goalValue, hitGoalCondition } from './duckdb-decisions.js';

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
function firstConversionSql(goal: Activity['goal']): string {
  const hitCondition = hitGoalCondition(goal);
  if (hitCondition === undefined) {
    return `SELECT f.visitor_id, min(d.decided_at) AS converted_at FROM first_seen f JOIN events d
      ON d.visitor_id = f.visitor_id AND d.type = 'conversion' AND d.decided_at >= f.first_at GROUP BY f.visitor_id`;
  }
  // Page views and analytics events are the collector's hits of the same (analytics) visitor.
  return `SELECT f.visitor_id, min(h.received_at) AS converted_at FROM first_seen f JOIN hits h
    ON h.visitor_id = f.analytics_visitor_id AND h.received_at > f.first_at AND ${inRange('h.received_at')}
      AND NOT h.is_bot AND ${hitCondition}
    GROUP BY f.visitor_id`;
}

function daySql(activity: Activity): string {
  return `WITH events AS MATERIALIZED (
      SELECT visitor_id, experience_id, type, decided_at, analytics_visitor_id FROM decision_events
      WHERE activity_id = $activity AND ${inRange('decided_at')}),
    first_seen AS MATERIALIZED (
      SELECT visitor_id, arg_min(experience_id, (decided_at, experience_id)) AS experience_id, min(decided_at) AS first_at,
        max(analytics_visitor_id) AS analytics_visitor_id
      FROM events WHERE type = 'impression' GROUP BY visitor_id),
    converted AS (${firstConversionSql(activity.goal)}),
    marks AS (
      SELECT experience_id, ${localDay('first_at')} AS day, 1 AS visitor, 0 AS conversion FROM first_seen
      UNION ALL
      SELECT f.experience_id, ${localDay('c.converted_at')}, 0, 1 FROM first_seen f JOIN converted c ON c.visitor_id = f.visitor_id)
    SELECT experience_id, strftime(day, '%Y-%m-%d') AS day, sum(visitor) AS visitors, sum(conversion) AS conversions
    FROM marks GROUP BY experience_id, day ORDER BY day, experience_id`;
}

export async function experienceDayCounts(connection: DuckDBConnection, activity: Activity, range: DayRange, timeZone: string): Promise<ExperienceDayCounts[]> {
  const goal = goalValue(activity.goal);
  const params = { activity: activity.id, from: range.from, to: range.to, tz: timeZone, ...(goal !== undefined && { goal }) };
  const result = await connection.runAndReadAll(daySql(activity), params);
  return result.getRowObjectsJson().map((row) => ({
    experienceId: String(row.experience_id),
    day: String(row.day),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
  }));
}
