/**
 * The DuckDB side of activities and decision events. Activities are one JSON definition per row
 * (a VARCHAR holding JSON: ClickHouse's String alike, no engine-specific JSON type needed). Values
 * go in as bound parameters; the one literal, the staged batch's file name, through sqlString.
 * The tables, the load and the activities' statements are DuckDB's alone and are written here;
 * the results per experience run queries/activity-results.ts's text, ClickHouse's beside it.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Activity } from '@mesura/protocol';
import type { ActivityChange, ChangeAuthor, ExperienceCounts, PrePeriodSums, SiteGoalHits } from '../decision-store.js';
import { experiencePrePeriodSql, prePeriodSumsOf } from '../queries/activity-pre-period.js';
import { experienceCountsSql, goalValue } from '../queries/activity-results.js';
import { siteGoalValues } from '../queries/activity-site-goal-hits.js';
import { sqlString } from '../sql-string.js';

export async function ensureDecisionTables(connection: DuckDBConnection): Promise<void> {
  await connection.run(`CREATE TABLE IF NOT EXISTS activities (id VARCHAR NOT NULL, definition VARCHAR NOT NULL, updated_at TIMESTAMP_MS NOT NULL)`);
  // Every change of an activity, kept for ever (a few rows per edit): who, when, before and after.
  await connection.run(
    `CREATE TABLE IF NOT EXISTS activity_changes (activity_id VARCHAR NOT NULL, change_no BIGINT NOT NULL,
       changed_at TIMESTAMP_MS NOT NULL, changed_by VARCHAR NOT NULL, before VARCHAR, after VARCHAR NOT NULL)`,
  );
  await connection.run(
    `CREATE TABLE IF NOT EXISTS decision_events (decision_id VARCHAR NOT NULL, type VARCHAR NOT NULL,
       activity_id VARCHAR NOT NULL, experience_id VARCHAR NOT NULL, visitor_id VARCHAR NOT NULL,
       analytics_visitor_id VARCHAR, mbox VARCHAR NOT NULL, decided_at TIMESTAMP_MS NOT NULL)`,
  );
}

export const DECISION_COLUMNS = ['decision_id', 'type', 'activity_id', 'experience_id', 'visitor_id', 'analytics_visitor_id', 'mbox', 'decided_at'] as const;

/** The decision events of one staged batch of ingest-log lines; hits, heartbeats and a torn last line read as rows without kind and are dropped. */
export function decisionSegmentSelect(file: string): string {
  return `SELECT decisionId AS decision_id, type, activityId AS activity_id, experienceId AS experience_id, visitorKey AS visitor_id,
      analyticsVisitorId AS analytics_visitor_id, mbox, CAST(epoch_ms(atMs) AS TIMESTAMP_MS) AS decided_at
    FROM read_ndjson(${sqlString(file, 'duckdb')}, columns = {kind: 'VARCHAR', decisionId: 'VARCHAR', type: 'VARCHAR',
      activityId: 'VARCHAR', experienceId: 'VARCHAR', visitorKey: 'VARCHAR', analyticsVisitorId: 'VARCHAR', mbox: 'VARCHAR',
      atMs: 'BIGINT'}, ignore_errors = true)
    WHERE kind = 'decision' AND decisionId IS NOT NULL`;
}

export async function activityDefinitions(connection: DuckDBConnection): Promise<unknown[]> {
  const result = await connection.runAndReadAll('SELECT definition FROM activities ORDER BY id');
  return result.getRowObjectsJson().map((row) => JSON.parse(String(row.definition)) as unknown);
}

/**
 * Replaces the activity's row (delete + insert: no upsert, ClickHouse has none) and appends the
 * change, with the row it replaces, in one transaction: history and activities never disagree.
 */
export async function saveActivity(connection: DuckDBConnection, activity: Activity, change: ChangeAuthor): Promise<void> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const previous = await connection.runAndReadAll('SELECT definition FROM activities WHERE id = $id', { id: activity.id });
    const before = previous.getRowObjectsJson()[0]?.definition;
    const after = JSON.stringify(activity);
    const now = String(change.atMs);
    await connection.run('DELETE FROM activities WHERE id = $id', { id: activity.id });
    await connection.run('INSERT INTO activities VALUES ($id, $definition, CAST(epoch_ms(CAST($now AS BIGINT)) AS TIMESTAMP_MS))', { id: activity.id, definition: after, now });
    await connection.run(
      `INSERT INTO activity_changes
       SELECT $id, coalesce(max(change_no), 0) + 1, CAST(epoch_ms(CAST($now AS BIGINT)) AS TIMESTAMP_MS), $by, $before, $after
       FROM activity_changes WHERE activity_id = $id`,
      { id: activity.id, now, by: change.by, before: before === undefined || before === null ? null : String(before), after },
    );
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/** Seeds an empty table; one process owns the embedded file, so nothing can seed in between. */
export async function seedActivities(connection: DuckDBConnection, activities: readonly Activity[], change: ChangeAuthor): Promise<boolean> {
  if ((await activityDefinitions(connection)).length > 0) return false;
  for (const activity of activities) await saveActivity(connection, activity, change);
  return true;
}

export async function activityHistory(connection: DuckDBConnection, activityId: string): Promise<ActivityChange[]> {
  const result = await connection.runAndReadAll(
    `SELECT epoch_ms(changed_at) AS at_ms, changed_by, before, after FROM activity_changes
     WHERE activity_id = $id ORDER BY change_no DESC`,
    { id: activityId },
  );
  return result.getRowObjectsJson().map((row) => ({
    at: new Date(Number(row.at_ms)).toISOString(),
    by: String(row.changed_by),
    before: row.before === null ? null : (JSON.parse(String(row.before)) as unknown),
    after: JSON.parse(String(row.after)) as unknown,
  }));
}

/** Grows with every saved change (the history is only appended to): the catalog's cheap poll. */
export async function activitiesVersion(connection: DuckDBConnection): Promise<number> {
  const result = await connection.runAndReadAll('SELECT count(*) AS n FROM activity_changes');
  return Number(result.getRowObjectsJson()[0]?.n ?? 0);
}

/** An all-time text's values: the activity's id and its goal's (activity-results.ts goalValue, activity-site-goal-hits.ts). */
function allTimeValues(activity: Activity, siteGoal: SiteGoalHits | undefined): Record<string, string> {
  const goal = goalValue(activity.goal);
  if (activity.goal.type === 'siteGoal') return { activity: activity.id, ...siteGoalValues(siteGoal, 'all') };
  return goal === undefined ? { activity: activity.id } : { activity: activity.id, goal };
}

export async function experienceCounts(connection: DuckDBConnection, activity: Activity, siteGoal?: SiteGoalHits): Promise<ExperienceCounts[]> {
  const result = await connection.runAndReadAll(experienceCountsSql(activity, siteGoal), allTimeValues(activity, siteGoal));
  return result.getRowObjectsJson().map((row) => ({
    experienceId: String(row.experience_id),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
  }));
}

/** Per experience, the sums of its visitors' conversions and pre-period page views (queries/activity-pre-period.ts). */
export async function experiencePrePeriod(connection: DuckDBConnection, activity: Activity, siteGoal?: SiteGoalHits): Promise<PrePeriodSums> {
  const result = await connection.runAndReadAll(experiencePrePeriodSql(activity, siteGoal), allTimeValues(activity, siteGoal));
  return prePeriodSumsOf(result.getRowObjectsJson());
}
