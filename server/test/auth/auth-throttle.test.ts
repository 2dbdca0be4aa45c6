import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURE_WINDOW_MS, LOGIN_THROTTLE_MAX_KEYS, createLoginThrottle } from '../../src/auth/login-throttle.js';

describe('failed sign-ins are slowed', () => {
  it('per address: many emails tried from one address are stopped, another address is not', () => {
    let nowMs = 0;
    const throttle = createLoginThrottle(() => nowMs);
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) {
      expect(throttle.retryAfterMs(`user${i}@example.cat`, '203.0.113.9')).toBe(0);
      throttle.recordFailure(`user${i}@example.cat`, '203.0.113.9');
      nowMs += 1000;
    }
    expect(throttle.retryAfterMs('someone@example.cat', '203.0.113.9')).toBe(LOGIN_FAILURE_WINDOW_MS - LOGIN_FAILURES_PER_ADDRESS * 1000);
    expect(throttle.retryAfterMs('someone@example.cat', '198.51.100.7')).toBe(0);
  });

  it('per account: from any address, until the oldest failure leaves the window; a success clears the account', () => {
    let nowMs = 0;
    const throttle = createLoginThrottle(() => nowMs);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) throttle.recordFailure('anna@example.cat', `198.51.100.${i}`);
    expect(throttle.retryAfterMs('anna@example.cat', '192.0.2.1')).toBe(LOGIN_FAILURE_WINDOW_MS);
    nowMs = LOGIN_FAILURE_WINDOW_MS;
    expect(throttle.retryAfterMs('anna@example.cat', '192.0.2.1')).toBe(0);
    throttle.recordFailure('anna@example.cat', '192.0.2.1');
    throttle.recordSuccess('anna@example.cat');
    expect(throttle.retryAfterMs('anna@example.cat', '192.0.2.1')).toBe(0);
  });

  it('remembers at most its named number of keys under a spray, forgetting the least recently failed first', () => {
    const throttle = createLoginThrottle(() => 0);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) throttle.recordFailure('first@example.cat', '192.0.2.1');
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) throttle.recordFailure('last@example.cat', '192.0.2.1');
    // Three keys so far (two accounts, one address); each spray attempt adds two: one past the bound.
    for (let i = 0; i < LOGIN_THROTTLE_MAX_KEYS / 2 - 1; i++) throttle.recordFailure(`spray${i}@example.cat`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(throttle.retryAfterMs('first@example.cat', '198.51.100.7')).toBe(0);
    expect(throttle.retryAfterMs('last@example.cat', '198.51.100.7')).toBe(LOGIN_FAILURE_WINDOW_MS);
  });
});
