/**
 * The analytics start hits (wire-formats §2): a session start sends `pe=ms_s` (`pev3` video or
 * audio) and an ad start `pe=msa_s` (`pev3=videoAd`), so that video starts appear in web analytics.
 * The tracker speaks to a MediaAnalytics; the one here builds the hit's context data and hands it
 * to the page's analytics (@mesura/analytics `Analytics.mediaStart`), whose encoder, consent gate
 * and transport carry it as they carry page views: the media tracker builds no beacon of its own.
 */
import type { MediaStartInput } from '@mesura/analytics';
import type { HeartbeatAd } from '@mesura/protocol';
import { AD_START_MEDIA_TYPE, DEFAULT_LENGTH_TEXT, MEDIA_ANALYTICS_LIBRARY_VERSION, MEDIA_ANALYTICS_MEASUREMENT_VERSION } from './constants.js';

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

export type SendResult = Promise<boolean> | boolean | undefined;

/** The measurement (analytics) source the tracker needs (§5 setup: "a measurement object"). */
export interface MediaAnalytics {
  /** The measurement library's version, for §5 "Audio tracking needs … 2.11.0 or newer". */
  readonly version: string;
  /** `s:sc:rsid` of the heartbeats. */
  readonly reportSuite: string;
  /** `s:sc:tracking_server` of the heartbeats: the analytics collector's host. */
  readonly trackingServer: string;
  /**
   * `h:sc:ssl` of the heartbeats: whether the analytics hits go over https. The reference library
   * reports its analytics module's setting there, not the heartbeats' own `ssl` (its trace
   * radio-live-ssl-off-settings-refresh: heartbeats over http carry `h:sc:ssl=1`). Default true.
   */
  readonly ssl?: boolean;
  mediaStart(info: MediaStartInfo): SendResult;
  adStart(info: AdStartInfo): SendResult;
}

/** What sends the start hits: @mesura/analytics' Analytics fits. */
export interface MediaHitSender {
  mediaStart(input: MediaStartInput): unknown;
}

export interface MediaAnalyticsOptions {
  /** The page's analytics (createAnalytics of @mesura/analytics), whose report suites the hits go to. */
  analytics: MediaHitSender;
  /** `s:sc:rsid` of the heartbeats: the analytics' report suites, comma-separated when several. */
  reportSuite: string;
  /** `s:sc:tracking_server` of the heartbeats: the analytics collector's host, e.g. 'metrics.example.cat'. */
  trackingServer: string;
  /** Whether the analytics collector is reached over https (`h:sc:ssl`). Default true. */
  ssl?: boolean;
  /** Default MEDIA_ANALYTICS_MEASUREMENT_VERSION. */
  version?: string;
}

/** Context data keys the protocol can nest: non-empty segments, no `&` or `=`. */
const CONTEXT_KEY = /^[^.&=]+(?:\.[^.&=]+)*$/;

export function createMediaAnalytics(options: MediaAnalyticsOptions): MediaAnalytics {
  const send = (media: MediaStartInput['media'], contextData: Record<string, string>): SendResult =>
    options.analytics.mediaStart({ media, contextData, libraryVersion: MEDIA_ANALYTICS_LIBRARY_VERSION }) as SendResult;
  return {
    version: options.version ?? MEDIA_ANALYTICS_MEASUREMENT_VERSION,
    reportSuite: options.reportSuite,
    trackingServer: options.trackingServer,
    ssl: options.ssl !== false,
    mediaStart: (info) => send({ kind: 'ms_s', mediaType: info.mediaType }, mediaStartContextData(info)),
    adStart: (info) => send({ kind: 'msa_s', mediaType: AD_START_MEDIA_TYPE }, adStartContextData(info)),
  };
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
