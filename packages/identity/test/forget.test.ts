import { describe, expect, it } from 'vitest';
import { createIdentity, storedVisitorId } from '../src/index.js';
import { fakeCookieJar, fakeRandom } from './helpers/fakes.js';

/** An identity whose consent (`allowed`) the test switches, as the SDK's TCF consent would. */
const setUp = (options: { cookies?: string; secure?: boolean } = {}) => {
  const consent = { allowed: true };
  const jar = fakeCookieJar({ nowMs: 0 }, options.cookies);
  const identity = createIdentity({ jar, random: fakeRandom(), secure: options.secure ?? false, allowed: () => consent.allowed });
  return { consent, jar, identity };
};

describe('forget (consent withdrawn)', () => {
  it('removes mesura_fid from the browser, written with the attributes it was set with', () => {
    const { jar, identity } = setUp({ secure: true });
    identity.visitorId();
    identity.forget();
    expect(jar.get()).not.toContain('mesura_fid');
    expect(storedVisitorId(jar)).toBeUndefined();
    expect(jar.writes).toContain('mesura_fid=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it("removes the ID sync's record too, so that the next id is synced on its own day", () => {
    const { jar, identity } = setUp({ cookies: 'mesura_fid=1F65FB944AFA1C05-25FBFAF16BF6E758; mesura_sync=1; euconsent-v2=CQ; mesura_privacy=in' });
    identity.forget();
    // The choice itself stays: it is the visitor's, not an identifier.
    expect(jar.get()).toBe('euconsent-v2=CQ; mesura_privacy=in');
  });

  it('gives a later consent a new id, different from the erased one', () => {
    const { consent, jar, identity } = setUp();
    const before = identity.visitorId();
    consent.allowed = false;
    identity.forget();
    consent.allowed = true;
    const after = identity.visitorId();
    expect(after).not.toBe(before);
    expect(storedVisitorId(jar)).toBe(after);
  });

  it('writes no id while consent does not allow it, whoever asks for one', () => {
    const { consent, jar, identity } = setUp();
    consent.allowed = false;
    const id = identity.visitorId();
    expect(identity.visitorId()).toBe(id);
    expect(jar.writes).toEqual([]);
    expect(storedVisitorId(jar)).toBeUndefined();
  });
});
