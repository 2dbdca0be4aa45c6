/**
 * An activity's results over time, on DuckDB: what each local day of a range adds to each
 * experience's visitors and conversions. Summed day by day the rows give the figures from the
 * range's first day through each day (decide/activity-over-time.ts). The text is
 * queries/activity-results.ts `experienceDayCountsSql`, ClickHouse's beside it; here it runs with
 * every value bound.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Activity } from '@mesura/protocol';
import type { DayRange, ExperienceDayCounts } from '../decision-store.js';
import { experienceDayCountsSql, goalValue } from '../queries/activity-results.js';

export async function experienceDayCounts(connection: DuckDBConnection, activity: Activity, range: DayRange, timeZone: string): Promise<ExperienceDayCounts[]> {
  const goal = goalValue(activity.goal);
  const params = { activity: activity.id, from: range.from, to: range.to, tz: timeZone, ...(goal !== undefined && { goal }) };
  const result = await connection.runAndReadAll(experienceDayCountsSql(activity), params);
  return result.getRowObjectsJson().map((row) => ({
    experienceId: String(row.experience_id),
    day: String(row.day),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
  }));
}
