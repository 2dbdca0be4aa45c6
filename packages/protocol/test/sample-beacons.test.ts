import { describe, expect, it } from 'vitest';
import { decodeBeacon, type BeaconEvent, type HitType, type VisitorIds } from '@mesura/protocol';
import { SAMPLE_BEACONS, splitBeaconUrl } from '@mesura/test-utils';

const FID: VisitorIds = { fid: '1F65FB944AFA1C05-25FBFAF16BF6E758' };
const MID: VisitorIds = { mid: '12345678901234567890123456789012345678' };
const ACTIVITY_MAP = {
  'a.activitymap.page': 'ccma:portada',
  'a.activitymap.link': 'PDF',
  'a.activitymap.region': 'BODY',
  'a.activitymap.pageIDType': '1',
};

interface Expected {
  hitType: HitType;
  pageName: string;
  second: number;
  events: BeaconEvent[];
  contextData: Record<string, string>;
  eVars: Record<number, string>;
  link?: { type: 'o' | 'd'; url?: string; name?: string };
}

/** What each of the four hits carries; the library sends each twice (fid, then mid). */
const HITS: Expected[] = [
  {
    hitType: 'page_view',
    pageName: 'ccma:portada',
    second: 43,
    events: [{ id: 1 }, { id: 2, value: 3 }],
    contextData: { 'ccma.seccio': 'noticies' },
    eVars: { 1: 'v1' },
  },
  {
    hitType: 'link_o',
    pageName: 'ccma:portada',
    second: 44,
    events: [{ id: 5 }],
    contextData: {},
    eVars: { 1: 'clicked' },
    link: { type: 'o', name: 'Play button' },
  },
  {
    hitType: 'link_d',
    pageName: 'ccma:portada',
    second: 45,
    events: [{ id: 5 }],
    contextData: ACTIVITY_MAP,
    eVars: { 1: 'clicked' },
    link: { type: 'd', url: 'https://other.com/x.pdf' },
  },
  {
    hitType: 'page_view',
    pageName: 'override:noticia',
    second: 46,
    events: [],
    contextData: { 'ccma.seccio': 'noticies' },
    eVars: { 3: 'via-overrides' },
  },
];

const cases = SAMPLE_BEACONS.map((sample, index) => ({
  ...sample,
  expected: HITS[index % HITS.length] as Expected,
  visitor: index < HITS.length ? FID : MID,
}));

describe('the commercial library beacons (samples/analytics-beacons.txt)', () => {
  it.each(cases)('decodes the $name', ({ url, expected, visitor }) => {
    const { path, query } = splitBeaconUrl(url);
    const result = decodeBeacon(path, query);
    if (!result.ok) throw new Error(result.reason);
    const { address, hitType, hit } = result.value;

    expect(address.reportSuites).toEqual(['ccmaprod']);
    expect(address.libraryVersion).toBe('JS-2.27.0');
    expect(hitType).toBe(expected.hitType);
    expect(hit.pageName).toBe(expected.pageName);
    expect(hit.visitor).toEqual(visitor);
    expect(hit.clientTime).toEqual({
      day: 22,
      month0: 10,
      year: 2026,
      hour: 9,
      minute: 59,
      second: expected.second,
      weekday: 0,
      tzOffsetMin: 0,
    });
    expect(hit.events).toEqual(expected.events);
    expect(hit.contextData).toEqual(expected.contextData);
    expect(hit.eVars).toEqual(expected.eVars);
    expect(hit.link).toEqual(expected.link);
    expect(hit.url).toBe('https://www.example.cat/?utm=1');
    expect(hit.currency).toBe('EUR');
    expect(hit.charset).toBe('UTF-8');
    expect(hit.browser).toEqual({
      screen: '0x0',
      colorDepth: '24',
      jsVersion: '1.6',
      java: 'N',
      cookiesEnabled: 'Y',
      browserWidth: '1024',
      browserHeight: '768',
    });
  });

  it('reads the first page view whole, referrer, channel and variables included', () => {
    const { path, query } = splitBeaconUrl(SAMPLE_BEACONS[0]?.url ?? '');
    const result = decodeBeacon(path, query);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.hit).toMatchObject({
      referrer: 'https://www.google.com/',
      channel: 'home',
      props: { 1: 'p1' },
      hierarchies: { 1: 'a,b' },
      lists: { 1: 'x,y' },
    });
    expect(result.value.hit.lastRequestTime).toBeUndefined();
    expect(result.value.hit.eventId).toBeUndefined();
  });

  it('reads lrt on the hits after the first', () => {
    const { path, query } = splitBeaconUrl(SAMPLE_BEACONS[1]?.url ?? '');
    const result = decodeBeacon(path, query);
    expect(result.ok && result.value.hit.lastRequestTime).toBe(5);
  });
});
