/**
 * Stored media plays for comparing engines: the heartbeats of replayed plays (on-demand with ads,
 * chapters, seeks and an idle resume; live television and radio with a stall and a pause) and the
 * commercial library's 38 recorded traces (golden-media-traces.ts: stalls, ad pauses and buffers,
 * chapters closing states), as the collector's pipeline stores them, cut into ingest-log segments
 * with heartbeats sent twice and late, and the analytics start hits that say a session's media type.
 */
import { decodeHeartbeatQuery } from '@mesura/protocol';
import { createHeartbeatPipeline } from '../../src/ingest/heartbeat-pipeline.js';
import { localDayIn } from '../../src/local-day.js';
import type { HeartbeatRow } from '../../src/store/heartbeat-row.js';
import type { HitRow } from '../../src/store/hit-row.js';
import { hitRow } from './event-rows.js';
import { GOLDEN_SCENARIOS, goldenTrace } from './golden-media-traces.js';
import { replay, scenario, VOD, type ReplayedRequest } from './media.js';

export const PLAYS_SUITE = 'mesuradev';
export const PLAYS_TIME_ZONE = 'Europe/Madrid';
/** Every play starts in these days (Barcelona). */
export const PLAYS_RANGE = { from: '2025-12-31', to: '2026-01-04' };
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Live television or radio on `channel` for `minutes`, with a stall and a pause, then closed. */
export function liveScenario(channel: string, mediaType: 'video' | 'audio', minutes: number): object {
  const endMs = minutes * MINUTE_MS;
  return scenario(
    [
      { at: 0, call: 'trackSessionStart', media: ['Directe', `${channel}-2026-01-01T06:00:00+01:00`, 86_400, 'live', mediaType, { standardMetadata: { 'a.media.show': 'Directe' } }] },
      { at: 0, call: 'trackPlay', playing: true },
      { at: endMs / 3, call: 'trackEvent', event: 'BufferStart', playing: false },
      { at: endMs / 3 + 4000, call: 'trackEvent', event: 'BufferComplete', playing: true },
      { at: (2 * endMs) / 3, call: 'trackPause', playing: false },
      { at: (2 * endMs) / 3 + 90_000, call: 'trackPlay', playing: true },
      { at: endMs, call: 'trackSessionEnd' },
    ],
    { suite: PLAYS_SUITE },
  );
}

/**
 * On demand with a 5 s stall, then a midroll whose gaps before and after its ad are sent as main
 * `buffer` too (wire-formats §2): not the viewer waiting for the content (media-qoe.test.ts).
 */
export const STALL_AND_MIDROLL = scenario(
  [
    { at: 0, call: 'trackSessionStart', media: VOD },
    { at: 0, call: 'trackPlay', playing: true },
    { at: 10000, call: 'trackEvent', event: 'BufferStart', playing: false },
    { at: 15000, call: 'trackEvent', event: 'BufferComplete', playing: true },
    { at: 20000, call: 'trackEvent', event: 'AdBreakStart', info: ['adBreak', 'midroll', 2, 20], playing: false },
    { at: 21000, call: 'trackEvent', event: 'AdStart', info: ['ad', 'Ad', 'ad-9', 1, 5] },
    { at: 26000, call: 'trackEvent', event: 'AdComplete' },
    { at: 27000, call: 'trackEvent', event: 'AdBreakComplete', playing: true },
    { at: 37000, call: 'trackComplete' },
    { at: 37000, call: 'trackSessionEnd' },
  ],
  { runUntil: 38000 },
);

/** A play's heartbeats moved `shiftMs` later, for session `copy` of `visitor`, as the collector stores them. */
export function storedRows(requests: readonly ReplayedRequest[], copy: string, visitor: string, shiftMs: number, bot = false): HeartbeatRow[] {
  const pipeline = createHeartbeatPipeline({ environment: 'development', localDay: localDayIn(PLAYS_TIME_ZONE), checkConsent: () => 'granted', keepUserAgent: false });
  return requests
    .filter((r) => r.kind === 'heartbeat')
    .map((request) => {
      const params: Record<string, string> = { ...request.params, 's:event:sid': `${request.params['s:event:sid']}${copy}`, 's:user:mid': visitor };
      params['l:event:ts'] = String(Number(params['l:event:ts']) + shiftMs);
      const previous = params['l:event:prev_ts'];
      if (previous !== undefined && previous !== '-1') params['l:event:prev_ts'] = String(Number(previous) + shiftMs);
      const decoded = decodeHeartbeatQuery(new URLSearchParams(params).toString());
      if (!decoded.ok) throw new Error(`a replayed heartbeat does not decode: ${JSON.stringify(decoded)}`);
      const [row] = pipeline(decoded.value, [PLAYS_SUITE], { receivedAtMs: request.sentAtMs + shiftMs, ip: '192.0.2.1', userAgent: undefined });
      return { ...row!, isBot: bot };
    });
}

/** Where the recorded traces' sessions begin: one scenario every 40 minutes from 1 January, 03:00 UTC. */
const GOLDEN_TRACES_START_MS = Date.UTC(2026, 0, 1, 3);
const GOLDEN_TRACES_APART_MS = 40 * MINUTE_MS;

/** The session id suffix of a recorded scenario's sessions in the plays. */
export const goldenSessionSuffix = (scenario: string) => `-golden-${scenario}`;

/** The recorded traces' heartbeats as the collector stores them, each scenario by one of four visitors. */
function goldenTraceRows(): HeartbeatRow[] {
  return GOLDEN_SCENARIOS.flatMap((name, n) => {
    const requests = goldenTrace(name, { startMs: GOLDEN_TRACES_START_MS + n * GOLDEN_TRACES_APART_MS, suite: PLAYS_SUITE, sessionSuffix: '' });
    return storedRows(requests, goldenSessionSuffix(name), `VISITOR-${n % 4}`, 0);
  });
}

/** The analytics start hit of a session (`pe=ms_s`): its media type and, in its context data, the session id. */
function mediaStartHit(first: HeartbeatRow, mediaType: string): HitRow {
  return hitRow(`start-${first.sessionId}`, {
    receivedAtMs: first.receivedAtMs,
    day: first.day,
    clientTimeMs: first.tsMs,
    hitType: 'media_start',
    visitorId: first.visitorId ?? 'unknown',
    mediaType,
    contextData: JSON.stringify({ 'a.media.vsid': first.sessionId, 'a.media.name': first.contentId }),
  });
}

/**
 * The radio player opened in a window of its own (the scFinestraNova direct call, event 26, a link
 * hit): on two stations and on none, by three visitors, one a bot.
 */
function popOutHits(): HitRow[] {
  const at = Date.UTC(2026, 0, 2, 9);
  const opened = (n: number, visitorId: string, channel: string | undefined, isBot = false): HitRow =>
    hitRow(`pop-out-${n}`, {
      receivedAtMs: at + n * MINUTE_MS,
      day: '2026-01-02',
      hitType: 'link_o',
      visitorId,
      linkName: 'Escolta en una finestra nova',
      events: '[{"id":26,"name":"event26"}]',
      isBot,
      variables: channel === undefined ? {} : { broadcastChannel: channel },
    });
  return [
    opened(1, 'VISITOR-1', 'mesura-radio'),
    opened(2, 'VISITOR-2', 'mesura-radio'),
    opened(3, 'VISITOR-1', 'mesura-radio'),
    opened(4, 'VISITOR-2', 'mesura-musica'),
    opened(5, 'VISITOR-3', undefined),
    opened(6, 'BOT', 'mesura-radio', true),
  ];
}

export interface MediaPlaySegments {
  /** Heartbeats (and start hits) per ingest-log segment, in order. */
  segments: (HeartbeatRow | HitRow)[][];
  /** Receive time of the last heartbeat. */
  lastReceivedMs: number;
}

/**
 * Plays of four on-demand scenarios and of live TV and radio, by four visitors over three days,
 * one bot, and the 38 recorded traces of the commercial library; a live play runs over the local midnight. In time order, cut into three segments; a few
 * heartbeats are sent again in the next segment and a few arrive late. Half the sessions have a
 * start hit (the radio ones say audio, one television one says video; the others fall back on the
 * stream type), one of them sent twice; one live heartbeat comes again a day later. The radio
 * pop-out window is opened six times, once sent twice.
 */
export async function mediaPlaySegments(): Promise<MediaPlaySegments> {
  const vod = await Promise.all(['preroll-ads-chapter-seek.json', 'issue-example.json', 'privacy-idle-resume.json'].map((file) => replay(file)));
  const tv = await replay(liveScenario('mesura-tv', 'video', 40));
  const radio = await replay(liveScenario('mesura-radio', 'audio', 25));
  const rows: HeartbeatRow[] = [];
  const starts: HitRow[] = [];
  for (let k = 0; k < 6; k++) {
    const shift = k * 9 * HOUR_MS + k * 7 * MINUTE_MS;
    rows.push(...storedRows(vod[k % 3]!, `-v${k}`, `VISITOR-${k % 4}`, shift));
    const live = storedRows(k % 2 === 0 ? tv : radio, `-l${k}`, `VISITOR-${(k + 1) % 4}`, shift + 11 * MINUTE_MS, k === 5);
    rows.push(...live);
    if (k % 2 === 1 || k === 2) starts.push(mediaStartHit(live[0]!, k % 2 === 1 ? 'audio' : 'video'));
  }
  const midroll = await replay(STALL_AND_MIDROLL);
  rows.push(...storedRows(midroll, '-m1', 'VISITOR-1', 20 * HOUR_MS), ...storedRows(midroll, '-m2', 'VISITOR-3', 30 * HOUR_MS));
  // 22:40 UTC on 1 January: the play goes on past midnight in Barcelona (23:00 UTC).
  rows.push(...storedRows(tv, '-midnight', 'VISITOR-2', 22 * HOUR_MS + 40 * MINUTE_MS));
  rows.push(...goldenTraceRows());
  rows.sort((a, b) => a.receivedAtMs - b.receivedAtMs);
  const third = Math.ceil(rows.length / 3);
  const segments: (HeartbeatRow | HitRow)[][] = [rows.slice(0, third), rows.slice(third, 2 * third), rows.slice(2 * third)];
  segments[1]!.push(...segments[0]!.filter((_, i) => i % 17 === 0));
  const late = segments[1]!.filter((_, i) => i % 23 === 0);
  segments[1] = segments[1]!.filter((_, i) => i % 23 !== 0);
  segments[2]!.push(...late);
  segments[0]!.push(...starts);
  segments[2]!.push(starts[0]!);
  const popOuts = popOutHits();
  segments[1]!.push(...popOuts);
  segments[2]!.push({ ...popOuts[1]!, receivedAtMs: popOuts[1]!.receivedAtMs + 30_000 });
  // A live play heartbeat of the play over midnight received again a day later, on the next day:
  // stored once, it counts on the day of its first copy only.
  const echoed = rows.find((row) => row.sessionId.endsWith('-midnight') && row.eventType === 'play' && row.day === '2026-01-01')!;
  segments[2]!.push({ ...echoed, receivedAtMs: echoed.receivedAtMs + DAY_MS, day: '2026-01-02' });
  return { segments, lastReceivedMs: Math.max(...rows.map((row) => row.receivedAtMs)) };
}
