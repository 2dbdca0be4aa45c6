/**
 * Writes a hit as a beacon, parameter for parameter in the order the commercial library writes
 * them, so that a Mesura beacon and a library beacon of the same hit differ only in the library's
 * own extras (`mcorgid`, `aamlh`, …). Values are written with encodeURIComponent; empty and absent
 * values are left out, as the library leaves them out. The encoder does not enforce the size
 * limits of constants.ts: the decoder does, and the SDK decides what to cut before it encodes.
 */
import type { AnalyticsHit, BeaconAddress, HitType } from './analytics-hit.js';
import { formatEvents } from './beacon-events.js';
import { beaconPath } from './beacon-path.js';
import { clientTimeString } from './client-time.js';
import { BEACON_FLAG_VALUE, BEACON_MARKER_VALUE } from './constants.js';
import { encodeContextData } from './context-data.js';
import { hitKindParams } from './hit-type.js';
import { SLOT_FAMILIES, slotParams } from './variable-slots.js';
import { tcfSignalParams } from './tcf-signal.js';

type Param = readonly [name: string, value: string | undefined];

/** The query string of a beacon, without the leading `?`. */
export function encodeBeaconQuery(hit: AnalyticsHit, hitType: HitType): string {
  const contextData = encodeContextData(hit.contextData);
  const kind = hitKindParams(hitType, hit);
  // The library writes a page view's context data after the referrer, and a link or media hit's
  // after `pe`/`pev*` (see samples/analytics-beacons.txt), so its place depends on the hit type.
  const contextDataAfterReferrer = kind.length === 0 ? contextData : [];
  const contextDataAfterPe = kind.length === 0 ? [] : contextData;
  const { browser } = hit;

  const pieces = [
    ...params([
      ['AQB', BEACON_MARKER_VALUE],
      ['ndh', BEACON_FLAG_VALUE],
      ['pf', BEACON_FLAG_VALUE],
      ['t', clientTimeString(hit.clientTime)],
      ['mid', hit.visitor.mid],
      ['fid', hit.visitor.fid],
      ['aid', hit.visitor.aid],
      ['vid', hit.visitor.vid],
      ['ce', hit.charset],
      ['pageName', hit.pageName],
      ['g', hit.url],
      ['r', hit.referrer],
    ]),
    ...contextDataAfterReferrer,
    ...params([['cc', hit.currency], ['ch', hit.channel], ['events', formatEvents(hit.events)], ...SLOT_FAMILIES.flatMap(({ prefix, family }) => slotParams(prefix, hit[family])), ...kind]),
    ...contextDataAfterPe,
    ...params([
      ['s', browser.screen],
      ['c', browser.colorDepth],
      ['j', browser.jsVersion],
      ['v', browser.java],
      ['k', browser.cookiesEnabled],
      ['bw', browser.browserWidth],
      ['bh', browser.browserHeight],
      ['lrt', hit.lastRequestTime === undefined ? undefined : String(hit.lastRequestTime)],
      ['eid', hit.eventId],
      ...tcfSignalParams(hit.consent),
      ['AQE', BEACON_MARKER_VALUE],
    ]),
  ];
  return pieces.join('&');
}

/** The beacon's path and query: `/b/ss/{suites}/1/{version}/s{random}?AQB=1&…&AQE=1`. */
export function encodeBeacon(address: BeaconAddress, hit: AnalyticsHit, hitType: HitType): string {
  return `${beaconPath(address)}?${encodeBeaconQuery(hit, hitType)}`;
}

/** `name=value` pieces for the parameters that have a value. */
function params(list: readonly Param[]): string[] {
  const pieces: string[] = [];
  for (const [name, value] of list) {
    if (value !== undefined && value !== '') pieces.push(`${name}=${encodeURIComponent(value)}`);
  }
  return pieces;
}
