/**
 * The results of activities on ClickHouse (decision-store.ts `DecisionStore`), counted from the
 * `decision_events` (and, for page-view and analytics-event goals, `hits`) the collectors drain
 * there, as the DuckDB store counts them (queries/activity-results.ts, both engines' texts). The activity
 * definitions are metadata and stay in the metadata store. An API node over ClickHouse serves the
 * console's Experiments area with it (app.ts), CUPED's pre-period sums included.
 */
import type { Activity } from '@mesura/protocol';
import type { SqlValue } from '../analytics-reader.js';
import type { DayRange, DecisionStore, ExperienceCounts, ExperienceDayCounts, PrePeriodSums, SiteGoalHits } from '../decision-store.js';
import { experiencePrePeriodClickHouse, prePeriodSumsOf } from '../queries/activity-pre-period.js';
import { experienceCountsClickHouse, experienceDayCountsClickHouse, goalValue } from '../queries/activity-results.js';
import { ALL_TIME_DAYS, FIRST_IMPRESSION_DAY_CLICKHOUSE, siteGoalValues } from '../queries/activity-site-goal-hits.js';
import { bindValues } from './bind-values.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';

export interface ClickHouseDecisionStoreOptions {
  /** The caller's, whose default database is the deployment's: the texts name tables unqualified. */
  transport: Pick<ClickHouseTransport, 'query'>;
  /** MESURA_TIMEZONE: the zone the range's days and the answer's days are in. */
  timeZone: string;
}

interface CountRow {
  experience_id: string;
  day?: string;
  visitors: string | number;
  conversions: string | number;
  /** The pre-period's sums (experience-pre-period only). */
  sum_x?: string | number;
  sum_x_squares?: string | number;
  sum_xy?: string | number;
}

export class ClickHouseDecisionStore implements DecisionStore {
  constructor(private readonly options: ClickHouseDecisionStoreOptions) {}

  async experienceCounts(activity: Activity, siteGoal?: SiteGoalHits): Promise<ExperienceCounts[]> {
    const rows = await this.read('experience-counts', experienceCountsClickHouse(activity.goal, siteGoal), activity, await this.siteGoalValues(activity, siteGoal, 'all'));
    return rows.map((row) => ({ experienceId: row.experience_id, visitors: Number(row.visitors), conversions: Number(row.conversions) }));
  }

  async experienceDayCounts(activity: Activity, range: DayRange, siteGoal?: SiteGoalHits): Promise<ExperienceDayCounts[]> {
    const values = { ...(await this.siteGoalValues(activity, siteGoal, 'range')), from: range.from, to: range.to };
    const rows = await this.read('experience-day-counts', experienceDayCountsClickHouse(activity.goal, siteGoal), activity, values);
    return rows.map((row) => ({
      experienceId: row.experience_id,
      day: String(row.day),
      visitors: Number(row.visitors),
      conversions: Number(row.conversions),
    }));
  }

  /** Per experience, the sums of its visitors' conversions and pre-period page views (queries/activity-pre-period.ts). */
  async experiencePrePeriod(activity: Activity, siteGoal?: SiteGoalHits): Promise<PrePeriodSums> {
    const values = await this.siteGoalValues(activity, siteGoal, 'all');
    return prePeriodSumsOf(await this.read('experience-pre-period', experiencePrePeriodClickHouse(activity, siteGoal), activity, values));
  }

  /**
   * A site-goal activity's suite and, over all time, days from its first impression's
   * (activity-site-goal-hits.ts); none for other goals.
   */
  private async siteGoalValues(activity: Activity, siteGoal: SiteGoalHits | undefined, scope: 'all' | 'range'): Promise<Record<string, SqlValue>> {
    if (activity.goal.type !== 'siteGoal') return {};
    const values = siteGoalValues(siteGoal, scope);
    if (scope === 'range') return values;
    const [first] = await this.options.transport.query<{ from_day: string }>(bindValues(FIRST_IMPRESSION_DAY_CLICKHOUSE, { activity: activity.id }, 'first-impression-day'));
    return { ...values, from: first?.from_day ?? ALL_TIME_DAYS.from };
  }

  /** Runs a text with the activity's id, its goal's value, the zone and `values` written in by bindValues. */
  private read(name: string, sql: string, activity: Activity, values: Record<string, SqlValue>): Promise<CountRow[]> {
    const goal = goalValue(activity.goal);
    const bound = { activity: activity.id, tz: this.options.timeZone, ...values, ...(goal !== undefined && { goal }) };
    return this.options.transport.query<CountRow>(bindValues(sql, bound, name));
  }
}
