/**
 * The activities held in memory. Loaded from the store at start (seeding the site's activities
 * when the table is empty, i.e. on a first start only: an editor who deletes or changes them keeps
 * their changes), and reloaded after every change made through it. Every definition is checked
 * and made safe as it loads (offer-safety.ts), so that what is served holds today's rules even
 * for a row stored under older ones.
 */
import type { ChangeAuthor, DecisionStore } from '../store/decision-store.js';
import { parseActivity, type Activity } from './activity.js';
import { buildIndex, type ActivityIndex } from './activity-index.js';
import { safeActivity } from './offer-safety.js';
import type { RedirectPolicy } from './redirect-policy.js';
import { siteActivities } from './site-activities.js';

/** Who the history names for the seeds of a first start. */
export const SEED_AUTHOR = 'system';

export interface ActivityCatalog {
  /** The current snapshot; replaced whole on change. */
  index(): ActivityIndex;
  /** Stores the definition (already checked and made safe) and its history entry, then reloads. */
  save(activity: Activity, change: ChangeAuthor): Promise<void>;
}

export async function openActivityCatalog(
  store: DecisionStore,
  options: { now: () => number; warn: (message: string) => void; redirects: RedirectPolicy; seed?: () => Activity[] },
): Promise<ActivityCatalog> {
  const { now, warn, redirects, seed = siteActivities } = options;
  if ((await store.activityDefinitions()).length === 0) {
    for (const activity of seed()) await store.saveActivity(activity, { atMs: now(), by: SEED_AUTHOR });
  }
  const load = async () => {
    const activities: Activity[] = [];
    for (const definition of await store.activityDefinitions()) {
      const parsed = parseActivity(definition);
      const safe = parsed.ok ? safeActivity(parsed.value, redirects) : parsed;
      // One bad row must not take the others down: it is skipped and named.
      if (safe.ok) activities.push(safe.value);
      else warn(`stored activity skipped: ${safe.reason}`);
    }
    return buildIndex(activities);
  };
  let current = await load();
  return {
    index: () => current,
    async save(activity, change) {
      await store.saveActivity(activity, change);
      current = await load();
    },
  };
}
