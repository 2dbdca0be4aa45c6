/**
 * Event ids stored (or being stored) recently, so that a retried beacon is acknowledged without
 * being stored twice. Bounded: the oldest ids are forgotten first. Reports count distinct event
 * ids as well, so a duplicate that slips past after a restart still counts once.
 */
export class RecentEventIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    if (this.ids.size >= this.capacity) this.ids.delete(this.ids.values().next().value as string);
    this.ids.add(id);
  }

  delete(id: string): void {
    this.ids.delete(id);
  }
}
