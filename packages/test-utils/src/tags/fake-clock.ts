/** A simulated clock for the runtime's `now`/`setTimer`/`clearTimer`: time moves only on `advance`. */

export interface FakeClock {
  now(): number;
  setTimer(callback: () => void, delayMs: number): number;
  clearTimer(handle: unknown): void;
  /** Moves time forward, running due timers in order and letting promises settle in between. */
  advance(ms: number): Promise<void>;
  /** Timers still armed. */
  pending(): number;
}

/** Lets every queued promise callback run (no real time passes). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

export function fakeClock(start = Date.UTC(2026, 10, 23, 8, 0, 0)): FakeClock {
  let current = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => current,
    setTimer(callback, delayMs) {
      const id = nextId++;
      timers.set(id, { at: current + delayMs, callback });
      return id;
    },
    clearTimer(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = current + ms;
      for (;;) {
        await flush();
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        current = due[1].at;
        due[1].callback();
      }
      current = end;
      await flush();
    },
    pending: () => timers.size,
  };
}
