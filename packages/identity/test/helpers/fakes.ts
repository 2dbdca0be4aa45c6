import type { CookieJar, RandomSource } from '../../src/index.js';

export interface FakeClock {
  nowMs: number;
}

export interface FakeJar extends CookieJar {
  /** Every string written, as the page would assign it to `document.cookie`. */
  writes: string[];
}

/**
 * A cookie jar that behaves as `document.cookie` does for what Mesura writes: `Max-Age` counts on
 * `clock`, `Max-Age` ≤ 0 deletes, other attributes are recorded but not enforced. `blocked`: a
 * browser that saves nothing. The personalisation package's tests use it too.
 */
export function fakeCookieJar(clock: FakeClock = { nowMs: 0 }, initial = '', blocked = false): FakeJar {
  const cookies = new Map<string, { value: string; expiresMs: number }>();
  const writes: string[] = [];
  const store = (raw: string) => {
    const [pair = '', ...attributes] = raw.split(';');
    const eq = pair.indexOf('=');
    const maxAge = attributes.map((a) => /^\s*Max-Age=(-?\d+)$/i.exec(a)?.[1]).find((v) => v !== undefined);
    const name = pair.slice(0, eq).trim();
    if (maxAge !== undefined && Number(maxAge) <= 0) cookies.delete(name);
    else cookies.set(name, { value: pair.slice(eq + 1), expiresMs: maxAge === undefined ? Infinity : clock.nowMs + Number(maxAge) * 1000 });
  };
  for (const pair of initial.split('; ').filter(Boolean)) store(pair);
  return {
    writes,
    get: () =>
      [...cookies]
        .filter(([, cookie]) => cookie.expiresMs > clock.nowMs)
        .map(([name, cookie]) => `${name}=${cookie.value}`)
        .join('; '),
    set: (raw) => {
      writes.push(raw);
      if (!blocked) store(raw);
    },
  };
}

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
