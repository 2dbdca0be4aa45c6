/**
 * Waiting with a bound: what a promise gives within so many milliseconds of the client's clock, so
 * that fake time drives it in tests.
 */
import type { Clock } from './deps.js';

/** `promise`'s value; undefined when it rejects or has not resolved within `ms`. The timer is cleared either way. */
export function settleWithin<T>(promise: Promise<T>, clock: Clock, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const settle = (value: T | undefined) => {
      clock.clearTimer(timer);
      resolve(value);
    };
    const timer = clock.setTimer(() => resolve(undefined), ms);
    promise.then(settle, () => settle(undefined));
  });
}
