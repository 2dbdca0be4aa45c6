/**
 * A background job run once at start and then every interval, one run at a time (a run waits for
 * the one before), on an unref'd timer that never keeps the process alive, stopped on close. The
 * timers are injected so that tests fire them by hand; each run catches its own errors.
 */

/** The timer functions a job uses; the globals by default. */
export interface JobTimers {
  setInterval(run: () => void, ms: number): { unref?(): unknown };
  clearInterval(handle: unknown): void;
}

export interface PeriodicJob<T> {
  /** Runs now (after any run in progress); resolves with what the run answered. */
  runNow(): Promise<T>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startPeriodicJob<T>(run: () => Promise<T>, intervalMs: number, timers?: JobTimers): PeriodicJob<T> {
  const clock = timers ?? { setInterval, clearInterval: (handle: unknown) => clearInterval(handle as NodeJS.Timeout) };
  let last: Promise<unknown> = Promise.resolve();
  const runNow = () => {
    const next = last.then(run);
    last = next;
    return next;
  };
  const handle = clock.setInterval(() => void runNow(), intervalMs);
  handle.unref?.();
  void runNow();
  return {
    runNow,
    async stop() {
      clock.clearInterval(handle);
      await last;
    },
  };
}
