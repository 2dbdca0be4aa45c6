import { describe, expect, it } from 'vitest';
import { acceptIncomingVisitor, adoptIncomingVisitor, decorateLink, readIncomingVisitor } from '../src/index.js';
import { fakeCookieJar } from './helpers/fakes.js';

const ID = '1F65FB944AFA1C05-25FBFAF16BF6E758';
const NOW_MS = 1_795_000_000_000;
const NOW_S = NOW_MS / 1000;
const SISTERS = ['ccma.cat', '3cat.cat'];
const decorate = (href: string, pageHost?: string) => decorateLink(href, { visitorId: ID, nowMs: NOW_MS + 999, sisterDomains: SISTERS, pageHost });

describe('decorateLink', () => {
  it.each([
    { name: 'a sister domain', href: 'https://www.3cat.cat/tv3/', out: `https://www.3cat.cat/tv3/?mesura_vid=${ID}.${NOW_S}` },
    { name: 'a listed domain itself', href: 'https://3cat.cat/', out: `https://3cat.cat/?mesura_vid=${ID}.${NOW_S}` },
    { name: 'a link with a query and a hash', href: 'https://www.3cat.cat/cerca?q=a%20b&p=2#r', out: `https://www.3cat.cat/cerca?q=a%20b&p=2&mesura_vid=${ID}.${NOW_S}#r` },
    { name: 'a link already decorated', href: `https://www.3cat.cat/?mesura_vid=${ID}.1&x=1`, out: `https://www.3cat.cat/?x=1&mesura_vid=${ID}.${NOW_S}` },
    { name: 'an upper-case host', href: 'https://WWW.3CAT.CAT/', out: `https://WWW.3CAT.CAT/?mesura_vid=${ID}.${NOW_S}` },
  ])('decorates $name', ({ href, out }) => expect(decorate(href)).toBe(out));

  it.each([
    { name: 'another domain', href: 'https://example.com/' },
    { name: 'a domain that only ends like a sister', href: 'https://notccma.cat/' },
    { name: 'a relative link', href: '/noticia/1/' },
    { name: 'a mailto link', href: 'mailto:someone@ccma.cat' },
    { name: 'a javascript: link', href: 'javascript:void(0)' },
  ])('leaves $name alone', ({ href }) => expect(decorate(href)).toBe(href));

  it("leaves links to the page's own host alone", () => {
    expect(decorate('https://www.ccma.cat/x', 'www.ccma.cat')).toBe('https://www.ccma.cat/x');
  });
});

describe('acceptIncomingVisitor (§9 incoming cross-domain linking)', () => {
  const accept = (href: string, options: { cookies?: string } = {}) => {
    const jar = fakeCookieJar({ nowMs: NOW_MS }, options.cookies);
    return { outcome: acceptIncomingVisitor({ href }, NOW_MS, { jar }), jar };
  };

  it.each([
    { name: 'a fresh parameter', href: `https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S}`, url: 'https://www.3cat.cat/' },
    { name: 'a parameter 300 s old', href: `https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S - 300}`, url: 'https://www.3cat.cat/' },
    { name: 'a parameter among others', href: `https://www.3cat.cat/a?x=1&mesura_vid=${ID}.${NOW_S}&y=a+b#top`, url: 'https://www.3cat.cat/a?x=1&y=a+b#top' },
    { name: 'a parameter last', href: `https://www.3cat.cat/a?x=%7E&mesura_vid=${ID}.${NOW_S}`, url: 'https://www.3cat.cat/a?x=%7E' },
    { name: 'a parameter 60 s ahead', href: `https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S + 60}`, url: 'https://www.3cat.cat/' },
  ])('adopts $name and cleans the address', ({ href, url }) => {
    const { outcome, jar } = accept(href);
    expect(outcome).toEqual({ accepted: true, visitorId: ID, url });
    expect(jar.writes).toEqual([`mesura_fid=${ID}; Max-Age=34190000; Path=/; SameSite=Lax; Secure`]);
  });

  it.each([
    { name: 'expired', href: `https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S - 301}&x=1`, url: 'https://www.3cat.cat/?x=1' },
    { name: 'future', href: `https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S + 61}`, url: 'https://www.3cat.cat/' },
    { name: 'malformed', href: `https://www.3cat.cat/?mesura_vid=${ID}`, url: 'https://www.3cat.cat/' },
    { name: 'malformed', href: `https://www.3cat.cat/?mesura_vid=${ID.toLowerCase()}.${NOW_S}`, url: 'https://www.3cat.cat/' },
    { name: 'malformed', href: `https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S}x`, url: 'https://www.3cat.cat/' },
    { name: 'malformed', href: 'https://www.3cat.cat/?mesura_vid=&x=1', url: 'https://www.3cat.cat/?x=1' },
  ])('refuses a parameter as $name and still cleans the address: $href', ({ name, href, url }) => {
    const { outcome, jar } = accept(href);
    expect(outcome).toEqual({ accepted: false, reason: name, url });
    expect(jar.writes).toEqual([]);
  });

  it.each(['https://www.3cat.cat/a?x=1&other_mesura_vid=2#h', 'https://www.3cat.cat/?mesura_vid', 'https://www.3cat.cat/#?mesura_vid=1'])(
    'reports absent for %s, leaving the address as it is',
    (href) => expect(accept(href).outcome).toEqual({ accepted: false, reason: 'absent', url: href }),
  );

  it('replaces the id already in the cookie: the link is the newer word', () => {
    const { outcome, jar } = accept(`http://www.3cat.cat/?mesura_vid=${ID}.${NOW_S}`, { cookies: 'mesura_fid=0000000000000000-0000000000000000' });
    expect(outcome.accepted).toBe(true);
    expect(jar.get()).toBe(`mesura_fid=${ID}`);
    expect(jar.writes[0]).not.toContain('Secure');
  });

  it('writes nothing for an opted-out visitor', () => {
    const { outcome, jar } = accept(`https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S}`, { cookies: 'mesura_privacy=out' });
    expect(outcome).toEqual({ accepted: false, reason: 'opted-out', url: 'https://www.3cat.cat/' });
    expect(jar.writes).toEqual([]);
  });

  it('removes every copy of the parameter', () => {
    const href = `https://www.3cat.cat/?mesura_vid=${ID}.${NOW_S}&mesura_vid=x&a=1`;
    expect(accept(href).outcome).toMatchObject({ accepted: true, url: 'https://www.3cat.cat/?a=1' });
  });

  it('accepts what decorateLink wrote on the sister domain', () => {
    const href = decorateLink('https://www.3cat.cat/?a=1', { visitorId: ID, nowMs: NOW_MS - 5_000, sisterDomains: SISTERS });
    expect(accept(href).outcome).toEqual({ accepted: true, visitorId: ID, url: 'https://www.3cat.cat/?a=1' });
  });
});

describe('readIncomingVisitor: the head snippet reads the parameter before consent, writing nothing', () => {
  it('gives the id and the address without the parameter', () => {
    expect(readIncomingVisitor(`https://mesura.cat/el-temps/?a=1&mesura_vid=${ID}.${NOW_S - 10}#x`, NOW_MS)).toEqual({
      visitorId: ID,
      url: 'https://mesura.cat/el-temps/?a=1#x',
    });
  });

  it.each([
    { reason: 'absent', href: 'https://mesura.cat/?a=1' },
    { reason: 'malformed', href: `https://mesura.cat/?mesura_vid=${ID}` },
    { reason: 'expired', href: `https://mesura.cat/?mesura_vid=${ID}.${NOW_S - 301}` },
    { reason: 'future', href: `https://mesura.cat/?mesura_vid=${ID}.${NOW_S + 3600}` },
  ])('refuses an $reason parameter and still strips it', ({ reason, href }) => {
    expect(readIncomingVisitor(href, NOW_MS)).toEqual({ reason, url: reason === 'absent' ? href : 'https://mesura.cat/' });
  });
});

describe('adoptIncomingVisitor: the SDK writes a read id once consent allows', () => {
  it('writes the id in the first-party cookie, Secure on https', () => {
    const jar = fakeCookieJar();
    expect(adoptIncomingVisitor(jar, ID, 'https://mesura.cat/')).toBe(true);
    expect(jar.writes.at(-1)).toMatch(new RegExp(`^mesura_fid=${ID}; Max-Age=34190000; Path=/; SameSite=Lax; Secure$`));
  });

  it('writes nothing for an opted-out visitor', () => {
    const jar = fakeCookieJar({ nowMs: 0 }, 'mesura_privacy=out');
    expect(adoptIncomingVisitor(jar, ID, 'https://mesura.cat/')).toBe(false);
    expect(jar.writes).toEqual([]);
  });
});
