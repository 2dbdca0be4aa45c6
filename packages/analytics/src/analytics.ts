/**
 * Page views, link tracking and the media start hits (wire-formats §1, §2): builds each hit from its input through
 * hit-builder.ts, encodes it with @mesura/protocol and hands it to the transport.
 *
 * What "cleared between page views" means here. The analytics keeps no variables: each page view
 * is built from its input alone, plus the campaigns of its own URL, the referrer chain and the
 * ActivityMap of the click that led to it, so nothing of an earlier page view (variables, events,
 * context data) reaches a later hit. The commercial library kept all of these on its tracker
 * object, context data included, until a tag cleared them. What the analytics does remember:
 * - the last page view's name and URL: link hits are sent "on" that page (`pageName`, `g`), and
 *   its URL is the next page view's referrer (a single-page app's route change has no other);
 * - one pending click (see `rememberClick`).
 * `clearVariables()` forgets the page name, as the library's clearVars empties pageName: a link
 * sent before the next page view carries none. It keeps the referrer chain and the pending click,
 * which describe navigation rather than the page, and there are no campaign values to drop: `v0`
 * and `eVar31` go only with the page view whose URL carries `ext` / `int`; how long they keep
 * crediting later hits is the report suite's eVar expiry, applied by the collector.
 */
import {
  SITE_VARIABLE_MAP,
  beaconPath,
  clientTimeFromDate,
  encodeBeaconQuery,
  pageEngagementContextData,
  type AnalyticsHit,
  type BrowserInfo,
  type ClientTime,
  type HitType,
  type PageEngagement,
  type TcfSignal,
  type VariableMap,
} from '@mesura/protocol';
import { activityMapData, type ActivityMap } from './activity-map.js';
import { documentReferrer, readBrowserInfo } from './browser-info.js';
import { EVENT_ID_BYTES, LIBRARY_VERSION, PATH_RANDOM_DIGITS, PENDING_CLICK_KEY } from './constants.js';
import { linkHit, mediaStartHit, pageViewHit, type HitContext, type LinkInput, type MediaStartInput, type PageViewInput } from './hit-builder.js';
import { readStore, webStorage, writeStore, type KeyValueStore } from './key-value-store.js';
import type { BeaconSender } from './transport.js';

export interface AnalyticsOptions {
  /**
   * Report suites every hit goes to: the environment's suite (REPORT_SUITES of @mesura/protocol),
   * or several for multi-suite tagging (one beacon, stored once per suite).
   */
  reportSuites: readonly string[];
  /** Where beacons go: createTransport(), or a recording sender in tests. */
  transport: BeaconSender;
  /** The visitor's id, sent as `fid`; asked at every hit (packages/identity provides it). */
  visitorId: () => string;
  /** The clock of `t`. Defaults to `() => new Date()`. */
  now?: () => Date;
  /** `t` of a moment. Defaults to the browser's local time (clientTimeFromDate); the media replay passes UTC. */
  clientTime?: (date: Date) => ClientTime;
  /** Screen, colour depth, cookies, viewport (`s`, `c`, `k`, `bw`, `bh`). Defaults to the real page's. */
  browserInfo?: () => BrowserInfo;
  /** Fills `bytes` with random values (`eid`, the path's cache-buster). Defaults to crypto.getRandomValues. */
  random?: (bytes: Uint8Array) => Uint8Array;
  /** The first page view's referrer when its input gives none. Defaults to document.referrer. */
  referrer?: string;
  /** Holds the pending click across full page loads. Defaults to sessionStorage, if the page may use it. */
  clickStore?: KeyValueStore;
  /**
   * §9 "Site analytics: inline stats" (the commercial library's `trackInlineStats`): a click that
   * sends no hit of its own is reported, as ActivityMap context data, with the next hit
   * (`rememberClick`). Off: such clicks are not kept and no hit reports them. Default true.
   */
  trackInlineStats?: boolean;
  /** Names of variables and events. Defaults to SITE_VARIABLE_MAP. */
  variableMap?: VariableMap;
  /** The visitor's TCF signal, asked at every hit and sent with it (`gdpr`, `gdpr_consent`). Default: none sent. */
  consentSignal?: () => TcfSignal | undefined;
}

export interface Analytics {
  /** Sends a page view (no `pe`). Throws on a variable or event name the map does not define. */
  pageView(input: PageViewInput): void;
  /** Sends a link hit (`pe=lnk_o|d|e`) on the current page. Throws like pageView. */
  link(input: LinkInput): void;
  /**
   * Remembers a click that sends no hit of its own (a link within the site, a button), and reports
   * it as ActivityMap context data with the next hit, page view or link, as the commercial library
   * does with its `s_sq` cookie. The click is kept in `clickStore`, so a full page load keeps it.
   */
  rememberClick(map: ActivityMap): void;
  /** Forgets the current page's name (see the top of analytics.ts for what else there is not). */
  clearVariables(): void;
  /**
   * Sends a media start hit (`pe=ms_s` / `msa_s`, wire-formats §2) for the media tracker, through
   * the same encoder and transport as page views. Returns the transport's answer (the tracker logs
   * a `false` or a rejection as a failed send).
   */
  mediaStart(input: MediaStartInput): unknown;
  /**
   * Sends the current page's engagement (`pe=eng`, @mesura/protocol page-engagement.ts): the last
   * page view's page name, URL, channel and variables again, so that reports place it as they place
   * that page view, no events, and the two measures as context data. Nothing before a page view.
   */
  engagement(input: PageEngagement): void;
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const variableMap = options.variableMap ?? SITE_VARIABLE_MAP;
  const random = options.random ?? ((bytes: Uint8Array) => crypto.getRandomValues(bytes));
  // Without session storage (blocked site data) a remembered click is simply not reported.
  const clicks = options.clickStore ?? webStorage(() => sessionStorage);
  let pageName: string | undefined;
  let pageUrl: string | undefined;
  let referrer: string | undefined = options.referrer ?? documentReferrer();
  let lastPageView: PageViewInput | undefined;

  const context = (click: unknown): HitContext => ({
    eventId: Array.from(random(new Uint8Array(EVENT_ID_BYTES)), (byte) => byte.toString(16).padStart(2, '0')).join(''),
    visitorId: options.visitorId(),
    clientTime: (options.clientTime ?? clientTimeFromDate)((options.now ?? (() => new Date()))()),
    browser: (options.browserInfo ?? readBrowserInfo)(),
    variableMap,
    click: click && typeof click === 'object' ? (click as Record<string, string>) : undefined,
    consent: options.consentSignal?.(),
  });

  const send = (hit: AnalyticsHit, hitType: HitType, libraryVersion = LIBRARY_VERSION): unknown => {
    const digits = Array.from(random(new Uint8Array(PATH_RANDOM_DIGITS)), (byte) => byte % 10).join('');
    const path = beaconPath({ reportSuites: [...options.reportSuites], libraryVersion, random: digits });
    return options.transport.send(path, encodeBeaconQuery(hit, hitType));
  };
  // The click went with this hit; it must not go with the next one too.
  const sendWithClick = (hit: AnalyticsHit, hitType: HitType) => {
    writeStore(clicks, PENDING_CLICK_KEY, undefined);
    send(hit, hitType);
  };

  return {
    pageView(input) {
      const pending = readStore(clicks, PENDING_CLICK_KEY);
      const hit = pageViewHit(input, { ...context(pending), referrer: input.referrer ?? referrer });
      pageName = input.pageName;
      pageUrl = referrer = input.url;
      lastPageView = input;
      sendWithClick(hit, 'page_view');
    },
    link(input) {
      const click = input.activityMap ? activityMapData(input.activityMap, pageName, pageUrl) : readStore(clicks, PENDING_CLICK_KEY);
      const hit = linkHit(input, { ...context(click), pageName, pageUrl, ...input.page });
      sendWithClick(hit, `link_${hit.link.type}`);
    },
    rememberClick(map) {
      if (options.trackInlineStats !== false) writeStore(clicks, PENDING_CLICK_KEY, activityMapData(map, pageName, pageUrl));
    },
    clearVariables() {
      pageName = undefined;
    },
    // A player's start is no click: the pending one waits for the next page view or link.
    mediaStart: (input) => send(mediaStartHit(input, context(undefined)), input.media.kind === 'ms_s' ? 'media_start' : 'ad_start', input.libraryVersion),
    engagement(input) {
      if (lastPageView === undefined) return;
      const page = { ...lastPageView, events: [], contextData: pageEngagementContextData(input) };
      // Not a click's hit either: a pending click waits for the next page view or link.
      send(pageViewHit(page, { ...context(undefined), referrer: undefined }), 'page_engagement');
    },
  };
}
