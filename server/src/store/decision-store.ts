import type { Activity, GoalDefinition } from '@mesura/protocol';

/** Visitors and conversions of one experience, as the store counts them. */
export interface ExperienceCounts {
  experienceId: string;
  visitors: number;
  conversions: number;
}

/**
 * One experience's visitors (counted as `ExperienceCounts` counts them) with each visitor's outcome
 * Y (converted: 0 or 1) and pre-period covariate X (their page views in the days before their first
 * impression), as the sums CUPED needs (decide/statistics-cuped.ts): ΣY = ΣY² = conversions.
 */
export interface ExperiencePrePeriodSums {
  experienceId: string;
  visitors: number;
  conversions: number;
  sumX: number;
  sumXSquares: number;
  sumXY: number;
}

/** The pre-period sums of every experience, and the days before the first impression they cover. */
export interface PrePeriodSums {
  prePeriodDays: number;
  experiences: ExperiencePrePeriodSums[];
}

/** An inclusive range of local days (YYYY-MM-DD, MESURA_TIMEZONE). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * What one local day adds to an experience's figures counted from the range's first day: visitors
 * whose first impression in the range fell on it, and visitors whose first conversion after that
 * impression did.
 */
export interface ExperienceDayCounts {
  experienceId: string;
  /** YYYY-MM-DD. */
  day: string;
  visitors: number;
  conversions: number;
}

/** One change of an activity, as its history keeps it. */
export interface ActivityChange {
  /** ISO 8601. */
  at: string;
  /** The e-mail of who made it; `system` for the seeds of a first start. */
  by: string;
  /** The stored definition before the change; null when the change created the activity. */
  before: unknown;
  after: unknown;
}

/** Who makes a change and when. */
export interface ChangeAuthor {
  atMs: number;
  by: string;
}

/**
 * Where activity definitions and their history live: metadata, kept in the embedded file or in
 * PostgreSQL (store/postgres/), never with the events. The decision path reads the catalog's
 * memory (decide/activity-catalog.ts), never this.
 */
export interface ActivityStore {
  /** Every stored definition, as stored (the caller validates). */
  activityDefinitions(): Promise<unknown[]>;
  /** Replaces (or creates) the activity and records the change in its history, both or neither. */
  saveActivity(activity: Activity, change: ChangeAuthor): Promise<void>;
  /**
   * Saves the seeds, as saveActivity does, when no activity is stored; true when it did. Servers
   * starting together on one empty store seed it once.
   */
  seedActivities(activities: readonly Activity[], change: ChangeAuthor): Promise<boolean>;
  /** Every recorded change of the activity, newest first. */
  activityHistory(activityId: string): Promise<ActivityChange[]>;
  /**
   * A number that grows with every saved change, from any process: the catalog polls it, cheaply,
   * to know when to read the definitions again.
   */
  activitiesVersion(): Promise<number>;
}

/**
 * What a site-goal activity's results read (`{type: 'siteGoal'}`): the site goal's definition as
 * the goals store holds it, and the report suite whose hits reach it, as the goal reports read them.
 */
export interface SiteGoalHits {
  /** Absent when the goal was deleted since the activity named it: no hit reaches it. */
  definition?: GoalDefinition;
  /** MESURA's configured report suite (config.ts `reportSuite`). */
  suite: string;
}

/**
 * The results of activities, counted from the decision events (which arrive through the ingest log).
 * A site-goal activity is counted with its `siteGoal`, which the caller reads from the goals store;
 * without it such an activity has no conversions.
 */
export interface DecisionStore {
  /**
   * Per experience: visitors (distinct visitor keys, each counted in the experience of their first
   * impression) and those of them who converted after that impression.
   */
  experienceCounts(activity: Activity, siteGoal?: SiteGoalHits): Promise<ExperienceCounts[]>;
  /**
   * `experienceCounts` restricted to the range's events, as what each local day adds (days that
   * add nothing are left out): summed day by day, the figures from `from` through each day.
   */
  experienceDayCounts(activity: Activity, range: DayRange, siteGoal?: SiteGoalHits): Promise<ExperienceDayCounts[]>;
  /**
   * Per experience, the sums of its visitors' outcome and pre-period page views (CUPED). Absent on a
   * store that does not count them yet: the report then has no adjusted figures.
   */
  experiencePrePeriod?(activity: Activity, siteGoal?: SiteGoalHits): Promise<PrePeriodSums>;
}
