/** The §9 component timeout: a condition or action still pending after 2000 ms is abandoned. */
import { ACTION_TIMEOUT_MS } from '../constants.js';
import type { TagEnvironment } from '../environment.js';

/** What `settle` gives for work that did not finish in time. */
export const TIMED_OUT: unique symbol = Symbol('timedOut');

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * Awaits `work` for at most `ACTION_TIMEOUT_MS` on the environment's timers. Synchronous results
 * arm no timer. Work that times out keeps running (a promise cannot be cancelled), but its result
 * is ignored. A rejection passes through.
 */
export function settle<T>(work: T | PromiseLike<T>, env: TagEnvironment): Promise<T | typeof TIMED_OUT> {
  if (!isThenable(work)) return Promise.resolve(work);
  return new Promise((resolve, reject) => {
    const timer = env.setTimer(() => resolve(TIMED_OUT), ACTION_TIMEOUT_MS);
    Promise.resolve(work).then(
      (value) => {
        env.clearTimer(timer);
        resolve(value);
      },
      (error: unknown) => {
        env.clearTimer(timer);
        reject(error);
      },
    );
  });
}
