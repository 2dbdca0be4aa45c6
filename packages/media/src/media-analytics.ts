/**
 * The analytics start hits (issue 5 item 9; wire-formats §2): a session start sends `pe=ms_s`
 * (`pev3` video or audio) and an ad start `pe=msa_s` (`pev3=videoAd`), so that video starts appear
 * in web analytics. The tracker speaks to a MediaAnalytics, so that the SDK may pass its own; the
 * one here encodes the beacon with @mesura/protocol and sends it through the injected transport.
 */
import {
  beaconPath,
  clientTimeFromDate,
  encodeBeaconQuery,
  type AnalyticsHit,
  type ClientTime,
  type HeartbeatAd,
  type HitType,
  type TcfSignal,
} from '@mesura/protocol';
import {
  AD_START_MEDIA_TYPE,
  DEFAULT_LENGTH_TEXT,
  EVENT_ID_BYTES,
  MEDIA_ANALYTICS_LIBRARY_VERSION,
  MEDIA_ANALYTICS_MEASUREMENT_VERSION,
  PATH_RANDOM_DIGITS,
} from './constants.js';
import type { Transport } from './deps.js';

/** What a `ms_s` hit says (context data `a.media.*`, `a.contentType`). */
export interface MediaStartInfo {
  /** `a.media.vsid`: the heartbeat session id, which joins the hit to its heartbeats. */
  sessionId: string;
  /** `a.media.name`: the content id. */
  mediaId: string;
  /** `a.media.friendlyName`. */
  name: string;
  /** `a.media.length`, seconds. */
  length: number;
  /** `pev3` and `a.media.streamType`. */
  mediaType: 'video' | 'audio';
  /** `a.contentType`: vod, live… */
  streamType: string;
  playerName: string;
  channel?: string;
  /** Custom and standard metadata, sent as context data too. */
  metadata: Record<string, string>;
}

/** What a `msa_s` hit says (context data `a.media.ad.*`). */
export interface AdStartInfo {
  sessionId: string;
  mediaId: string;
  playerName: string;
  /** The ad and its break, as its heartbeats carry them. */
  ad: HeartbeatAd;
  metadata: Record<string, string>;
}

export type SendResult = Promise<boolean> | boolean | void;

/** The measurement (analytics) source the tracker needs (§5 setup: "a measurement object"). */
export interface MediaAnalytics {
  /** The measurement library's version, for §5 "Audio tracking needs … 2.11.0 or newer". */
  readonly version: string;
  /** `s:sc:rsid` of the heartbeats. */
  readonly reportSuite: string;
  /** `s:sc:tracking_server` of the heartbeats: the analytics collector's host. */
  readonly trackingServer: string;
  mediaStart(info: MediaStartInfo): SendResult;
  adStart(info: AdStartInfo): SendResult;
}

export interface MediaAnalyticsOptions {
  /** One suite, or several for multi-suite tagging. */
  reportSuites: string | readonly string[];
  /** The collector's host, e.g. 'metrics.example.cat'. */
  trackingServer: string;
  /** Default true. */
  ssl?: boolean;
  transport: Transport;
  /** `fid`; asked at every hit (packages/identity provides it). */
  visitorId: () => string | undefined;
  /** Epoch ms. Default Date.now. */
  now?: () => number;
  /** `t` of a moment. Default: the browser's local time (clientTimeFromDate). */
  clientTime?: (epochMs: number) => ClientTime;
  /** A number in [0, 1): `eid` and the path's cache-buster. Default Math.random. */
  random?: () => number;
  /** Default MEDIA_ANALYTICS_MEASUREMENT_VERSION. */
  version?: string;
  /** The visitor's TCF signal, sent with every start hit (`gdpr`, `gdpr_consent`). Default: none sent. */
  consent?: () => TcfSignal | undefined;
}

/** Context data keys the protocol can nest: non-empty segments, no `&` or `=`. */
const CONTEXT_KEY = /^[^.&=]+(?:\.[^.&=]+)*$/;

export function createMediaAnalytics(options: MediaAnalyticsOptions): MediaAnalytics {
  const suites = typeof options.reportSuites === 'string' ? [options.reportSuites] : [...options.reportSuites];
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const clientTime = options.clientTime ?? ((ms: number) => clientTimeFromDate(new Date(ms)));
  const scheme = options.ssl === false ? 'http' : 'https';

  const send = (hitType: HitType, hit: AnalyticsHit): SendResult => {
    const path = beaconPath({ reportSuites: suites, libraryVersion: MEDIA_ANALYTICS_LIBRARY_VERSION, random: digits(random, PATH_RANDOM_DIGITS) });
    return options.transport.send(`${scheme}://${options.trackingServer}${path}?${encodeBeaconQuery(hit, hitType)}`);
  };
  const hit = (contextData: Record<string, string>, media: AnalyticsHit['media']): AnalyticsHit => ({
    ...withConsent(options.consent?.()),
    eventId: hex(random, EVENT_ID_BYTES),
    clientTime: clientTime(now()),
    visitor: { fid: options.visitorId() },
    events: [],
    props: {},
    eVars: {},
    hierarchies: {},
    lists: {},
    contextData,
    media,
    browser: {},
  });

  return {
    version: options.version ?? MEDIA_ANALYTICS_MEASUREMENT_VERSION,
    reportSuite: suites.join(','),
    trackingServer: options.trackingServer,
    mediaStart: (info) => send('media_start', hit(mediaStartContextData(info), { kind: 'ms_s', mediaType: info.mediaType })),
    adStart: (info) => send('ad_start', hit(adStartContextData(info), { kind: 'msa_s', mediaType: AD_START_MEDIA_TYPE })),
  };
}

function withConsent(consent: TcfSignal | undefined): Pick<AnalyticsHit, 'consent'> {
  return consent ? { consent } : {};
}

/** The library's `a.media.*` keys win over metadata of the same name. */
export function mediaStartContextData(info: MediaStartInfo): Record<string, string> {
  return {
    ...encodable(info.metadata),
    'a.media.name': info.mediaId,
    'a.media.friendlyName': info.name,
    'a.media.length': lengthText(info.length),
    'a.media.streamType': info.mediaType,
    'a.media.playerName': info.playerName,
    ...(info.channel ? { 'a.media.channel': info.channel } : {}),
    'a.media.view': 'true',
    'a.media.vsid': info.sessionId,
    'a.contentType': info.streamType,
  };
}

export function adStartContextData(info: AdStartInfo): Record<string, string> {
  const { ad } = info;
  return {
    ...encodable(info.metadata),
    'a.media.ad.name': ad.id,
    'a.media.ad.friendlyName': ad.name ?? '',
    'a.media.ad.podFriendlyName': ad.podName ?? '',
    'a.media.ad.length': lengthText(ad.length),
    'a.media.ad.pod': ad.podId,
    'a.media.ad.podPosition': String(Math.floor(ad.podPosition)),
    'a.media.ad.podSecond': lengthText(ad.podOffset),
    'a.media.ad.playerName': info.playerName,
    'a.media.ad.view': 'true',
    'a.media.name': info.mediaId,
    'a.media.vsid': info.sessionId,
  };
}

/** §9 "lengths … floored to integers, default '0.0'". */
export function lengthText(seconds: number): string {
  return Number.isFinite(seconds) ? String(Math.floor(seconds)) : DEFAULT_LENGTH_TEXT;
}

/** Metadata whose keys the beacon can carry; the encoder would throw on the others. */
function encodable(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => CONTEXT_KEY.test(key)));
}

function digits(random: () => number, count: number): string {
  return Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
}

function hex(random: () => number, bytes: number): string {
  return Array.from({ length: bytes }, () => Math.floor(random() * 256).toString(16).padStart(2, '0')).join('');
}
