/**
 * The media API the bootstrap exports (`window.mesuraMedia` by default): the tracker API of
 * @mesura/media, with `createTracker` and the two player adapters already set up for this site
 * (§9 "Video analytics settings"): heartbeats to `/hb` on the page's host, https when the page is,
 * publisher `mesura`, the environment's report suite, the visitor and customer ids of /mesura.js, the consent of
 * `__tcfapi`, and the start hits sent by /mesura.js's analytics.
 */
import {
  AdMetadataKeys,
  AudioMetadataKeys,
  MediaEvent,
  MediaType,
  StreamType,
  VideoMetadataKeys,
  createAdBreakObject,
  createAdObject,
  createChapterObject,
  createMediaObject,
  createMediaTracker,
  createQoSObject,
  createTimedMetadataObject,
  type MediaDelegate,
  type MediaTracker,
  type PrivacySource,
} from '@mesura/media';
import { createMediaAnalytics } from '@mesura/media/analytics';
import { trackHlsPlayer, trackHtml5Player, type HlsLike, type HlsTrackingOptions, type PlayerElement, type PlayerTracking, type PlayerTrackingOptions } from '@mesura/media/players';
import { SITE_ACCOUNTS, environmentForHost } from '@mesura/site-property';
import { HEARTBEAT_PATH, HLS_PLAYER_NAME, HTML5_PLAYER_NAME, MEDIA_PUBLISHER } from './constants.js';
import type { MesuraGlobal } from './mesura-global.js';

/** What a page may choose per tracker; the rest is the site's. */
export interface TrackerOptions {
  /** `s:sp:player_name`. Default 'html5', or 'hls.js' for trackHlsPlayer. */
  playerName?: string;
  /** `s:sp:channel`. Default none. */
  channel?: string;
  /** §9 "player type": the online video platform, `s:sp:ovp` (wire-formats §2). Default none. */
  playerType?: string;
  /** §9 "app version": the player application's version, `s:sp:sdk` (wire-formats §2). Default none. */
  appVersion?: string;
  /** Log the tracker's refusals and sends to the console. Default false (§9 "debug logging off"). */
  debug?: boolean;
}

export type AdapterOptions = TrackerOptions & Omit<PlayerTrackingOptions, 'createTracker'>;

/** The tracker API objects of @mesura/media, exported as they are. */
const TRACKER_API = {
  MediaEvent,
  MediaType,
  StreamType,
  VideoMetadataKeys,
  AudioMetadataKeys,
  AdMetadataKeys,
  createMediaObject,
  createAdBreakObject,
  createAdObject,
  createChapterObject,
  createQoSObject,
  createTimedMetadataObject,
};

export interface MesuraMediaApi extends Readonly<typeof TRACKER_API> {
  /** A tracker for a player's delegate, set up for this site. */
  createTracker(delegate: MediaDelegate, options?: TrackerOptions): MediaTracker;
  /** Follows a <video> or <audio> element; see @mesura/media/players. */
  trackHtml5Player(element: PlayerElement | null | undefined, options?: AdapterOptions): PlayerTracking;
  /**
   * §4's begin-reporting signal, for a page that gives it before the consent manager answers; the
   * CMP's first answer gives it otherwise. Once per page: a second one is logged (§8 "reporting
   * already started") and changes nothing.
   */
  beginReporting(): void;
  /** Follows an hls.js instance (the page's own hls.js: it is not in this bundle). */
  trackHlsPlayer(hls: HlsLike | null | undefined, options?: AdapterOptions & Pick<HlsTrackingOptions, 'media'>): PlayerTracking;
}

/** Where the page is, as the API reads it. */
export interface PageAddress {
  host: string;
  hostname: string;
  protocol: string;
  origin: string;
}

export interface MediaApiContext {
  /** /mesura.js: its analytics (encoder, consent gate, transport) carries the start hits. */
  library: MesuraGlobal;
  /** The trackers' privacy status; its `beginReporting`, when it has one, is the API's. */
  privacy: PrivacySource & { beginReporting?(): void };
  page: PageAddress;
}

export function createMediaApi(context: MediaApiContext): MesuraMediaApi {
  const { library, privacy, page } = context;
  const ssl = page.protocol === 'https:';
  // The heartbeats name the collector /mesura.js sends its beacons to: the configured one, else this origin.
  const collector = new URL(library.config?.collector || page.origin);
  const [reportSuite = ''] = SITE_ACCOUNTS[environmentForHost(page.hostname)].reportSuites;
  // The customer ids the page declared (§3), for the start heartbeats; a library older than
  // setCustomerIds has none.
  const visitor = { visitorId: () => library.identity.visitorId(), customerIds: () => library.customerIds?.() ?? {} };
  // The start hits are /mesura.js's own analytics hits: its encoder, its web-analytics consent
  // gate and its transport (queue and retries), to its report suites.
  const analytics = createMediaAnalytics({
    analytics: library.analytics,
    reportSuite,
    trackingServer: collector.host,
    ssl: collector.protocol === 'https:',
  });

  const createTracker = (delegate: MediaDelegate, options: TrackerOptions = {}): MediaTracker =>
    createMediaTracker(
      {
        trackingServer: `${page.host}${HEARTBEAT_PATH}`,
        publisher: MEDIA_PUBLISHER,
        playerName: options.playerName ?? HTML5_PLAYER_NAME,
        channel: options.channel,
        ovp: options.playerType,
        appVersion: options.appVersion,
        ssl,
        debug: options.debug,
      },
      delegate,
      { privacy, visitor, analytics },
    );
  return {
    ...TRACKER_API,
    createTracker,
    beginReporting: () => privacy.beginReporting?.(),
    trackHtml5Player: (element, options = {}) => trackHtml5Player(element, { ...options, createTracker: (delegate) => createTracker(delegate, options) }),
    trackHlsPlayer: (hls, options = {}) =>
      trackHlsPlayer(hls, {
        ...options,
        createTracker: (delegate) => createTracker(delegate, { playerName: HLS_PLAYER_NAME, ...options }),
      }),
  };
}
