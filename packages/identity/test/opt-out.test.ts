import { describe, expect, it } from 'vitest';
import { createIdentity, storedVisitorId } from '../src/index.js';
import { fakeCookieJar, fakeRandom } from './helpers/fakes.js';

const setUp = () => {
  const clock = { nowMs: 0 };
  const jar = fakeCookieJar(clock);
  return { clock, jar, identity: createIdentity({ jar, random: fakeRandom(), secure: true }) };
};

describe('optOut', () => {
  it('starts unknown and not opted out', () => {
    const { identity } = setUp();
    expect(identity.privacyStatus()).toBe('unknown');
    expect(identity.isOptedOut()).toBe(false);
  });

  it("is remembered in a cookie for the spec's default TTL of 7200 s (§9)", () => {
    const { jar, identity } = setUp();
    identity.optOut();
    expect(jar.writes).toContain('mesura_privacy=out; Max-Age=7200; Path=/; SameSite=Lax; Secure');
    expect(identity.isOptedOut()).toBe(true);
  });

  it('erases the visitor id from the browser, and the id after the opt-out ends is a new one', () => {
    const { clock, jar, identity } = setUp();
    const before = identity.visitorId();
    identity.optOut();
    expect(jar.get()).not.toContain('mesura_fid');
    expect(storedVisitorId(jar)).toBeUndefined();
    clock.nowMs = 7_200_000;
    const after = identity.visitorId();
    expect(after).not.toBe(before);
    expect(storedVisitorId(jar)).toBe(after);
  });

  it('lasts 7200 s, then the status is unknown again', () => {
    const { clock, identity } = setUp();
    identity.optOut();
    clock.nowMs = 7_199_999;
    expect(identity.privacyStatus()).toBe('opted-out');
    clock.nowMs = 7_200_000;
    expect(identity.privacyStatus()).toBe('unknown');
    expect(identity.isOptedOut()).toBe(false);
  });
});

describe('optIn', () => {
  it('is remembered for the default opt-in storage expiry of 33696000 s and ends an opt-out (§9)', () => {
    const { jar, identity } = setUp();
    identity.optOut();
    identity.optIn();
    expect(jar.writes.at(-1)).toBe('mesura_privacy=in; Max-Age=33696000; Path=/; SameSite=Lax; Secure');
    expect(identity.privacyStatus()).toBe('opted-in');
    expect(identity.isOptedOut()).toBe(false);
  });
});
