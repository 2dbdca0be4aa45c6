/**
 * The work queue of §9 ("work queue 2000"): requests wait here until the next tick, or until the
 * visitor opts in. Past its size the oldest request is dropped, so that a page left open with
 * privacy unknown keeps the latest playback rather than growing without end.
 */
export interface WorkQueue<T> {
  readonly size: number;
  /** Adds `item`; returns true when the oldest request had to be dropped to make room. */
  push(item: T): boolean;
  /** Takes every request out, oldest first. */
  takeAll(): T[];
  clear(): void;
}

/** A closure rather than a class with `#items`: ES2020 bundles compile private fields to WeakMaps. */
export function createWorkQueue<T>(maxItems: number): WorkQueue<T> {
  const items: T[] = [];
  return {
    get size() {
      return items.length;
    },
    push(item) {
      items.push(item);
      return items.length > maxItems && items.shift() !== undefined;
    },
    takeAll: () => items.splice(0),
    clear() {
      items.length = 0;
    },
  };
}
