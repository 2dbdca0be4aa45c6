/**
 * Traffic for media goals, funnel steps and segment conditions of a moment (start, complete) and a
 * stream (live, on demand): page views, media start hits carrying their heartbeat session id
 * (`a.media.vsid`, as @mesura/media's start hit does) and those sessions' heartbeats, each a
 * request with the time the server receives it. The same list goes to a DuckDB server and to a
 * collector draining into ClickHouse. The players' clocks run MEDIA_PLAYER_CLOCK_SKEW_MS behind the
 * server's: a completion is placed at its receive time, never at the player's.
 */
import { beaconUrl, BROWSER_UA, testHit } from './test-server.js';
import type { AnalyticsHit, HitType } from '@mesura/protocol';

export const MEDIA_PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const MINUTE_MS = 60_000;
/** 10:00 in Barcelona on 2026-11-23. */
export const MEDIA_MORNING = Date.UTC(2026, 10, 23, 9, 0);
export const MEDIA_RANGE = { from: '2026-11-23', to: '2026-11-24' };
export const MEDIA_HOME = 'http://localhost:8080/';
/** The programme B's live heartbeats name, which its start hit does not. */
export const MEDIA_LIVE_PROGRAMME = 'telenoticies';
/** How far behind the server's clock the players' `l:event:ts` run. */
export const MEDIA_PLAYER_CLOCK_SKEW_MS = 5 * MINUTE_MS;

const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home = { pageName: 'mesura:portada', url: MEDIA_HOME, eVars: { 1: 'portada', 8: 'portada', 20: 'Portada', ...NOT_A_SEARCH } };
const episode = { pageName: 'programes:episodi', url: 'http://localhost:8080/programes/episodi/', eVars: { 1: 'programes', 8: 'episodi', 20: 'Episodi', ...NOT_A_SEARCH } };

export interface MediaGoalRequest {
  /** Epoch ms the server receives it. */
  at: number;
  url: string;
  ua: string;
}

/** A session's main heartbeat of `type`, sent by `visitor`'s player at `at` (server clock), naming its programme when given. */
function heartbeat(session: string, visitor: string, type: string, streamType: string, at: number, playheadS: number, programme?: string): string {
  const params = {
    ...(programme !== undefined && { 's:meta:a.media.show': programme }),
    's:sc:rsid': 'mesuradev',
    's:event:sid': session,
    's:event:type': type,
    'l:event:ts': String(at - MEDIA_PLAYER_CLOCK_SKEW_MS),
    'l:event:duration': type === 'play' ? '10000' : '0',
    'l:event:playhead': String(playheadS),
    's:asset:type': 'main',
    's:asset:video_id': `video-${session}`,
    's:sp:player_name': 'html5',
    's:stream:type': streamType,
    's:user:mid': visitor,
  };
  return `/hb/?${Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')}`;
}

/**
 * In minutes from MEDIA_MORNING (a visit ends 30 minutes after its last page view):
 * - A: home, then an episode of prog-1 on demand started at 3 and completed at 13, in the visit;
 * - B (a phone): home, then tv3 live started at 11, played, never completed; its start hit names no
 *   programme (the page's variables have none), its heartbeats name MEDIA_LIVE_PROGRAMME;
 * - C: home, then prog-2 on demand started at 21 and completed at 100, after the visit's end;
 * - D: home, then a start hit at 31 whose session sent no heartbeat.
 */
export function mediaGoalTraffic(): MediaGoalRequest[] {
  const requests: MediaGoalRequest[] = [];
  const hit = (visitor: string, minutes: number, fields: Partial<AnalyticsHit>, type: HitType = 'page_view', ua = BROWSER_UA) =>
    requests.push({ at: MEDIA_MORNING + minutes * MINUTE_MS, url: beaconUrl(testHit({ visitor: { fid: visitor }, ...fields }), type), ua });
  const start = (visitor: string, minutes: number, session: string, streamType: string, eVars: Record<number, string>, ua = BROWSER_UA) =>
    hit(
      visitor,
      minutes,
      { ...episode, eVars: { ...episode.eVars, ...eVars }, media: { kind: 'ms_s', mediaType: 'video' }, contextData: { 'a.media.vsid': session, 'a.contentType': streamType } },
      'media_start',
      ua,
    );
  const beat = (visitor: string, minutes: number, session: string, type: string, streamType: string, playheadS: number, ua = BROWSER_UA, programme?: string) => {
    const at = MEDIA_MORNING + minutes * MINUTE_MS;
    requests.push({ at, url: heartbeat(session, visitor, type, streamType, at, playheadS, programme), ua });
  };

  hit('A', 0, home);
  start('A', 3, 'session-a', 'vod', { 5: 'prog-1', 7: 'tv3' });
  beat('A', 3, 'session-a', 'start', 'vod', 0);
  beat('A', 8, 'session-a', 'play', 'vod', 300);
  beat('A', 13, 'session-a', 'complete', 'vod', 600);
  hit('B', 10, home, 'page_view', MEDIA_PHONE_UA);
  start('B', 11, 'session-b', 'linear', { 7: 'tv3' }, MEDIA_PHONE_UA);
  beat('B', 11, 'session-b', 'start', 'linear', 0, MEDIA_PHONE_UA, MEDIA_LIVE_PROGRAMME);
  beat('B', 16, 'session-b', 'play', 'linear', 300, MEDIA_PHONE_UA, MEDIA_LIVE_PROGRAMME);
  hit('C', 20, home);
  start('C', 21, 'session-c', 'vod', { 5: 'prog-2' });
  beat('C', 21, 'session-c', 'start', 'vod', 0);
  beat('C', 100, 'session-c', 'complete', 'vod', 4740);
  hit('D', 30, home);
  start('D', 31, 'session-d', 'vod', { 5: 'prog-1' });
  return requests.sort((a, b) => a.at - b.at);
}
