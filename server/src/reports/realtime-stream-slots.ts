/**
 * The real-time streams' bounds: at most `perUser` open streams per user and `total` in all. A
 * slot taken is given back once, when its stream closes. Pure bookkeeping, no timers.
 */
export type SlotRefusal = 'user' | 'total';

export class RealtimeStreamSlots {
  private readonly byUser = new Map<string, number>();
  private open = 0;

  constructor(private readonly limits: { perUser: number; total: number }) {}

  /** A release function for the slot, or why none is free. */
  take(userId: string): (() => void) | SlotRefusal {
    const held = this.byUser.get(userId) ?? 0;
    if (held >= this.limits.perUser) return 'user';
    if (this.open >= this.limits.total) return 'total';
    this.byUser.set(userId, held + 1);
    this.open += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left === 0) this.byUser.delete(userId);
      else this.byUser.set(userId, left);
    };
  }

  get size(): number {
    return this.open;
  }
}
