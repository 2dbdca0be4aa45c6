import { beaconPath, clientTimeFromDate, encodeBeaconQuery, type BrowserInfo, type HitType } from '@mesura/protocol';
import { readDataLayer } from '@mesura/datalayer';
import { DEFAULT_LINK_NAME, LINK_CALLS, PAGE_VIEW_CALL, SDK_VERSION } from './constants.js';
import type { ConsentGate } from './consent-gate.js';
import { linkHit, pageViewHit, type HitContext } from './hits.js';
import type { Transport } from './transport.js';
import { hex, visitorId, type CookieJar } from './visitor-id.js';

/** Everything the tracker touches, so tests run it without a browser. */
export interface TrackerDeps {
  reportSuite: string;
  readData: () => unknown;
  /** The document's address (`g`), as the measurement library sends it. */
  pageUrl: () => string;
  cookies: CookieJar;
  now: () => Date;
  random: (bytes: Uint8Array) => Uint8Array;
  referrer: () => string;
  browser: () => BrowserInfo;
  consent: ConsentGate;
  send: Transport;
}

export interface TrackDetail {
  /** Link name (pev2). Defaults to `linkText`, then to 'link clicked' (§7). */
  linkName?: string;
  /** The clicked link's text, the link name when none is given. */
  linkText?: string;
  /** Link URL (pev1). */
  linkUrl?: string;
}

/** Why a call sent nothing; returned so that tests and debug logs can name it. */
export type SkipReason = 'no-consent' | 'unknown-call';

export interface Tracker {
  /** A direct call of spec §7: `scPageView` sends a page view, the others a link hit (LINK_CALLS). */
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
      const linkCall = LINK_CALLS[name];
      if (name !== PAGE_VIEW_CALL && linkCall === undefined) return 'unknown-call';
      // Consent plugs in here: nothing is read from cookies, written or sent before it allows.
      if (!deps.consent.allowsAnalytics()) return 'no-consent';
      const data = readDataLayer(deps.readData(), { cookies: deps.cookies.get(), now: deps.now() });
      const url = deps.pageUrl();
      if (linkCall === undefined) {
        send(pageViewHit(data, context(), url), 'page_view');
        // In a single-page app the previous route is the next page view's referrer.
        lastPageUrl = url;
        return undefined;
      }
      const link = {
        type: linkCall.linkType,
        name: detail.linkName || detail.linkText || DEFAULT_LINK_NAME,
        url: detail.linkUrl,
      };
      send(linkHit(data, context(), url, link, linkCall.event), `link_${linkCall.linkType}`);
      return undefined;
    },
  };
}

function randomDigits(deps: TrackerDeps): string {
  return Array.from(deps.random(new Uint8Array(14)), (b) => String(b % 10)).join('');
}
