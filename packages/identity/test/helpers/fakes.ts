import type { RandomSource } from '../../src/index.js';

export interface FakeClock {
  nowMs: number;
}

// The fake cookie jar is @mesura/test-utils': the personalisation package's tests use it too.
export { fakeCookieJar, type FakeJar } from '@mesura/test-utils';

/** Deterministic bytes: 0x01, 0x02, … continuing across calls. */
export function fakeRandom(): RandomSource {
  let next = 1;
  return (bytes) => {
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = next++ & 0xff;
    return bytes;
  };
}

/** The first two ids `fakeRandom` makes. */
export const FIRST_RANDOM_ID = '0102030405060708-090A0B0C0D0E0F10';

export interface FakeTimers {
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** Runs the timers due within `ms`. */
  advance(ms: number): void;
  pending(): number;
}

export function fakeTimers(clock: FakeClock = { nowMs: 0 }): FakeTimers {
  const timers = new Map<number, { run: () => void; atMs: number }>();
  let ids = 0;
  return {
    setTimer: (run, ms) => {
      ids += 1;
      timers.set(ids, { run, atMs: clock.nowMs + ms });
      return ids;
    },
    clearTimer: (timer) => void timers.delete(timer as number),
    advance(ms) {
      clock.nowMs += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.atMs > clock.nowMs) continue;
        timers.delete(id);
        timer.run();
      }
    },
    pending: () => timers.size,
  };
}
