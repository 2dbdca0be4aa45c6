import { beaconPath, clientTimeFromDate, encodeBeaconQuery, type BrowserInfo, type HitType } from '@mesura/protocol';
import { readDataLayer } from '@mesura/datalayer';
import { DIRECT_CALL_EVENTS, PAGE_VIEW_CALL, SDK_VERSION } from './constants.js';
import type { ConsentGate } from './consent-gate.js';
import { linkHit, pageViewHit, type HitContext } from './hits.js';
import type { Transport } from './transport.js';
import { hex, visitorId, type CookieJar } from './visitor-id.js';

/** Everything the tracker touches, so tests run it without a browser. */
export interface TrackerDeps {
  reportSuite: string;
  readData: () => unknown;
  cookies: CookieJar;
  now: () => Date;
  random: (bytes: Uint8Array) => Uint8Array;
  referrer: () => string;
  browser: () => BrowserInfo;
  consent: ConsentGate;
  send: Transport;
}

export interface TrackDetail {
  /** Link name (pev2); defaults to the direct call's name. */
  linkName?: string;
  /** Link URL (pev1). */
  linkUrl?: string;
}

/** Why a call sent nothing; returned so that tests and debug logs can name it. */
export type SkipReason = 'no-consent' | 'bad-name';

export interface Tracker {
  /** A direct call: `scPageView` sends a page view; the spec's other direct calls send a link hit. */
  track(name: string, detail?: TrackDetail): SkipReason | undefined;
}

export function createTracker(deps: TrackerDeps): Tracker {
  let lastPageUrl = '';
  const context = (): HitContext => {
    return {
      eventId: hex(deps.random(new Uint8Array(16))),
      visitorId: visitorId(deps.cookies, deps.random),
      clientTime: clientTimeFromDate(deps.now()),
      referrer: lastPageUrl || deps.referrer(),
      browser: deps.browser(),
    };
  };
  const send = (hit: ReturnType<typeof pageViewHit>, hitType: HitType) =>
    deps.send(beaconPath({ reportSuites: [deps.reportSuite], libraryVersion: SDK_VERSION, random: randomDigits(deps) }), encodeBeaconQuery(hit, hitType));

  return {
    track(name, detail = {}) {
      if (typeof name !== 'string' || name === '') return 'bad-name';
      // Consent plugs in here: nothing is read from cookies, written or sent before it allows.
      if (!deps.consent.allowsAnalytics()) return 'no-consent';
      const data = readDataLayer(deps.readData(), { cookies: deps.cookies.get(), now: deps.now() });
      if (name === PAGE_VIEW_CALL) {
        const hit = pageViewHit(data, context());
        send(hit, 'page_view');
        // In a single-page app the previous route is the next page view's referrer.
        lastPageUrl = hit.url ?? lastPageUrl;
        return undefined;
      }
      const event = DIRECT_CALL_EVENTS[name];
      const type = name === 'scDescarregar' ? 'd' : 'o';
      send(linkHit(data, context(), { type, name: detail.linkName ?? name, url: detail.linkUrl }, event), `link_${type}`);
      return undefined;
    },
  };
}

function randomDigits(deps: TrackerDeps): string {
  return Array.from(deps.random(new Uint8Array(14)), (b) => String(b % 10)).join('');
}
