/**
 * The activities in memory, arranged for deciding: by mbox, in the order priorities rank them.
 * Rebuilt whole whenever the stored activities change (they are few), so a decision reads a
 * consistent snapshot and never touches the store.
 */
import { GLOBAL_MBOX, type Activity } from '@mesura/protocol';

export interface ActivityIndex {
  readonly all: readonly Activity[];
  /** Active activities answering a named mbox, highest priority first, ties by id. */
  forMbox(mbox: string): readonly Activity[];
  /** What the global mbox considers: activities naming it, and those whose audience names a path. */
  readonly global: readonly Activity[];
  byId(id: string): Activity | undefined;
}

/** Highest priority first; equal priorities by id, so the winner never depends on load order. */
export function byPriority(a: Activity, b: Activity): number {
  return b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function buildIndex(activities: readonly Activity[]): ActivityIndex {
  const active = activities.filter((a) => a.status === 'active').sort(byPriority);
  const byMbox = new Map<string, Activity[]>();
  for (const activity of active) {
    for (const mbox of new Set(activity.mboxes)) {
      const list = byMbox.get(mbox) ?? [];
      list.push(activity);
      byMbox.set(mbox, list);
    }
  }
  const global = active.filter((a) => a.mboxes.includes(GLOBAL_MBOX) || a.audience?.path !== undefined);
  const ids = new Map(activities.map((a) => [a.id, a]));
  return {
    all: [...activities].sort((a, b) => (a.id < b.id ? -1 : 1)),
    forMbox: (mbox) => (mbox === GLOBAL_MBOX ? global : (byMbox.get(mbox) ?? [])),
    global,
    byId: (id) => ids.get(id),
  };
}
