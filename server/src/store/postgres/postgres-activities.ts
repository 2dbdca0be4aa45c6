/**
 * Activity definitions and their history in PostgreSQL, shared by every decision server of a
 * cluster: a definition is one JSON text per row, as in the embedded store (duckdb-decisions.ts),
 * and a save replaces it and appends its change in one transaction. The saves of one activity
 * are serialised by a lock on its id, so two servers saving at once number their changes apart.
 */
import type { Activity } from '@mesura/protocol';
import type { ActivityChange, ActivityStore, ChangeAuthor } from '../decision-store.js';
import type { MetadataPool, Sql } from './postgres-pool.js';

/** Any fixed number naming the lock under which a first start seeds the activities. */
const ACTIVITY_SEED_LOCK_KEY = 0x61637476; // "actv"

/** Replaces the definition and appends its change, inside the caller's transaction. */
async function save(sql: Sql, activity: Activity, change: ChangeAuthor): Promise<void> {
  const after = JSON.stringify(activity);
  // Saves of one activity wait for each other (a new id has no row to lock yet); each statement
  // after the lock reads what the one before committed.
  await sql.query(`SELECT pg_advisory_xact_lock(hashtext('activity:' || $1))`, [activity.id]);
  const previous = await sql.query('SELECT definition AS before FROM activities WHERE id = $1', [activity.id]);
  await sql.query(
    `INSERT INTO activities (id, definition, updated_at_ms) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition, updated_at_ms = EXCLUDED.updated_at_ms`,
    [activity.id, after, change.atMs],
  );
  const before = previous.rows[0]?.before;
  await sql.query(
    `INSERT INTO activity_changes (activity_id, change_no, changed_at_ms, changed_by, before, after)
     SELECT $1, coalesce(max(change_no), 0) + 1, $2, $3, $4, $5 FROM activity_changes WHERE activity_id = $1`,
    [activity.id, change.atMs, change.by, before === undefined || before === null ? null : String(before), after],
  );
}

export class PostgresActivityStore implements ActivityStore {
  constructor(private readonly pool: MetadataPool) {}

  async activityDefinitions(): Promise<unknown[]> {
    const { rows } = await this.pool.query('SELECT definition FROM activities ORDER BY id');
    return rows.map((row) => JSON.parse(String(row.definition)) as unknown);
  }

  saveActivity(activity: Activity, change: ChangeAuthor): Promise<void> {
    return this.pool.transaction((sql) => save(sql, activity, change));
  }

  seedActivities(activities: readonly Activity[], change: ChangeAuthor): Promise<boolean> {
    return this.pool.transaction(async (sql) => {
      // The second of two servers starting together waits here, then finds the seeds.
      await sql.query('SELECT pg_advisory_xact_lock($1)', [ACTIVITY_SEED_LOCK_KEY]);
      const { rows } = await sql.query('SELECT count(*) AS n FROM activities');
      if (Number(rows[0]?.n ?? 0) > 0) return false;
      for (const activity of activities) await save(sql, activity, change);
      return true;
    });
  }

  async activityHistory(activityId: string): Promise<ActivityChange[]> {
    const { rows } = await this.pool.query('SELECT changed_at_ms, changed_by, before, after FROM activity_changes WHERE activity_id = $1 ORDER BY change_no DESC', [activityId]);
    return rows.map((row) => ({
      at: new Date(Number(row.changed_at_ms)).toISOString(),
      by: String(row.changed_by),
      before: row.before === null ? null : (JSON.parse(String(row.before)) as unknown),
      after: JSON.parse(String(row.after)) as unknown,
    }));
  }

  async activitiesVersion(): Promise<number> {
    // The count, not max(seq): sequence numbers are taken before commit, so a save committing after
    // a later-numbered one would leave max(seq) unchanged and go unseen. The history only grows.
    const { rows } = await this.pool.query('SELECT count(*) AS version FROM activity_changes');
    return Number(rows[0]?.version ?? 0);
  }
}
