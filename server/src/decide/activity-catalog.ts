/**
 * The activities held in memory. Loaded from the store at start (seeding the site's activities
 * when the table is empty, i.e. on a first start only: an editor who deletes or changes them keeps
 * their changes), and reloaded after every change made through it.
 */
import type { DecisionStore } from '../store/decision-store.js';
import { parseActivity, type Activity } from './activity.js';
import { buildIndex, type ActivityIndex } from './activity-index.js';
import { siteActivities } from './site-activities.js';

export interface ActivityCatalog {
  /** The current snapshot; replaced whole on change. */
  index(): ActivityIndex;
  save(activity: Activity): Promise<void>;
}

export async function openActivityCatalog(
  store: DecisionStore,
  options: { now: () => number; warn: (message: string) => void; seed?: () => Activity[] },
): Promise<ActivityCatalog> {
  const { now, warn, seed = siteActivities } = options;
  if ((await store.activityDefinitions()).length === 0) {
    for (const activity of seed()) await store.saveActivity(activity, now());
  }
  const load = async () => {
    const activities: Activity[] = [];
    for (const definition of await store.activityDefinitions()) {
      const parsed = parseActivity(definition);
      // One bad row must not take the others down: it is skipped and named.
      if (parsed.ok) activities.push(parsed.value);
      else warn(`stored activity skipped: ${parsed.reason}`);
    }
    return buildIndex(activities);
  };
  let current = await load();
  return {
    index: () => current,
    async save(activity) {
      await store.saveActivity(activity, now());
      current = await load();
    },
  };
}
