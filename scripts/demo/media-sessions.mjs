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
} from '../../packages/protocol/dist/index.js';
import { md5 } from '../../packages/media/dist/md5.js';
import { VideoMetadataKeys } from '../../packages/media/dist/metadata-keys.js';
import { VIDEO_VARIABLES } from '../../packages/media/dist/players/video-variables.js';
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
  const live = video.tipusContingutHeartbeat === 'live';
  const sessionId = `${startMs}${String(Math.floor(next() * 1e9)).padStart(9, '0')}`;
  const length = Number(video.durada);
  const { standard, variables } = sessionMeta(video);
  let bitrate = audio ? AUDIO_BITRATE : pick(next, VIDEO_BITRATES);
  let dropped = 0;
  const qos = () => ({ bitrate, fps: audio ? 0 : 25, droppedFrames: dropped, startupTimeMs });
  const startupTimeMs = 400 + Math.floor(next() * (outcome === 'watch' ? 2600 : 6000));
  const prev = new Map();
  let chapter;
  const send = (atMs, type, { duration = 0, playhead = 0, ad, error } = {}) => {
    const key = `${ad?.sid ?? 'main'}|${type}`;
    const heartbeat = {
      analytics: { reportSuite: suite, trackingServer: 'www.mesura.cat', ssl: true },
      visitorId: visitor.id,
      serviceProvider: { ovp: 'hls.js', sdk: 'mesura-site', channel: 'mesura.cat', playerName: video.tecnologia === 'hls' ? 'mesura-hls.js' : 'mesura-html5', libraryVersion: HEARTBEAT_LIBRARY_VERSION, apiLevel: HEARTBEAT_API_LEVEL },
      event: { sessionId, type, duration, playhead: Math.floor(playhead), ts: atMs, prevTs: prev.get(key) ?? NO_PREVIOUS_TS, ...(error && { errorId: error }) },
      asset: { type: ad ? 'ad' : 'main', name: video.titol, videoId: video.idSessioVideo, publisher: 'Mesura', length: Math.floor(length), ...(ad && { ad }) },
      stream: { type: video.tipusContingutHeartbeat, qos: error ? { ...qos(), bitrate: 0, fps: 0 } : qos(), ...(chapter && !ad && { chapter }) },
      // The numbered variables ride on the session's start only (packages/media players/video-variables.ts).
      meta: type === 'start' && !ad ? { ...standard, ...variables } : standard,
      consent: visitor.consent,
    };
    prev.set(key, atMs);
    out.push({ kind: 'heartbeat', method: 'GET', path: `${HEARTBEAT_PATH}?${encodeHeartbeatQuery(heartbeat)}`, atMs, userAgent: visitor.userAgent });
  };

  let at = startMs;
  send(at, 'start');
  browser.mediaStart({ sessionId, mediaId: video.idSessioVideo, name: video.titol, length: Math.floor(length), mediaType: audio ? 'audio' : 'video', streamType: video.tipusContingutHeartbeat, channel: 'mesura.cat', metadata: { ...standard, ...variables } }, at + SCHEDULER_TICK_MS);
  send(at + SCHEDULER_TICK_MS, 'aa_start');
  if (outcome !== 'watch') {
    at += SCHEDULER_TICK_MS + startupTimeMs;
    if (outcome === 'failure') send(at, 'error', { error: pick(next, ERROR_IDS) });
    send(at + 1000 + Math.floor(next() * 5000), 'end');
    return at + 6000;
  }
  // Live streams have no ads or chapters here; the playhead is the time since the broadcast began.
  const episode = page.episode;
  const breaks = live || !episode ? [] : episode.adBreaks.map((b, i) => ({ offset: b.offsetSeconds, position: i + 1, ads: 1 + (b.vast.length > 1 ? Math.floor(next() * 2) : 0) }));
  const chapters = live || !episode ? [] : episode.chapters.map((c, i) => ({ ...c, position: i + 1 }));
  let playhead = live ? (startMs - Date.parse(page.air.broadcast.start)) / 1000 : 0;
  const endPlayhead = live ? playhead + watchS : Math.min(length, watchS);
  at += SCHEDULER_TICK_MS + startupTimeMs;

  const adBreak = (b) => {
    for (let position = 1; position <= b.ads; position++) {
      const adLength = pick(next, [10, 15, 20]);
      const ad = { id: `anunci-${md5(`${video.idSessioVideo}-${b.position}-${position}`).slice(0, 8)}`, name: `${pick(next, ADVERTISERS)}: espot de ${adLength} s`, sid: hexId(next, 16), podId: `${md5(video.idSessioVideo)}_${b.position}`, podName: b.offset === 0 ? 'preroll' : 'midroll', podPosition: position, podOffset: b.offset, length: adLength };
      browser.adStart({ sessionId, mediaId: video.idSessioVideo, ad, metadata: { 'a.media.ad.advertiser': ad.name.split(':')[0] } }, at);
      send(at, 'start', { playhead, ad });
      send(at + SCHEDULER_TICK_MS, 'aa_ad_start', { playhead, ad });
      const watched = chance(next, AD_SKIP_SHARE) ? 5 : adLength;
      for (let s = 1; s <= watched; s++) send(at + s * AD_HEARTBEAT_INTERVAL_MS, 'play', { duration: AD_HEARTBEAT_INTERVAL_MS, playhead, ad });
      at += watched * AD_HEARTBEAT_INTERVAL_MS;
      if (watched === adLength) send(at, 'complete', { playhead, ad });
    }
  };
  const pending = [...breaks];
  if (pending[0]?.offset === 0) adBreak(pending.shift());

  // Content: play of 0 ms, a play 1 s later, then every interval; events close the open play.
  let lastPlay = at;
  send(at, 'play', { playhead });
  let nextBeat = at + FIRST_PLAY_HEARTBEAT_DELAY_MS;
  const openChapter = () => {
    const c = chapters.find((ch) => playhead >= ch.startTime && playhead < ch.startTime + ch.length);
    if (c && chapter?.position !== c.position) {
      if (chapter) send(at, 'chapter_complete', { playhead });
      chapter = { id: `${md5(video.idSessioVideo)}_${c.position}`, sid: hexId(next, 16), name: c.name, position: c.position, length: Math.floor(c.length), offset: Math.floor(c.startTime) };
      send(at, 'chapter_start', { playhead });
    }
  };
  openChapter();
  while (playhead < endPlayhead) {
    const step = Math.min((nextBeat - at) / 1000, endPlayhead - playhead);
    at += step * 1000;
    playhead += step;
    if (at >= nextBeat) {
      send(at, 'play', { duration: at - lastPlay, playhead });
      lastPlay = at;
      nextBeat = at + HEARTBEAT_INTERVAL_MS;
      if (chance(next, 0.04) && !audio) {
        bitrate = pick(next, VIDEO_BITRATES);
        send(at, 'bitrate_change', { playhead });
      }
      if (!audio && chance(next, 0.1)) dropped += Math.floor(next() * 12);
      if (chance(next, (BUFFER_PER_MINUTE * HEARTBEAT_INTERVAL_MS) / 60_000)) {
        const bufferMs = 800 + Math.floor(next() * 5000);
        send(at + bufferMs, 'buffer', { duration: bufferMs, playhead });
        at += bufferMs;
        send(at, 'play', { playhead });
        lastPlay = at;
        nextBeat = at + HEARTBEAT_INTERVAL_MS;
      }
    }
    openChapter();
    if (pending[0] && playhead >= pending[0].offset) {
      send(at, 'play', { duration: at - lastPlay, playhead });
      adBreak(pending.shift());
      send(at, 'play', { playhead });
      lastPlay = at;
      nextBeat = at + HEARTBEAT_INTERVAL_MS;
    }
  }
  send(at, 'play', { duration: at - lastPlay, playhead });
  if (!live && playhead >= length - 1) {
    if (chapter) send(at, 'chapter_complete', { playhead });
    send(at, 'complete', { playhead: length });
  } else send(at, 'end', { playhead });
  return at;
}

/** The session's metadata: the standard keys the video group fills and its numbered variables (packages/media players/session-media.ts). */
function sessionMeta(video) {
  const standard = {};
  const variables = {};
  const keys = [[VideoMetadataKeys.Show, 'codiPrograma'], [VideoMetadataKeys.Season, 'temporada'], [VideoMetadataKeys.Episode, 'capitol'], [VideoMetadataKeys.Genre, 'tematica'], [VideoMetadataKeys.StreamFormat, 'formatContingut']];
  for (const [key, field] of keys) if (video[field]) standard[key] = video[field];
  for (const [field, variable] of Object.entries(VIDEO_VARIABLES)) if (video[field]) variables[variable] = video[field];
  return { standard, variables };
}

/** How long a visitor keeps a session open, in seconds: most leave early, some stay to the end. */
export function watchSeconds(next, page) {
  const live = page.video.tipusContingutHeartbeat === 'live';
  return live ? around(next, page.video.tipusContingut === 'audio' ? 300 : 240, 30) : around(next, Number(page.video.durada) * 0.7, 20);
}
