import { LRUCache } from 'lru-cache';

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
  // lru-cache rather than a Map whose first key is deleted when full: V8 keeps a Map's deleted
  // entries as holes until it rehashes, and finding the first key steps over all of them, so a full
  // table of 200,000 ids spent 60-250 µs per new id (bench:soak: half the event loop by minute 19).
  private readonly writes: LRUCache<string, Promise<void>>;

  constructor(readonly capacity: number) {
    this.writes = new LRUCache({ max: capacity });
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
    // peek: a lookup does not make an id recent; the first written are the first forgotten.
    const known = this.writes.peek(id);
    if (known) return known;
    const started = write();
    this.writes.set(id, started);
    // Once settled, an id costs its key alone: a full table is the steady state of a busy collector.
    started.then(
      () => {
        if (this.writes.peek(id) === started) this.writes.set(id, DURABLE);
      },
      () => {
        if (this.writes.peek(id) === started) this.writes.delete(id);
      },
    );
    return started;
  }
}
