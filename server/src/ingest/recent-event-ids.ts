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

  constructor(readonly capacity: number) {}

  /** Ids known now: `capacity` once the table is full. */
  get size(): number {
    return this.writes.size;
  }

  /**
   * The write of `id`: the one already known, or `write()` started now. A write that fails is
   * forgotten, so that the client's next retry writes again.
   */
  writeOnce(id: string, write: () => Promise<void>): Promise<void> {
    const known = this.writes.get(id);
    if (known) return known;
    if (this.writes.size >= this.capacity) this.writes.delete(this.writes.keys().next().value as string);
    const started = write();
    this.writes.set(id, started);
    // Once settled, an id costs its key alone: a full table is the steady state of a busy collector.
    started.then(
      () => {
        if (this.writes.get(id) === started) this.writes.set(id, DURABLE);
      },
      () => {
        if (this.writes.get(id) === started) this.writes.delete(id);
      },
    );
    return started;
  }
}
