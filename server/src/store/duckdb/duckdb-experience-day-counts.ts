/**
 * An activity's results over time, on DuckDB: what each local day of a range adds to each
 * experience's visitors and conversions. Summed day by day the rows give the figures from the
 * range's first day through each day (decide/activity-over-time.ts). The text is
 * queries/activity-results.ts `experienceDayCountsSql`, ClickHouse's beside it; here it runs with
 * every value bound.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Activity } from '@mesura/protocol';
import type { DayRange, ExperienceDayCounts, SiteGoalHits } from '../decision-store.js';
import { experienceDayCountsSql, goalValue } from '../queries/activity-results.js';
import { siteGoalValues } from '../queries/activity-site-goal-hits.js';

export async function experienceDayCounts(connection: DuckDBConnection, activity: Activity, range: DayRange, timeZone: string, siteGoal?: SiteGoalHits): Promise<ExperienceDayCounts[]> {
  const goal = goalValue(activity.goal);
  const params = {
    activity: activity.id,
    from: range.from,
    to: range.to,
    tz: timeZone,
    ...(goal !== undefined && { goal }),
    ...(activity.goal.type === 'siteGoal' && siteGoalValues(siteGoal, 'range')),
  };
  const result = await connection.runAndReadAll(experienceDayCountsSql(activity, siteGoal), params);
  return result.getRowObjectsJson().map((row) => ({
    experienceId: String(row.experience_id),
    day: String(row.day),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
  }));
}
