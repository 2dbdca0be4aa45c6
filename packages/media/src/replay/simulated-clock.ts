/**
 * Fake time for the replay and the tests (as XState's SimulatedClock): a clock and timers that
 * move only when told to. `advanceTo` runs every timer due on the way, in due order (ties in the
 * order they were set), with the clock at each timer's due time, and lets promises settle after
 * each, so that what a timer started (a settings read, a failed send) lands at that same time.
 */
import { SETTLE_TURNS } from '../constants.js';
import type { Clock, TimerHandle, Timers } from '../deps.js';

interface Timer {
  dueMs: number;
  order: number;
  run: () => void;
}

export async function settle(): Promise<void> {
  for (let i = 0; i < SETTLE_TURNS; i++) await Promise.resolve();
}

export class SimulatedClock implements Clock, Timers {
  private nowMs: number;
  private nextOrder = 0;
  private readonly timers = new Map<number, Timer>();

  constructor(startMs = 0) {
    this.nowMs = startMs;
  }

  now(): number {
    return this.nowMs;
  }

  setTimer(run: () => void, ms: number): TimerHandle {
    const order = this.nextOrder++;
    this.timers.set(order, { dueMs: this.nowMs + Math.max(0, ms), order, run });
    return order;
  }

  clearTimer(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  /** Timers not yet run. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  async advanceTo(targetMs: number): Promise<void> {
    await settle();
    for (let timer = this.nextDue(targetMs); timer !== undefined; timer = this.nextDue(targetMs)) {
      this.timers.delete(timer.order);
      this.nowMs = Math.max(this.nowMs, timer.dueMs);
      timer.run();
      await settle();
    }
    this.nowMs = Math.max(this.nowMs, targetMs);
  }

  /** A sleeping page: the clock moves to `targetMs` running no timer; those due run late, at the next advance. */
  jumpTo(targetMs: number): void {
    this.nowMs = Math.max(this.nowMs, targetMs);
  }

  advanceBy(ms: number): Promise<void> {
    return this.advanceTo(this.nowMs + ms);
  }

  private nextDue(targetMs: number): Timer | undefined {
    let next: Timer | undefined;
    for (const timer of this.timers.values()) {
      if (timer.dueMs > targetMs) continue;
      if (next === undefined || timer.dueMs < next.dueMs || (timer.dueMs === next.dueMs && timer.order < next.order)) next = timer;
    }
    return next;
  }
}
