import { describe, expect, it } from 'vitest';
import { REPORT_SUITES, SITE_VARIABLE_MAP, decodeBeacon, decodeBeaconQuery, encodeBeacon, encodeBeaconQuery, eventId, variableSlots, type AnalyticsHit, type HitType } from '@mesura/protocol';
import { chars, makeHit } from '@mesura/test-utils';

interface RoundTripCase {
  name: string;
  hitType: HitType;
  hit: AnalyticsHit;
}

const BROWSER = {
  screen: '1920x1080',
  colorDepth: '24',
  jsVersion: '1.6',
  java: 'N',
  cookiesEnabled: 'Y',
  browserWidth: '1280',
  browserHeight: '720',
};

const cases: RoundTripCase[] = [
  {
    name: 'a page view with every page field',
    hitType: 'page_view',
    hit: makeHit({
      eventId: '018f3c2e-7a41-7cc0-9d1e-5b2f8e4a6c10',
      visitor: { mid: '12345678901234567890123456789012345678' },
      pageName: 'ccma:portada',
      url: 'https://www.example.cat/?utm=1',
      referrer: 'https://www.google.com/',
      channel: 'home',
      charset: 'UTF-8',
      currency: 'EUR',
      events: [{ id: 1 }],
      props: { 1: 'noticies', 8: 'home' },
      eVars: { 1: 'noticies', 8: 'home' },
      contextData: { 'ccma.seccio': 'noticies' },
      browser: BROWSER,
      lastRequestTime: 120,
    }),
  },
  {
    name: 'a custom link',
    hitType: 'link_o',
    hit: makeHit({ events: [{ id: 10 }], link: { type: 'o', name: 'Play button' }, eVars: { 28: 'boto-play' } }),
  },
  {
    name: 'a download link with ActivityMap context data',
    hitType: 'link_d',
    hit: makeHit({
      events: [{ id: 5 }],
      link: { type: 'd', url: 'https://other.com/x.pdf', name: 'Programa (PDF)' },
      contextData: {
        'a.activitymap.page': 'ccma:portada',
        'a.activitymap.link': 'PDF',
        'a.activitymap.region': 'BODY',
        'a.activitymap.pageIDType': '1',
      },
    }),
  },
  {
    name: 'an exit link',
    hitType: 'link_e',
    hit: makeHit({ link: { type: 'e', url: 'https://www.example.org/sortida?x=1&y=2', name: 'Sortida' } }),
  },
  {
    name: 'a media start with its media context data',
    hitType: 'media_start',
    hit: makeHit({
      media: { kind: 'ms_s', mediaType: 'video' },
      contextData: {
        'a.media.name': '6211234',
        'a.media.friendlyName': 'Telenotícies vespre',
        'a.media.length': '1800',
        'a.media.streamType': 'video',
        'a.contentType': 'vod',
      },
    }),
  },
  {
    name: 'an ad start',
    hitType: 'ad_start',
    hit: makeHit({ media: { kind: 'msa_s', mediaType: 'videoAd' } }),
  },
  {
    name: "a page's engagement, with its page's variables and its two measures",
    hitType: 'page_engagement',
    hit: makeHit({ events: [], eVars: { 1: 'noticies', 20: 'Títol' }, contextData: { 'mesura.engaged_ms': '45210', 'mesura.scroll_pct': '80' } }),
  },
  {
    name: 'context data nested three deep, with a key that is also a prefix',
    hitType: 'page_view',
    hit: makeHit({
      contextData: {
        'ccma.seccio': 'noticies',
        'a.activitymap.page': 'ccma:portada',
        'ccma.programa.nom': 'Telenotícies',
        a: 'top',
        'ccma.programa.codi': 'TN',
        'ccma.programa.temporada.numero': '12',
        c: 'a key named like the block',
        'c.d': 'and a prefix named like it',
      },
    }),
  },
  {
    name: 'events with values and serials',
    hitType: 'page_view',
    hit: makeHit({
      events: [{ id: 1 }, { id: 2, value: 3 }, { id: 3, value: -2.5 }, { id: 9, value: 1e21 }, { id: 15, serial: 'ORDER_123-x' }, { id: 1000 }],
    }),
  },
  {
    name: 'the campaign in eVar v0',
    hitType: 'page_view',
    hit: makeHit({ eVars: { 0: 'ext:newsletter-2026-11', 250: 'last eVar' } }),
  },
  {
    name: 'hierarchies and list variables',
    hitType: 'page_view',
    hit: makeHit({
      props: { 75: 'last prop' },
      hierarchies: { 1: 'noticies|politica', 5: 'a|b|c' },
      lists: { 1: 'x,y', 2: 'esports', 3: 'cultura,música' },
    }),
  },
  {
    name: 'unicode and reserved characters in values and keys',
    hitType: 'link_o',
    hit: makeHit({
      pageName: 'Notícies: l’àvia, el Pau i la Núria · 3/4 ≠ 1',
      url: 'https://www.example.cat/cerca?q=ço%20i+això&x=1#top',
      channel: 'economia & empresa',
      props: { 23: 'a=b&c=d' },
      eVars: { 23: '100% + 50% = ?' },
      link: { type: 'o', name: 'Comparteix “Els Matins”' },
      contextData: { 'ccma.secció': 'Política & Societat', 'ccma.cerca': 'q=a+b%20c' },
      visitor: { vid: 'usuari+1@example.cat' },
    }),
  },
  {
    name: 'a hit with every optional field empty',
    hitType: 'page_view',
    hit: makeHit(),
  },
  {
    name: 'all four visitor ids',
    hitType: 'page_view',
    hit: makeHit({ visitor: { mid: '1234', fid: 'F-1', aid: 'A-1', vid: 'V-1' } }),
  },
  {
    name: 'values at their limits',
    hitType: 'link_d',
    hit: makeHit({
      eventId: chars(64),
      pageName: chars(255, 'à'),
      url: `https://www.example.cat/${chars(4096 - 24)}`,
      referrer: chars(4096),
      props: { 1: chars(255) },
      link: { type: 'd', url: chars(4096), name: chars(255) },
      contextData: { [chars(100)]: chars(1024) },
    }),
  },
  {
    name: '250 context data entries',
    hitType: 'page_view',
    hit: makeHit({
      contextData: Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`k.${i % 7}.e${i}`, `v${i}`])),
    }),
  },
];

describe('encodeBeaconQuery then decodeBeaconQuery', () => {
  it.each(cases)('gives back $name', ({ hitType, hit }) => {
    expect(decodeBeaconQuery(encodeBeaconQuery(hit, hitType))).toEqual({ ok: true, value: { hitType, hit } });
  });
});

describe('encodeBeacon then decodeBeacon', () => {
  it('gives back the address and the hit', () => {
    const address = { reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: '8129' };
    const hit = makeHit({ pageName: 'ccma:portada' });
    const beacon = encodeBeacon(address, hit, 'page_view');
    const [path = '', query = ''] = beacon.split('?');
    expect(path).toBe('/b/ss/mesuradev/1/MESURA-0.1.0/s8129');
    expect(decodeBeacon(path, query)).toEqual({ ok: true, value: { address, hitType: 'page_view', hit } });
  });
});

describe('the README example', () => {
  it('encodes a named page view and decodes it back', () => {
    const beacon = encodeBeacon(
      { reportSuites: [REPORT_SUITES.production], libraryVersion: 'MESURA-0.1.0', random: '8129304' },
      makeHit({
        eventId: '018f3c2e-7a41-7cc0-9d1e-5b2f8e4a6c10',
        visitor: { vid: 'b7c41f' },
        pageName: 'ccma:portada',
        events: [{ id: eventId(SITE_VARIABLE_MAP, 'pageView') }],
        ...variableSlots({ section: 'noticies', pageType: 'home' }, SITE_VARIABLE_MAP),
        contextData: { 'ccma.seccio': 'noticies' },
      }),
      'page_view',
    );
    expect(beacon).toBe(
      '/b/ss/mesuraprod/1/MESURA-0.1.0/s8129304?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A43%200%20-60' +
        '&vid=b7c41f&pageName=ccma%3Aportada&c.&ccma.&seccio=noticies&.ccma&.c&events=event1' +
        '&c1=noticies&c8=home&v1=noticies&v8=home&eid=018f3c2e-7a41-7cc0-9d1e-5b2f8e4a6c10&AQE=1',
    );
    const [path = '', query = ''] = beacon.split('?');
    expect(decodeBeacon(path, query)).toMatchObject({
      ok: true,
      value: { hitType: 'page_view', address: { reportSuites: ['mesuraprod'] } },
    });
  });
});
