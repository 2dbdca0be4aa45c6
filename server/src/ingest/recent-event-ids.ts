/** What a durable write is kept as: one shared settled promise, not the write's own with its reactions. */
const DURABLE: Promise<void> = Promise.resolve();

/**
 * Event ids stored (or being stored) recently, each with its write, so that a retried beacon is
 * not stored twice and yet is acknowledged only once the first copy is durable: a retry that
 * arrives while the first write is in flight waits for that write and shares its outcome (a 2xx
 * must never go out for an event whose only write then fails). Bounded: the oldest ids are
 * forgotten first. Reports count distinct event ids as well, so a duplicate that slips past after
 * a restart still counts once.
 */
export class RecentEventIds {
  private readonly writes = new Map<string, Promise<void>>();
  /**
   * The ids in the order they were first written, `capacity` slots reused in turn: the slot a new
   * id takes names the id to forget. Every id of `writes` is in exactly one slot (a failed write
   * empties its own). Finding the oldest key of a Map instead steps over every deleted entry V8
   * has not yet rehashed away, 60-250 µs per new id once a table of 200,000 ids is full
   * (bench:soak); lru-cache, which this replaced, kept a linked list per id for a recency that a
   * lookup here never changes.
   */
  private readonly order: (string | undefined)[];
  private nextSlot = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`RecentEventIds keeps at least one id; got ${capacity}`);
    this.order = new Array<string | undefined>(capacity).fill(undefined);
  }

  /** Ids known now: `capacity` once the table is full. */
  get size(): number {
    return this.writes.size;
  }

  /**
   * The write of `id`: the one already known, or `write()` started now. A write that fails is
   * forgotten, so that the client's next retry writes again.
   */
  writeOnce(id: string, write: () => Promise<void>): Promise<void> {
    // A lookup does not make an id recent: the first written are the first forgotten.
    const known = this.writes.get(id);
    if (known) return known;
    const started = write();
    const slot = this.remember(id, started);
    // Once settled, an id costs its key alone: a full table is the steady state of a busy collector.
    started.then(
      () => {
        if (this.writes.get(id) === started) this.writes.set(id, DURABLE);
      },
      () => {
        if (this.writes.get(id) !== started) return;
        this.writes.delete(id);
        this.order[slot] = undefined;
      },
    );
    return started;
  }

  /** Keeps `id` in the next slot, forgetting the id that held it; answers the slot. */
  private remember(id: string, write: Promise<void>): number {
    const slot = this.nextSlot;
    const forgotten = this.order[slot];
    if (forgotten !== undefined) this.writes.delete(forgotten);
    this.order[slot] = id;
    this.writes.set(id, write);
    this.nextSlot = slot + 1 === this.capacity ? 0 : slot + 1;
    return slot;
  }
}
