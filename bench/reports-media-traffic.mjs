// Synthetic media traffic for bench:reports, as the ingest log holds it: HeartbeatRow lines
// (server/src/store/heartbeat-row.ts) and each play's analytics start hit (`pe=ms_s`, a HitRow of
// hit type media_start whose `a.media.vsid` is the session id), hour by hour. Seeded.
//
// The heartbeats are the real tracker's: a few hundred plays of different shapes are replayed on
// fake time by @mesura/media's replay (runScenario drives createMediaTracker with the §9 cadence:
// a play heartbeat every 10 s, ad heartbeats every second), decoded as the collector decodes them
// (decodeHeartbeatQuery) and enriched by the collector's own heartbeat pipeline. Each play of the
// bench is one of these shapes moved to its own start, session, visitor and content: replaying
// every one of ~150,000 plays would take the tracker's timers an hour, and one shape's heartbeats
// do not depend on when or by whom it was played.
//
// The shapes: video on demand (most plays short, a tail watched to the end of a full episode;
// prerolls on most, a midroll every MIDROLL_EVERY_S of content; pauses, seeks and buffering; some
// closed by trackSessionEnd, some left to the idle timeout, a few failing to start), live
// television on the guide's channels and live radio on its stations (content id: the guide's
// broadcast on air when the play starts, as the live pages send it).
import { createHash } from 'node:crypto';
import { createHeartbeatPipeline, localDayIn } from '@mesura/server/tooling';
import { createSeedContent, guideFor } from '@mesura/content';
import { REPLAY_EPOCH_MS, runScenario, seededRandom } from '@mesura/media/replay';
import { decodeHeartbeatQuery } from '@mesura/protocol';

const SUITE = 'mesuradev';
const TIME_ZONE = 'Europe/Madrid';
const HOUR_MS = 3_600_000;
/** Shapes replayed per kind: enough that no two neighbouring plays look alike. */
const SHAPES = { vod: 120, live: 32, radio: 24 };
/** Share of plays per kind: most plays are on demand; live TV and radio have longer plays. */
const KIND_WEIGHTS = [
  ['vod', 0.72],
  ['live', 0.18],
  ['radio', 0.1],
];
/** Content ids of the on-demand catalogue: the seed programmes' seasons, EPISODES_PER_SEASON each. */
const EPISODES_PER_SEASON = 40;
const MIDROLL_EVERY_S = 600;
const AD_LENGTHS_S = [10, 15, 20, 30];
/** Plays per local hour of the day: evenings are prime time. */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 0.9, 1.6, 2, 1.8, 1.6, 1.6, 1.9, 2.2, 2, 1.6, 1.6, 1.8, 2.2, 2.8, 3.4, 3.8, 3.2, 1.9];
const DEVICES = [
  ['desktop', 0.3],
  ['mobile', 0.45],
  ['tablet', 0.12],
  ['tv', 0.13],
];
const VISITORS = 600_000;
const CONFIG = {
  trackingServer: 'hb.mesura.cat',
  publisher: 'Mesura@Org',
  playerName: 'html5',
  channel: 'mesura',
  ovp: 'hls.js',
  appVersion: 'site-1.0',
  ssl: true,
  reportSuite: SUITE,
  analyticsServer: 'mesura.cat',
};

const pick = (next, list) => list[Math.floor(next() * list.length)];
const weighted = (next, pairs) => {
  let r = next();
  for (const [value, weight] of pairs) if ((r -= weight) < 0) return value;
  return pairs[pairs.length - 1][0];
};
const skewed = (next, size) => Math.min(size - 1, Math.floor(Math.exp(next() * Math.log(size + 1))) - 1);
const exponential = (next, mean) => -Math.log(1 - next()) * mean;

/** On-demand steps after the session start: ads, play, pauses, seeks, buffering, and how it ends. */
function vodSteps(next, lengthS, watchS) {
  const steps = [];
  let at = 0;
  const adBreak = (position, offsetS) => {
    steps.push({ at, call: 'trackEvent', event: 'AdBreakStart', info: ['adBreak', position === 1 ? 'preroll' : 'midroll', position, offsetS], playing: false });
    const ads = 1 + Math.floor(next() * 3);
    for (let a = 1; a <= ads; a++) {
      const adS = pick(next, AD_LENGTHS_S);
      steps.push({ at, call: 'trackEvent', event: 'AdStart', info: ['ad', `Anunci ${a}`, `ad-${Math.floor(next() * 60)}`, a, adS] });
      // One viewer in ten skips out of an ad before it ends.
      if (next() < 0.1) return false;
      at += adS * 1000;
      steps.push({ at, call: 'trackEvent', event: 'AdComplete' });
    }
    steps.push({ at, call: 'trackEvent', event: 'AdBreakComplete', playing: true });
    return true;
  };
  if (next() < 0.01) {
    steps.push({ at: 800, call: 'trackError', errorId: 'MEDIA_ERR_NETWORK' });
    return steps;
  }
  const preroll = next() < 0.65;
  steps.push({ at, call: 'trackPlay', playing: !preroll });
  if (preroll && !adBreak(1, 0)) return steps;
  let playhead = 0;
  let watched = 0;
  while (watched < watchS && playhead < lengthS) {
    const runS = Math.min(watchS - watched, lengthS - playhead, 30 + exponential(next, 240));
    at += Math.round(runS * 1000);
    playhead += runS;
    watched += runS;
    if (watched >= watchS || playhead >= lengthS) break;
    const r = next();
    if (Math.floor(playhead / MIDROLL_EVERY_S) > Math.floor((playhead - runS) / MIDROLL_EVERY_S)) {
      if (!adBreak(2 + Math.floor(playhead / MIDROLL_EVERY_S), Math.floor(playhead))) return steps;
    } else if (r < 0.35) {
      steps.push({ at, call: 'trackPause', playing: false });
      at += Math.round(3000 + exponential(next, 40_000));
      steps.push({ at, call: 'trackPlay', playing: true });
    } else if (r < 0.55) {
      steps.push({ at, call: 'trackEvent', event: 'SeekStart' });
      playhead = Math.min(lengthS - 5, Math.max(0, playhead + (next() - 0.3) * 300));
      at += 800;
      steps.push({ at, call: 'trackEvent', event: 'SeekComplete', playhead: Math.floor(playhead) });
    } else if (r < 0.8) {
      steps.push({ at, call: 'trackEvent', event: 'BufferStart', playing: false });
      at += Math.round(400 + exponential(next, 2500));
      steps.push({ at, call: 'trackEvent', event: 'BufferComplete', playing: true });
    }
  }
  if (playhead >= lengthS) steps.push({ at, call: 'trackComplete' });
  // Most viewers who stop close the page (the tracker's end on unload); the rest leave it to time out.
  if (next() < 0.7) steps.push({ at, call: 'trackSessionEnd' });
  else steps.push({ at, playing: false });
  return steps;
}

/** Live steps: play for `watchS`, with an occasional buffering or pause, then end or go idle. */
function liveSteps(next, watchS) {
  const steps = [{ at: 0, call: 'trackPlay', playing: true }];
  let at = 0;
  const endMs = Math.round(watchS * 1000);
  while (at < endMs) {
    at = Math.min(endMs, at + Math.round(60_000 + exponential(next, 600_000)));
    if (at >= endMs) break;
    if (next() < 0.6) {
      steps.push({ at, call: 'trackEvent', event: 'BufferStart', playing: false });
      at += Math.round(500 + exponential(next, 3000));
      steps.push({ at, call: 'trackEvent', event: 'BufferComplete', playing: true });
    } else {
      steps.push({ at, call: 'trackPause', playing: false });
      at += Math.round(5000 + exponential(next, 60_000));
      steps.push({ at, call: 'trackPlay', playing: true });
    }
  }
  at = Math.max(at, endMs);
  if (next() < 0.7) steps.push({ at, call: 'trackSessionEnd' });
  else steps.push({ at, playing: false });
  return steps;
}

/** One shape as a replay scenario (packages/media README "Replay"). */
function shapeScenario(kind, next) {
  const bitrate = pick(next, kind === 'radio' ? [128_000, 192_000] : [800_000, 1_800_000, 3_500_000, 6_000_000]);
  const qos = [bitrate, Math.round((0.3 + exponential(next, 1.2)) * 100) / 100, kind === 'radio' ? 0 : 25, Math.floor(exponential(next, 20))];
  if (kind === 'vod') {
    // Clips and news items of a few minutes, and full episodes of 25 to 55 minutes.
    const lengthS = next() < 0.45 ? 60 + Math.floor(next() * 300) : 1500 + Math.floor(next() * 1800);
    // Most plays stop early; one in five is watched to the end.
    const watchS = next() < 0.2 ? lengthS : Math.min(lengthS, 10 + exponential(next, 200));
    const media = ['contingut', 'vod-placeholder', lengthS, 'vod', 'video', { standardMetadata: { 'a.media.show': 'programa', 'a.media.season': '1' } }];
    return { config: CONFIG, qos, steps: [{ at: 0, call: 'trackSessionStart', media }, ...vodSteps(next, lengthS, watchS)] };
  }
  const watchS = 20 + exponential(next, kind === 'radio' ? 1500 : 1000);
  const media = ['directe', 'live-placeholder', 86_400, 'live', kind === 'radio' ? 'audio' : 'video'];
  return { config: CONFIG, qos, steps: [{ at: 0, call: 'trackSessionStart', media }, ...liveSteps(next, watchS)] };
}

/** The shape's heartbeat rows as the collector would store them, each with its offset from the start. */
async function replayShape(scenario, pipeline) {
  const lines = await runScenario(scenario);
  const heartbeats = [];
  let startOffsetMs = null;
  for (const line of lines) {
    if (line.kind === 'analytics' && line.params.pe === 'ms_s') startOffsetMs ??= line.at;
    if (line.kind !== 'heartbeat') continue;
    const decoded = decodeHeartbeatQuery(new URLSearchParams(line.params).toString());
    if (!decoded.ok) throw new Error(`the replayed heartbeat does not decode: ${JSON.stringify(decoded)}`);
    const [row] = pipeline(decoded.value, [SUITE], { receivedAtMs: REPLAY_EPOCH_MS + line.at, ip: '192.0.2.1', userAgent: null });
    heartbeats.push({ offsetMs: line.at, tsOffsetMs: row.tsMs - REPLAY_EPOCH_MS, prevOffsetMs: row.prevTsMs === -1 ? null : row.prevTsMs - REPLAY_EPOCH_MS, row });
  }
  return { heartbeats, startOffsetMs, spanMs: heartbeats.at(-1)?.offsetMs ?? 0 };
}

/** Every kind's shapes, replayed once. */
async function replayShapes(seed) {
  const next = seededRandom(seed);
  const pipeline = createHeartbeatPipeline({
    environment: 'development',
    localDay: localDayIn(TIME_ZONE),
    checkConsent: () => 'granted',
    keepUserAgent: false,
  });
  const shapes = {};
  for (const [kind, count] of Object.entries(SHAPES)) {
    shapes[kind] = [];
    for (let i = 0; i < count; i++) shapes[kind].push(await replayShape(shapeScenario(kind, next), pipeline));
  }
  return shapes;
}

/** The on-demand catalogue: each seed programme's seasons, EPISODES_PER_SEASON episodes each. */
function vodCatalogue() {
  const { programmes } = createSeedContent();
  const items = [];
  for (const programme of programmes.filter((p) => p.kind === 'video')) {
    for (const season of programme.seasons) {
      for (let e = 1; e <= EPISODES_PER_SEASON; e++) {
        items.push({ id: `${programme.slug}-t${season.number}-e${e}`, name: `${programme.title}: capítol ${e}`, programme: programme.title, season: String(season.number) });
      }
    }
  }
  return items;
}

/** The guide's broadcast on `channel` at `ms`, as the live page names it. */
function broadcastAt(channel, ms, cache) {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${channel}|${hour}`;
  let found = cache.get(key);
  if (found === undefined) {
    const guide = guideFor(channel, new Date(hour * HOUR_MS));
    found = guide.filter((b) => Date.parse(b.start) <= hour * HOUR_MS + HOUR_MS && Date.parse(b.end) > hour * HOUR_MS);
    cache.set(key, found);
  }
  const on = found.find((b) => Date.parse(b.start) <= ms && ms < Date.parse(b.end)) ?? found[0];
  return { id: on.id, name: on.title, programme: on.programme ?? on.title, season: null };
}

/** One play: the shape's rows moved to `startMs`, for its own session, visitor and content. */
function playRows(shape, play, localDay) {
  const { startMs, sessionId, visitor, device, content } = play;
  const metadata = JSON.stringify(content.season === null ? { 'a.media.show': content.programme } : { 'a.media.show': content.programme, 'a.media.season': content.season });
  const rows = shape.heartbeats.map(({ offsetMs, tsOffsetMs, prevOffsetMs, row }) => {
    const receivedAtMs = startMs + offsetMs;
    return {
      ...row,
      heartbeatId: createHash('sha1').update(`${row.heartbeatId}|${sessionId}`).digest('base64url'),
      receivedAtMs,
      day: localDay(receivedAtMs),
      tsMs: startMs + tsOffsetMs,
      prevTsMs: prevOffsetMs === null ? -1 : startMs + prevOffsetMs,
      sessionId,
      visitorId: visitor,
      contentId: content.id,
      contentName: content.name,
      programme: content.programme,
      metadata,
      deviceClass: device,
    };
  });
  if (shape.startOffsetMs !== null) rows.push(startHit(startMs + shape.startOffsetMs, play, localDay));
  return rows;
}

/** The play's analytics start hit (`pe=ms_s`, `pev3` video or audio), as the beacon path stores it. */
function startHit(at, play, localDay) {
  const { sessionId, visitor, device, content, mediaType } = play;
  const section = play.kind === 'vod' ? 'programes' : play.kind === 'radio' ? 'radio' : 'directes';
  return {
    eventId: `bench-ms-${sessionId}`,
    reportSuite: SUITE,
    environment: 'development',
    receivedAtMs: at,
    day: localDay(at),
    clientTimeMs: at,
    hitType: 'media_start',
    visitorId: visitor,
    visitorIdSource: 'mid',
    pageName: `mesura:${section}:${content.id}`,
    url: `https://mesura.cat/${section}/${content.id}/`,
    referrer: 'https://mesura.cat/',
    channel: section,
    linkUrl: null,
    linkName: null,
    mediaType,
    events: '[]',
    contextData: JSON.stringify({ 'a.media.vsid': sessionId, 'a.media.name': content.id }),
    otherVariables: '{}',
    variables: { section, portal: 'mesura', web: 'mesura.cat', language: 'ca', contentTitle: content.name },
    deviceClass: device,
    isBot: false,
    ipAnonymised: '192.0.2.0',
    browserName: 'Chrome',
    browserMajorVersion: '156',
    osName: 'Android',
    userAgent: null,
    libraryVersion: 'JS-2.22.0',
    consent: 'granted',
  };
}

/**
 * Yields, for each hour of the `days` days from `firstDayMs` (the start of an hour, UTC), the
 * media rows received in that hour (heartbeats and start hits, in receive order), `events` rows in
 * all (the last play may be cut short). A play's heartbeats run on into later hours, as a real
 * play's do; those of plays still running when the last hour ends are never sent (they would be
 * received after it: the last hour ends now).
 */
export async function* mediaTrafficByHour({ events, days, firstDayMs, seed = 20261126 }) {
  const shapes = await replayShapes(seed);
  const next = seededRandom(seed + 1);
  const localDay = localDayIn(TIME_ZONE);
  const catalogue = vodCatalogue();
  const { channels, stations } = createSeedContent();
  const guideCache = new Map();
  const meanRows = (list) => list.reduce((sum, shape) => sum + shape.heartbeats.length + 1, 0) / list.length;
  const rowsPerPlay = KIND_WEIGHTS.reduce((sum, [kind, weight]) => sum + weight * meanRows(shapes[kind]), 0);
  const perHour = events / rowsPerPlay / (days * 24);
  const weightSum = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let pending = [];
  let produced = 0;
  let session = 0;
  for (let hour = 0; hour < days * 24; hour++) {
    const hourStart = firstDayMs + hour * HOUR_MS;
    const plays = produced >= events ? 0 : Math.round((perHour * 24 * HOUR_WEIGHTS[new Date(hourStart).getUTCHours()]) / weightSum);
    for (let p = 0; p < plays && produced < events; p++) {
      const kind = weighted(next, KIND_WEIGHTS);
      const startMs = hourStart + Math.floor(next() * HOUR_MS);
      const content = kind === 'vod' ? catalogue[skewed(next, catalogue.length)] : broadcastAt(pick(next, kind === 'radio' ? stations : channels).slug, startMs, guideCache);
      const play = {
        kind,
        startMs,
        sessionId: `${startMs}${String(100_000_000 + session++).slice(1)}`,
        visitor: `bench-visitor-${skewed(next, VISITORS)}`,
        device: weighted(next, DEVICES),
        content,
        mediaType: kind === 'radio' ? 'audio' : 'video',
      };
      const rows = playRows(pick(next, shapes[kind]), play, localDay).slice(0, events - produced);
      produced += rows.length;
      pending.push(...rows);
    }
    const hourEnd = hourStart + HOUR_MS;
    const due = pending.filter((row) => row.receivedAtMs < hourEnd);
    pending = pending.filter((row) => row.receivedAtMs >= hourEnd);
    yield due.sort((a, b) => a.receivedAtMs - b.receivedAtMs);
  }
}
