/**
 * A page under test: the analytics with a recording sender, a fixed clock, counting random bytes
 * and fixed browser facts, and the decoder the collector runs over what it sent.
 */
import { decodeBeacon, type Beacon } from '@mesura/protocol';
import { createAnalytics, memoryStore, type AnalyticsOptions } from '../../src/index.js';

/** 22 November 2026, a Sunday, 09:59:43 local time. */
export const NOW = new Date(2026, 10, 22, 9, 59, 43);
export const VISITOR_ID = '1F65FB944AFA1C05-25FBFAF16BF6E758';
export const BROWSER = { screen: '1920x1080', colorDepth: '24', browserWidth: '1280', browserHeight: '720' };

export interface Sent {
  path: string;
  query: string;
}

/** Random bytes that differ at every call, so that two hits never share an `eid`. */
export function countingRandom(): (bytes: Uint8Array) => Uint8Array {
  let next = 0;
  return (bytes) => bytes.map(() => (next = (next + 37) % 256));
}

export function makeAnalytics(overrides: Partial<AnalyticsOptions> = {}) {
  const sent: Sent[] = [];
  const analytics = createAnalytics({
    reportSuites: ['mesuradev'],
    transport: { send: (path, query) => sent.push({ path, query }) },
    visitorId: () => VISITOR_ID,
    now: () => NOW,
    browserInfo: () => BROWSER,
    random: countingRandom(),
    referrer: 'https://www.google.com/',
    clickStore: memoryStore(),
    ...overrides,
  });
  return { analytics, sent, beacons: () => sent.map(decode), last: () => decode(sent.at(-1)!) };
}

/** What the collector reads from a sent beacon; fails the test with the collector's reason. */
export function decode(sent: Sent): Beacon {
  const result = decodeBeacon(sent.path, sent.query);
  if (!result.ok) throw new Error(`the collector refuses the beacon: ${result.reason}`);
  return result.value;
}

/** A page view with nothing but what the test names. */
export const PAGE = { pageName: 'ccma:portada', url: 'https://www.ccma.cat/', variables: {}, events: ['pageView'] };
