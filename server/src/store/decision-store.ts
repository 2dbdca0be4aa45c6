import type { Activity } from '../decide/activity.js';

/** Visitors and conversions of one experience, as the store counts them. */
export interface ExperienceCounts {
  experienceId: string;
  visitors: number;
  conversions: number;
}

/**
 * Where activities and their results live. Activities are read at start and after each change
 * (the decision path reads memory, never this); decision events arrive through the ingest log.
 */
export interface DecisionStore {
  /** Every stored definition, as stored (the caller validates). */
  activityDefinitions(): Promise<unknown[]>;
  saveActivity(activity: Activity, nowMs: number): Promise<void>;
  /**
   * Per experience: visitors (distinct visitor keys, each counted in the experience of their first
   * impression) and those of them who converted after that impression.
   */
  experienceCounts(activity: Activity): Promise<ExperienceCounts[]>;
}
