/**
 * An activity whose goal is one of the site's goals (`{type: 'siteGoal', goal}`, docs/goals.md):
 * the goal must exist when the activity is saved, and its results read the goal's definition as
 * the goals store holds it when they are asked, so that an edit of the goal moves the experiment's
 * conversions as it moves the goal's report. activity.ts checks the goal's shape; what the site
 * keeps is the goals store's to say, so it is checked here, where the store is.
 */
import { parseGoalDefinition, type Activity } from '@mesura/protocol';
import type { SiteGoalHits } from '../store/decision-store.js';
import type { GoalStore } from '../store/goal-store.js';

/** What of the goals store an activity's goal reads. */
export type SiteGoalSource = Pick<GoalStore, 'goalDefinition'>;

/** A one-line reason when the activity names a site goal the site does not keep; undefined otherwise. */
export async function siteGoalProblem(activity: Activity, goals: SiteGoalSource): Promise<string | undefined> {
  if (activity.goal.type !== 'siteGoal') return undefined;
  const stored = await goals.goalDefinition(activity.goal.goal);
  return stored === undefined ? `activity ${activity.id}: goal names no site goal ${activity.goal.goal}: choose one GET /api/goals lists` : undefined;
}

/**
 * What a site-goal activity's results read: its goal's definition, none when deleted since or no
 * longer read as one (nothing reaches it then), and the suite. Undefined for the other goals.
 */
export async function siteGoalHits(activity: Activity, goals: SiteGoalSource, suite: string): Promise<SiteGoalHits | undefined> {
  if (activity.goal.type !== 'siteGoal') return undefined;
  const stored = await goals.goalDefinition(activity.goal.goal);
  const parsed = stored === undefined ? undefined : parseGoalDefinition(stored);
  return parsed?.ok ? { definition: parsed.value, suite } : { suite };
}
