import { decodeHeartbeatQuery } from '@mesura/protocol';
import { createHeartbeatPipeline } from '../../src/ingest/heartbeat-pipeline.js';
import { localDayIn } from '../../src/local-day.js';
import type { DecisionEventRow } from '../../src/store/decision-row.js';
import type { HeartbeatRow } from '../../src/store/heartbeat-row.js';
import type { HitRow } from '../../src/store/hit-row.js';
import type { LogRecord } from '../../src/store/row-batch.js';

/** 2026-01-31 23:00 UTC: the next hour is another month, so a batch can span two partitions. */
export const LAST_HOUR_OF_JANUARY_MS = Date.UTC(2026, 0, 31, 23);

/** A page view with every column filled, hostile text in the free-text ones. */
export function hitRow(eventId: string, overrides: Partial<HitRow> = {}): HitRow {
  return {
    eventId,
    reportSuite: 'mesuradev',
    environment: 'development',
    receivedAtMs: LAST_HOUR_OF_JANUARY_MS,
    day: '2026-01-31',
    clientTimeMs: LAST_HOUR_OF_JANUARY_MS - 1500,
    hitType: 'page_view',
    visitorId: 'v-1',
    visitorIdSource: 'mid',
    pageName: "Portada'; DROP TABLE hits; --",
    url: 'https://example.cat/?q=a\\b\0c',
    referrer: null,
    channel: 'notícies 😀',
    linkUrl: null,
    linkName: null,
    mediaType: null,
    events: '[{"id":1,"name":"pageView"}]',
    contextData: '{"a.b":"línia\\nsegona"}',
    otherVariables: '{}',
    variables: { section: 'esports\nfutbol', pageType: 'article' },
    deviceClass: 'desktop',
    isBot: false,
    ipAnonymised: '203.0.113.0',
    geoCountry: 'ES',
    geoRegion: 'Catalonia',
    geoProvince: 'Girona',
    geoCity: "L'Escala",
    browserName: 'Firefox',
    browserMajorVersion: '140',
    osName: 'Linux',
    userAgent: null,
    libraryVersion: '1.0.0',
    consent: 'granted',
    ...overrides,
  };
}

const pipeline = createHeartbeatPipeline({
  environment: 'development',
  localDay: localDayIn('Europe/Madrid'),
  checkConsent: () => 'unknown',
  keepUserAgent: false,
});

/**
 * A plain page view of `visitor` at `atMs` on its UTC day, of a desktop Chrome in the news section,
 * with consent: the store's load tests build their visits from it, each changing what it is about.
 */
export function plainPageView(eventId: string, visitor: string, atMs: number, url: string | null, overrides: Partial<HitRow> = {}): HitRow {
  return {
    eventId,
    reportSuite: 'mesuradev',
    environment: 'development',
    receivedAtMs: atMs,
    day: new Date(atMs).toISOString().slice(0, 10),
    clientTimeMs: atMs,
    hitType: 'page_view',
    visitorId: visitor,
    visitorIdSource: 'mid',
    pageName: url,
    url,
    referrer: null,
    channel: 'noticies',
    linkUrl: null,
    linkName: null,
    mediaType: null,
    events: '[{"id":1,"name":"pageView"}]',
    contextData: '{}',
    otherVariables: '{}',
    variables: { section: 'noticies' },
    deviceClass: 'desktop',
    isBot: false,
    ipAnonymised: null,
    geoCountry: null,
    geoRegion: null,
    geoProvince: null,
    geoCity: null,
    browserName: 'Chrome',
    browserMajorVersion: '156',
    osName: 'Linux',
    userAgent: null,
    libraryVersion: 'MESURA-0.1.0',
    consent: 'granted',
    ...overrides,
  } as HitRow;
}

/** An ad heartbeat inside a chapter, made by the collector's own pipeline: every column has a value. */
export function heartbeatRow(ts: number, receivedAtMs = LAST_HOUR_OF_JANUARY_MS): HeartbeatRow {
  const query =
    `s:event:sid=1769900000000123&s:event:type=play&l:event:ts=${ts}&s:asset:type=ad&s:asset:video_id=v-1` +
    '&l:event:duration=1000&l:event:playhead=12&s:sp:player_name=html5&s:stream:type=vod&s:asset:ad_id=ad-1' +
    "&s:asset:ad_name=Anunci%20d'hivern&s:asset:pod_position=2&s:stream:chapter_id=c-1&s:stream:chapter_name=Cap%C3%ADtol" +
    '&l:stream:chapter_pos=1&s:meta:show=El%20temps&s:user:mid=v-1';
  const decoded = decodeHeartbeatQuery(query);
  if (!decoded.ok) throw new Error(decoded.reason);
  const [row] = pipeline(decoded.value, ['mesuradev'], { receivedAtMs, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' });
  return row!;
}

export function decisionRow(decisionId: string, atMs: number): DecisionEventRow {
  return {
    kind: 'decision',
    decisionId,
    type: 'impression',
    activityId: 'act-1',
    experienceId: 'exp-b',
    visitorKey: 'k-1',
    analyticsVisitorId: null,
    mbox: 'portada',
    atMs,
  };
}

/** Seven records of every kind in log order, named by `prefix`: two months, a text with a quote and a newline. */
export function mixedRecords(prefix: string): LogRecord[] {
  return [
    hitRow(`${prefix}-1`),
    heartbeatRow(LAST_HOUR_OF_JANUARY_MS),
    hitRow(`${prefix}-2`, { pageName: `l'${prefix}\n` }),
    decisionRow(`${prefix}-d`, LAST_HOUR_OF_JANUARY_MS),
    hitRow(`${prefix}-3`, { day: '2026-02-01' }),
    { ...heartbeatRow(LAST_HOUR_OF_JANUARY_MS + 1000), heartbeatId: `${prefix}-hb2` },
    hitRow(`${prefix}-4`),
  ];
}
