import { describe, expect, it } from 'vitest';
import { adoptCollectorId, createIdentity, isVisitorId, newVisitorId, storedVisitorId } from '../src/index.js';
import { FIRST_RANDOM_ID, fakeCookieJar, fakeRandom } from './helpers/fakes.js';

const setUp = (options: { cookies?: string; secure?: boolean } = {}) => {
  const jar = fakeCookieJar({ nowMs: 0 }, options.cookies);
  const identity = createIdentity({ jar, random: fakeRandom(), secure: options.secure ?? false });
  return { jar, identity };
};

describe('newVisitorId', () => {
  it('draws 128 random bits as two halves of 16 upper-case hex digits', () => {
    const id = newVisitorId(fakeRandom());
    expect(id).toBe(FIRST_RANDOM_ID);
    expect(isVisitorId(id)).toBe(true);
  });

  it.each(['', '0102030405060708', '0102030405060708-090a0b0c0d0e0f10', '0102030405060708-090A0B0C0D0E0F1', 'x'])('rejects %j as a visitor id', (value) => expect(isVisitorId(value)).toBe(false));
});

describe('visitorId', () => {
  it('creates the id once and reuses it from the cookie', () => {
    const { jar, identity } = setUp();
    const first = identity.visitorId();
    expect(identity.visitorId()).toBe(first);
    expect(jar.writes).toHaveLength(1);
  });

  it("writes mesura_fid with the spec's default lifetime, SameSite=Lax and Path=/ (§9)", () => {
    const { jar, identity } = setUp();
    identity.visitorId();
    expect(jar.writes).toEqual([`mesura_fid=${FIRST_RANDOM_ID}; Max-Age=34190000; Path=/; SameSite=Lax`]);
  });

  it('adds Secure on an https page', () => {
    const { jar, identity } = setUp({ secure: true });
    identity.visitorId();
    expect(jar.writes[0]).toBe(`mesura_fid=${FIRST_RANDOM_ID}; Max-Age=34190000; Path=/; SameSite=Lax; Secure`);
  });

  it('keeps the id an earlier SDK wrote, so existing visitors stay the same', () => {
    const { jar, identity } = setUp({ cookies: 'other=1; mesura_fid=1F65FB944AFA1C05-25FBFAF16BF6E758' });
    expect(identity.visitorId()).toBe('1F65FB944AFA1C05-25FBFAF16BF6E758');
    expect(jar.writes).toEqual([]);
  });

  it('replaces a cookie of another format', () => {
    const { identity } = setUp({ cookies: 'mesura_fid=not-an-id' });
    expect(identity.visitorId()).toBe(FIRST_RANDOM_ID);
  });

  it('writes no cookie while opted out, but keeps one id for the page', () => {
    const { jar, identity } = setUp();
    identity.optOut();
    const id = identity.visitorId();
    expect(identity.visitorId()).toBe(id);
    // The opt-out's own erasure writes `mesura_fid=` empty; no id is ever written.
    expect(jar.writes.filter((w) => /^mesura_fid=[^;]/.test(w))).toEqual([]);
  });
});

describe('adoptCollectorId', () => {
  const collectorId = 'AAAAAAAAAAAAAAAA-BBBBBBBBBBBBBBBB';

  it('takes the collector id when the visitor is new here', () => {
    const { identity, jar } = setUp();
    expect(storedVisitorId(jar)).toBeUndefined();
    expect(adoptCollectorId(jar, collectorId, false)).toBe(true);
    expect(identity.visitorId()).toBe(collectorId);
  });

  it('never replaces the first-party id', () => {
    const { identity, jar } = setUp({ cookies: 'mesura_fid=1F65FB944AFA1C05-25FBFAF16BF6E758' });
    expect(adoptCollectorId(jar, collectorId, false)).toBe(false);
    expect(identity.visitorId()).toBe('1F65FB944AFA1C05-25FBFAF16BF6E758');
  });

  it('refuses a malformed id and any id while opted out', () => {
    const { identity, jar } = setUp();
    expect(adoptCollectorId(jar, 'abc', false)).toBe(false);
    identity.optOut();
    expect(adoptCollectorId(jar, collectorId, false)).toBe(false);
    expect(storedVisitorId(jar)).toBeUndefined();
  });
});
