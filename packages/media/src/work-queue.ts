/**
 * The work queue of §9 ("work queue 2000"): requests wait here until the next tick, or until the
 * visitor opts in. Past its size the oldest request is dropped, so that a page left open with
 * privacy unknown keeps the latest playback rather than growing without end.
 */
export class WorkQueue<T> {
  readonly #items: T[] = [];
  readonly #maxItems: number;

  constructor(maxItems: number) {
    this.#maxItems = maxItems;
  }

  get size(): number {
    return this.#items.length;
  }

  /** Adds `item`; returns true when the oldest request had to be dropped to make room. */
  push(item: T): boolean {
    this.#items.push(item);
    if (this.#items.length <= this.#maxItems) return false;
    this.#items.shift();
    return true;
  }

  /** Takes the `count` oldest requests out, in order. */
  take(count: number): T[] {
    return this.#items.splice(0, count);
  }

  clear(): void {
    this.#items.length = 0;
  }
}
