import { LRUCache } from 'lru-cache';

/**
 * Slows password guessing: after LOGIN_FAILURES_PER_ACCOUNT failed logins for one email, or
 * LOGIN_FAILURES_PER_ADDRESS from one client address, within LOGIN_FAILURE_WINDOW_MS, further
 * attempts are refused (429) until the oldest failure leaves the window. The address limit is
 * higher: many people may share one carrier or office address. Counts live in memory: a restart
 * forgets them, which costs an attacker a restart per window, not a way around the limit.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 30;
/** Keys remembered at most; past it the least recently failed are forgotten (memory stays bounded under a spray). */
export const LOGIN_THROTTLE_MAX_KEYS = 10_000;

export interface LoginThrottle {
  /** Milliseconds to wait before this email may be tried from this address; 0 when it may now. */
  retryAfterMs(email: string, address: string): number;
  recordFailure(email: string, address: string): void;
  /** A successful login clears the account's failures (the address's stay). */
  recordSuccess(email: string): void;
}

export function createLoginThrottle(now: () => number): LoginThrottle {
  // A failure makes its key the most recent (set); a check does not (peek).
  const failures = new LRUCache<string, number[]>({ max: LOGIN_THROTTLE_MAX_KEYS });
  const recent = (key: string): number[] => {
    const since = now() - LOGIN_FAILURE_WINDOW_MS;
    const times = (failures.peek(key) ?? []).filter((at) => at > since);
    if (times.length === 0) failures.delete(key);
    return times;
  };
  const waitMs = (key: string, limit: number): number => {
    const times = recent(key);
    if (times.length < limit) return 0;
    return times[times.length - limit]! + LOGIN_FAILURE_WINDOW_MS - now();
  };
  const add = (key: string, limit: number) => {
    failures.set(key, [...recent(key), now()].slice(-limit));
  };
  return {
    retryAfterMs: (email, address) => Math.max(waitMs(`account:${email}`, LOGIN_FAILURES_PER_ACCOUNT), waitMs(`address:${address}`, LOGIN_FAILURES_PER_ADDRESS)),
    recordFailure(email, address) {
      add(`account:${email}`, LOGIN_FAILURES_PER_ACCOUNT);
      add(`address:${address}`, LOGIN_FAILURES_PER_ADDRESS);
    },
    recordSuccess(email) {
      failures.delete(`account:${email}`);
    },
  };
}
