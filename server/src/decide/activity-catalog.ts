/**
 * The activities held in memory. Loaded from the store at start (seeding the site's activities
 * when the table is empty, i.e. on a first start only: an editor who deletes or changes them keeps
 * their changes), and reloaded after every change made through it. Every definition is checked
 * and made safe as it loads (offer-safety.ts), so that what is served holds today's rules even
 * for a row stored under older ones.
 *
 * Where several decision servers share one store (PostgreSQL metadata, store/postgres/), each also
 * polls the store's version every ACTIVITY_REFRESH_MS and reloads when it grew, so a change saved
 * through any server is served by all within that time (plus one load).
 */
import type { Activity } from '@mesura/protocol';
import type { ActivityChange, ActivityStore, ChangeAuthor } from '../store/decision-store.js';
import { parseActivity } from './activity.js';
import { buildIndex, type ActivityIndex } from './activity-index.js';
import { safeActivity } from './offer-safety.js';
import type { RedirectPolicy } from './redirect-policy.js';
import { siteActivities } from './site-activities.js';

/** Who the history names for the seeds of a first start. */
export const SEED_AUTHOR = 'system';

/**
 * How often a decision server asks a shared store whether another server changed an activity.
 * Each ask reads one number. The promise is "within 5 s": this interval plus one reload of the
 * definitions (milliseconds) must stay under it.
 */
export const ACTIVITY_REFRESH_MS = 2000;

export interface CatalogTimers {
  /** The callback answers the poll's promise (timers ignore it). */
  setInterval: (callback: () => Promise<void>, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const SYSTEM_TIMERS: CatalogTimers = {
  setInterval: (callback, ms) => setInterval(() => void callback(), ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface ActivityCatalog {
  /** The current snapshot; replaced whole on change. */
  index(): ActivityIndex;
  /** Stores the definition (already checked and made safe) and its history entry, then reloads. */
  save(activity: Activity, change: ChangeAuthor): Promise<void>;
  /** Every recorded change of the activity, newest first. */
  history(activityId: string): Promise<ActivityChange[]>;
  /** Reloads when the store's version moved since the last load; what each poll runs. */
  refresh(): Promise<void>;
  /** Stops polling. */
  close(): void;
}

export interface ActivityCatalogOptions {
  now: () => number;
  warn: (message: string) => void;
  redirects: RedirectPolicy;
  seed?: () => Activity[];
  /** Poll the store every ACTIVITY_REFRESH_MS: set when other servers write to the same store. Default false. */
  poll?: boolean;
  /** Default the process's timers (unref'd: polling never keeps a process alive). */
  timers?: CatalogTimers;
  /**
   * Opens with no activity, without asking the store, and seeds and loads on the first poll that
   * reaches it: for a collector whose PostgreSQL did not answer at its start (delivery answers no
   * offer meanwhile). Only with `poll`. Default false.
   */
  startWithoutStore?: boolean;
}

export async function openActivityCatalog(store: ActivityStore, options: ActivityCatalogOptions): Promise<ActivityCatalog> {
  const { now, warn, redirects, seed = siteActivities, timers = SYSTEM_TIMERS } = options;
  let seeded = false;
  let loadedVersion = -1;
  let current = buildIndex([]);
  const load = async () => {
    // The version is read first: a change saved during the load makes the next poll load again.
    const version = await store.activitiesVersion();
    const activities: Activity[] = [];
    for (const definition of await store.activityDefinitions()) {
      const parsed = parseActivity(definition);
      const safe = parsed.ok ? safeActivity(parsed.value, redirects) : parsed;
      // One bad row must not take the others down: it is skipped and named.
      if (safe.ok) activities.push(safe.value);
      else warn(`stored activity skipped: ${safe.reason}`);
    }
    current = buildIndex(activities);
    loadedVersion = version;
  };
  const seedAndLoad = async () => {
    await store.seedActivities(seed(), { atMs: now(), by: SEED_AUTHOR });
    seeded = true;
    await load();
  };
  if (!options.startWithoutStore) await seedAndLoad();
  else if (!options.poll) throw new Error('an activity catalog that starts without its store must poll it');
  const refresh = async () => {
    if (!seeded) await seedAndLoad();
    else if ((await store.activitiesVersion()) !== loadedVersion) await load();
  };
  let polling: Promise<void> | undefined;
  const failures = pollFailureLog(warn);
  // A poll still running (a slow store) is not doubled; the promise lets tests await the poll they fire.
  const poll = () =>
    (polling ??= refresh()
      .then(failures.succeeded, failures.failed)
      .finally(() => (polling = undefined)));
  const handle = options.poll ? timers.setInterval(poll, ACTIVITY_REFRESH_MS) : undefined;
  return {
    index: () => current,
    async save(activity, change) {
      await store.saveActivity(activity, change);
      await load();
    },
    history: (activityId) => store.activityHistory(activityId),
    refresh,
    close() {
      if (handle !== undefined) timers.clearInterval(handle);
    },
  };
}

/**
 * What the polls tell the log: a store that is down for ten minutes fails 300 polls, so the log
 * gets the first failure, each new reason, and one line when a poll reaches the store again.
 */
function pollFailureLog(warn: (message: string) => void) {
  let failedPolls = 0;
  let lastReason: string | undefined;
  return {
    failed(error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      failedPolls += 1;
      if (reason !== lastReason) warn(`activities not refreshed from the store, will retry: ${reason}`);
      lastReason = reason;
    },
    succeeded() {
      if (failedPolls > 0) warn(`activities refreshed from the store again after ${failedPolls} failed polls`);
      failedPolls = 0;
      lastReason = undefined;
    },
  };
}
