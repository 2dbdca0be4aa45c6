import { describe, expect, it } from 'vitest';
import { decodeBeacon, encodeBeaconQuery, type AnalyticsHit, type HitType } from '@mesura/protocol';
import { SAMPLE_BEACONS, makeHit, splitBeaconUrl, withoutIdServiceParams } from '@mesura/test-utils';

describe('encodeBeaconQuery', () => {
  it('writes the parameters in the order the library writes them', () => {
    const hit = makeHit({
      eventId: 'e-1',
      pageName: 'ccma:portada',
      url: 'https://www.example.cat/',
      referrer: 'https://www.google.com/',
      channel: 'home',
      charset: 'UTF-8',
      currency: 'EUR',
      events: [{ id: 1 }, { id: 2, value: 3 }],
      props: { 2: 'p2', 1: 'p1' },
      eVars: { 1: 'v1', 0: 'campanya' },
      hierarchies: { 1: 'a|b' },
      lists: { 1: 'x,y' },
      contextData: { 'ccma.seccio': 'noticies' },
      browser: { screen: '0x0', colorDepth: '24', jsVersion: '1.6', java: 'N', cookiesEnabled: 'Y', browserWidth: '1024', browserHeight: '768' },
      lastRequestTime: 5,
    });
    expect(encodeBeaconQuery(hit, 'page_view').split('&')).toEqual([
      'AQB=1',
      'ndh=1',
      'pf=1',
      't=22%2F10%2F2026%209%3A59%3A43%200%20-60',
      'fid=1F65FB944AFA1C05-25FBFAF16BF6E758',
      'ce=UTF-8',
      'pageName=ccma%3Aportada',
      'g=https%3A%2F%2Fwww.example.cat%2F',
      'r=https%3A%2F%2Fwww.google.com%2F',
      'c.',
      'ccma.',
      'seccio=noticies',
      '.ccma',
      '.c',
      'cc=EUR',
      'ch=home',
      'events=event1%2Cevent2%3D3',
      'c1=p1',
      'c2=p2',
      'v0=campanya',
      'v1=v1',
      'h1=a%7Cb',
      'l1=x%2Cy',
      's=0x0',
      'c=24',
      'j=1.6',
      'v=N',
      'k=Y',
      'bw=1024',
      'bh=768',
      'lrt=5',
      'eid=e-1',
      'AQE=1',
    ]);
  });

  it('writes a link hit with pe, pev1 and pev2, then its context data', () => {
    const hit = makeHit({
      link: { type: 'd', url: 'https://other.com/x.pdf', name: 'PDF' },
      contextData: { 'a.activitymap.link': 'PDF' },
    });
    expect(encodeBeaconQuery(hit, 'link_d')).toContain('&pe=lnk_d&pev1=https%3A%2F%2Fother.com%2Fx.pdf&pev2=PDF&c.&a.&activitymap.&link=PDF&.activitymap&.a&.c&AQE=1');
  });

  it('writes a media start as pe=ms_s with pev3', () => {
    const hit = makeHit({ media: { kind: 'ms_s', mediaType: 'audio' } });
    expect(encodeBeaconQuery(hit, 'media_start')).toContain('&pe=ms_s&pev3=audio&AQE=1');
  });

  it('nests keys that share a prefix even when the record lists them apart', () => {
    const hit = makeHit({ contextData: { 'a.x': '1', 'b.y': '2', 'a.z.w': '3' } });
    expect(encodeBeaconQuery(hit, 'page_view')).toContain('&c.&a.&x=1&z.&w=3&.z&.a&b.&y=2&.b&.c&');
  });

  it("encodes '+', '&', '=', '%' and spaces so that a form decoder reads them back", () => {
    const hit = makeHit({ pageName: 'a+b & c=d 100%' });
    expect(encodeBeaconQuery(hit, 'page_view')).toContain('&pageName=a%2Bb%20%26%20c%3Dd%20100%25&');
  });

  it('leaves out empty values, as the library does', () => {
    const hit = makeHit({ pageName: '', channel: '', props: { 1: '' }, contextData: { 'a.b': '' }, browser: { screen: '' } });
    expect(encodeBeaconQuery(hit, 'page_view')).toBe('AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A43%200%20-60&fid=1F65FB944AFA1C05-25FBFAF16BF6E758&AQE=1');
  });

  it.each(SAMPLE_BEACONS)('writes again the library beacon $name, but for its id-service extras', ({ url }) => {
    const { path, query } = splitBeaconUrl(url);
    const decoded = decodeBeacon(path, query);
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(encodeBeaconQuery(decoded.value.hit, decoded.value.hitType)).toBe(withoutIdServiceParams(query));
  });

  it.each<{ name: string; hitType: HitType; hit: AnalyticsHit; error: string }>([
    {
      name: 'a link of another type',
      hitType: 'link_o',
      hit: makeHit({ link: { type: 'd' } }),
      error: "hit type link_o does not match the hit: link.type is 'd'",
    },
    {
      name: 'a link on a page view',
      hitType: 'page_view',
      hit: makeHit({ link: { type: 'o' } }),
      error: "hit type page_view does not match the hit: link.type is 'o'",
    },
    {
      name: 'an ad start carrying a media start',
      hitType: 'ad_start',
      hit: makeHit({ media: { kind: 'ms_s', mediaType: 'video' } }),
      error: "hit type ad_start does not match the hit: media.kind is 'ms_s'",
    },
    {
      name: 'a media start without media',
      hitType: 'media_start',
      hit: makeHit(),
      error: 'hit type media_start does not match the hit: media is missing',
    },
    {
      name: 'a context data key with an empty segment',
      hitType: 'page_view',
      hit: makeHit({ contextData: { 'a..b': 'x' } }),
      error: 'empty segment in context data key "a..b"',
    },
    {
      name: 'an event with both a value and a serial',
      hitType: 'page_view',
      hit: makeHit({ events: [{ id: 4, value: 2, serial: 'S1' }] }),
      error: 'event4 has both a value and a serial',
    },
  ])('throws on $name', ({ hitType, hit, error }) => {
    expect(() => encodeBeaconQuery(hit, hitType)).toThrow(error);
  });
});
