// One media session as the site's player and the media tracker send it (wire-formats §2): the
// start hit and heartbeats of an on-demand episode (preroll and midroll ads, chapters, buffering,
// bitrate changes, dropped frames, startup time, an exit before start or a start failure), of live
// television and of radio. Heartbeats are encoded by @mesura/protocol; their times follow the
// tracker's cadence (HEARTBEAT_INTERVAL_MS, AD_HEARTBEAT_INTERVAL_MS, FIRST_PLAY_HEARTBEAT_DELAY_MS).
import {
  AD_HEARTBEAT_INTERVAL_MS,
  FIRST_PLAY_HEARTBEAT_DELAY_MS,
  HEARTBEAT_API_LEVEL,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_LIBRARY_VERSION,
  NO_PREVIOUS_TS,
  SCHEDULER_TICK_MS,
  encodeHeartbeatQuery,
} from '@mesura/protocol';
import { md5 } from '@mesura/media/replay';
import { VideoMetadataKeys } from '@mesura/media';
import { VIDEO_VARIABLES } from '@mesura/media/players';
import { around, chance, hexId, pick } from './seeded.mjs';

/** The site's Mesura deployment serves heartbeats at `{host}/hb` (server/src/ingest/heartbeat-handler.ts). */
const HEARTBEAT_PATH = '/hb/';
const ADVERTISERS = ['Caixa Rural', 'Vins del Priorat', 'Ferrocarrils de la Generalitat', 'Llibreria Finestres', 'Cooperativa Lletera', 'Teatre Lliure'];
const VIDEO_BITRATES = [900_000, 1_800_000, 3_200_000, 5_000_000];
const AUDIO_BITRATE = 128_000;
const ERROR_IDS = ['MEDIA_ERR_NETWORK', 'MEDIA_ERR_SRC_NOT_SUPPORTED', 'hls-manifest-load-error'];
const AD_SKIP_SHARE = 0.2;
const BUFFER_PER_MINUTE = 0.08;

/**
 * The session of `page` (site-pages.mjs: an episode or a live page) watched by `browser`'s visitor
 * from `startMs` for about `watchS` seconds; `outcome` is 'watch', 'exit' (left before the content
 * started) or 'failure' (could not start). Pushes the heartbeats to `out`, the start hits through
 * `browser`; returns when the session ended.
 */
export function mediaSession({ page, visitor, browser, suite, next, startMs, watchS, outcome, out }) {
  const { video } = page;
  const audio = video.tipusContingut === 'audio';
  const session = {
    video,
    visitor,
    browser,
    suite,
    next,
    out,
    audio,
    id: `${startMs}${String(Math.floor(next() * 1e9)).padStart(9, '0')}`,
    length: Number(video.durada),
    meta: sessionMeta(video),
    bitrate: audio ? AUDIO_BITRATE : pick(next, VIDEO_BITRATES),
    dropped: 0,
    prevTs: new Map(),
    at: startMs,
  };
  session.startupTimeMs = 400 + Math.floor(next() * (outcome === 'watch' ? 2600 : 6000));
  const { standard, variables } = session.meta;
  heartbeat(session, 'start');
  browser.mediaStart(
    {
      sessionId: session.id,
      mediaId: video.idSessioVideo,
      name: video.titol,
      length: Math.floor(session.length),
      mediaType: audio ? 'audio' : 'video',
      streamType: video.tipusContingutHeartbeat,
      channel: 'mesura.cat',
      metadata: { ...standard, ...variables },
    },
    startMs + SCHEDULER_TICK_MS,
  );
  heartbeat(session, 'aa_start', { atMs: startMs + SCHEDULER_TICK_MS });
  session.at += SCHEDULER_TICK_MS + session.startupTimeMs;
  if (outcome !== 'watch') {
    if (outcome === 'failure') heartbeat(session, 'error', { error: pick(next, ERROR_IDS) });
    heartbeat(session, 'end', { atMs: session.at + 1000 + Math.floor(next() * 5000) });
    return session.at + 6000;
  }
  playContent(session, page, watchS);
  return session.at;
}

/** One heartbeat of the session at `atMs` (default the session's clock), encoded by @mesura/protocol. */
function heartbeat(session, type, { atMs = session.at, duration = 0, playhead = session.playhead ?? 0, ad, error } = {}) {
  const { video, visitor, audio, meta } = session;
  const key = `${ad?.sid ?? 'main'}|${type}`;
  const qos = { bitrate: session.bitrate, fps: audio ? 0 : 25, droppedFrames: session.dropped, startupTimeMs: session.startupTimeMs };
  const beat = {
    analytics: { reportSuite: session.suite, trackingServer: 'www.mesura.cat', ssl: true },
    visitorId: visitor.id,
    serviceProvider: {
      ovp: 'hls.js',
      sdk: 'mesura-site',
      channel: 'mesura.cat',
      playerName: video.tecnologia === 'hls' ? 'mesura-hls.js' : 'mesura-html5',
      libraryVersion: HEARTBEAT_LIBRARY_VERSION,
      apiLevel: HEARTBEAT_API_LEVEL,
    },
    event: { sessionId: session.id, type, duration, playhead: Math.floor(playhead), ts: atMs, prevTs: session.prevTs.get(key) ?? NO_PREVIOUS_TS, ...(error && { errorId: error }) },
    asset: { type: ad ? 'ad' : 'main', name: video.titol, videoId: video.idSessioVideo, publisher: 'Mesura', length: Math.floor(session.length), ...(ad && { ad }) },
    stream: { type: video.tipusContingutHeartbeat, qos: error ? { ...qos, bitrate: 0, fps: 0 } : qos, ...(session.chapter && !ad && { chapter: session.chapter }) },
    // The numbered variables ride on the session's start only (packages/media players/video-variables.ts).
    meta: type === 'start' && !ad ? { ...meta.standard, ...meta.variables } : meta.standard,
    consent: visitor.consent,
  };
  session.prevTs.set(key, atMs);
  session.out.push({ kind: 'heartbeat', method: 'GET', path: `${HEARTBEAT_PATH}?${encodeHeartbeatQuery(beat)}`, atMs, userAgent: visitor.userAgent, clientAddress: visitor.address });
}

/** An ad break at the playhead: each ad's start hit and heartbeats, one play a second; some ads are skipped. */
function playAdBreak(session, adBreak) {
  const { next, video } = session;
  for (let position = 1; position <= adBreak.ads; position++) {
    const adLength = pick(next, [10, 15, 20]);
    const ad = {
      id: `anunci-${md5(`${video.idSessioVideo}-${adBreak.position}-${position}`).slice(0, 8)}`,
      name: `${pick(next, ADVERTISERS)}: espot de ${adLength} s`,
      sid: hexId(next, 16),
      podId: `${md5(video.idSessioVideo)}_${adBreak.position}`,
      podName: adBreak.offset === 0 ? 'preroll' : 'midroll',
      podPosition: position,
      podOffset: adBreak.offset,
      length: adLength,
    };
    session.browser.adStart({ sessionId: session.id, mediaId: video.idSessioVideo, ad, metadata: { 'a.media.ad.advertiser': ad.name.split(':')[0] } }, session.at);
    heartbeat(session, 'start', { ad });
    heartbeat(session, 'aa_ad_start', { atMs: session.at + SCHEDULER_TICK_MS, ad });
    const watched = chance(next, AD_SKIP_SHARE) ? 5 : adLength;
    for (let s = 1; s <= watched; s++) heartbeat(session, 'play', { atMs: session.at + s * AD_HEARTBEAT_INTERVAL_MS, duration: AD_HEARTBEAT_INTERVAL_MS, ad });
    session.at += watched * AD_HEARTBEAT_INTERVAL_MS;
    if (watched === adLength) heartbeat(session, 'complete', { ad });
  }
}

/** The chapter the playhead is in, opened (and the previous one completed) when it changes. */
function followChapters(session, chapters) {
  const c = chapters.find((ch) => session.playhead >= ch.startTime && session.playhead < ch.startTime + ch.length);
  if (!c || session.chapter?.position === c.position) return;
  if (session.chapter) heartbeat(session, 'chapter_complete');
  session.chapter = {
    id: `${md5(session.video.idSessioVideo)}_${c.position}`,
    sid: hexId(session.next, 16),
    name: c.name,
    position: c.position,
    length: Math.floor(c.length),
    offset: Math.floor(c.startTime),
  };
  heartbeat(session, 'chapter_start');
}

/** A play closed now (its duration since the last), or a new play of 0 ms; the interval restarts either way. */
function closePlay(session) {
  heartbeat(session, 'play', { duration: session.at - session.lastPlay });
  session.lastPlay = session.at;
  session.nextBeat = session.at + HEARTBEAT_INTERVAL_MS;
}

function openPlay(session) {
  heartbeat(session, 'play');
  session.lastPlay = session.at;
  session.nextBeat = session.at + HEARTBEAT_INTERVAL_MS;
}

/**
 * The content from the preroll to where the visitor leaves: a play of 0 ms, one 1 s later, then one
 * every interval; midrolls, chapters, bitrate changes, dropped frames and buffering on the way.
 * Live streams have no ads or chapters here; their playhead is the time since the broadcast began.
 */
function playContent(session, page, watchS) {
  const { next, audio } = session;
  const live = session.video.tipusContingutHeartbeat === 'live';
  const episode = live ? undefined : page.episode;
  const breaks = episode ? episode.adBreaks.map((b, i) => ({ offset: b.offsetSeconds, position: i + 1, ads: 1 + (b.vast.length > 1 ? Math.floor(next() * 2) : 0) })) : [];
  const chapters = episode ? episode.chapters.map((c, i) => ({ ...c, position: i + 1 })) : [];
  session.playhead = live ? (session.at - SCHEDULER_TICK_MS - session.startupTimeMs - Date.parse(page.air.broadcast.start)) / 1000 : 0;
  const endPlayhead = live ? session.playhead + watchS : Math.min(session.length, watchS);
  if (breaks[0]?.offset === 0) playAdBreak(session, breaks.shift());
  openPlay(session);
  session.nextBeat = session.at + FIRST_PLAY_HEARTBEAT_DELAY_MS;
  followChapters(session, chapters);
  while (session.playhead < endPlayhead) {
    const step = Math.min((session.nextBeat - session.at) / 1000, endPlayhead - session.playhead);
    session.at += step * 1000;
    session.playhead += step;
    if (session.at >= session.nextBeat) {
      closePlay(session);
      if (chance(next, 0.04) && !audio) {
        session.bitrate = pick(next, VIDEO_BITRATES);
        heartbeat(session, 'bitrate_change');
      }
      if (!audio && chance(next, 0.1)) session.dropped += Math.floor(next() * 12);
      // Not where a midroll starts: the buffer's end and the ad's start would share a time, and
      // the store could not tell which came first (server/src/store/media-sessions-sql.ts rebuffering).
      const breakDue = breaks[0] !== undefined && session.playhead >= breaks[0].offset;
      if (chance(next, (BUFFER_PER_MINUTE * HEARTBEAT_INTERVAL_MS) / 60_000) && !breakDue) {
        const bufferMs = 800 + Math.floor(next() * 5000);
        heartbeat(session, 'buffer', { atMs: session.at + bufferMs, duration: bufferMs });
        session.at += bufferMs;
        openPlay(session);
      }
    }
    followChapters(session, chapters);
    if (breaks[0] && session.playhead >= breaks[0].offset) {
      closePlay(session);
      playAdBreak(session, breaks.shift());
      openPlay(session);
    }
  }
  heartbeat(session, 'play', { duration: session.at - session.lastPlay });
  if (!live && session.playhead >= session.length - 1) {
    if (session.chapter) heartbeat(session, 'chapter_complete');
    heartbeat(session, 'complete', { playhead: session.length });
  } else heartbeat(session, 'end');
}

/** The session's metadata: the standard keys the video group fills and its numbered variables (packages/media players/session-media.ts). */
function sessionMeta(video) {
  const standard = {};
  const variables = {};
  const keys = [
    [VideoMetadataKeys.Show, 'codiPrograma'],
    [VideoMetadataKeys.Season, 'temporada'],
    [VideoMetadataKeys.Episode, 'capitol'],
    [VideoMetadataKeys.Genre, 'tematica'],
    [VideoMetadataKeys.StreamFormat, 'formatContingut'],
  ];
  for (const [key, field] of keys) if (video[field]) standard[key] = video[field];
  for (const [field, variable] of Object.entries(VIDEO_VARIABLES)) if (video[field]) variables[variable] = video[field];
  return { standard, variables };
}

/** How long a visitor keeps a session open, in seconds: most leave early, some stay to the end. */
export function watchSeconds(next, page) {
  const live = page.video.tipusContingutHeartbeat === 'live';
  return live ? around(next, page.video.tipusContingut === 'audio' ? 240 : 180, 30) : around(next, Number(page.video.durada) * 0.7, 20);
}
