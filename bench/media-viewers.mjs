// The viewers of the media benchmark: each plays sessions one after the other and sends their
// heartbeats on the §9 cadence (wire-formats §2), time-compressed, one request at a time (as the
// tracker's queue does), and keeps what the server acknowledged so that the store can be checked.
import { encodeHeartbeatQuery } from '@mesura/protocol';
import { ConnectionPool } from './connection-pool.mjs';

/** Simulated milliseconds per real millisecond: a 10 s heartbeat interval lasts 1 s. */
export const COMPRESSION = 10;
const AD_S = 5;
const CONTENT_S = 60;
/** Connections open before a step starts: more than the requests in flight at 10,000 a second. */
const PREWARMED_CONNECTIONS = 256;

/**
 * One session's heartbeats, as offsets in simulated ms from its start: main start and aa_start, a
 * preroll of one 5 s ad (ad play every second), then the content, a play every 10 s, and complete.
 */
export function sessionPlan() {
  const plan = [
    { at: 0, type: 'start', asset: 'main', duration: 0 },
    { at: 250, type: 'aa_start', asset: 'main', duration: 0 },
    { at: 250, type: 'start', asset: 'ad', duration: 0 },
    { at: 250, type: 'aa_ad_start', asset: 'ad', duration: 0 },
  ];
  for (let s = 1; s <= AD_S; s++) plan.push({ at: 250 + s * 1000, type: 'play', asset: 'ad', duration: 1000 });
  const contentStart = 250 + AD_S * 1000;
  plan.push({ at: contentStart, type: 'complete', asset: 'ad', duration: 0 });
  plan.push({ at: contentStart, type: 'play', asset: 'main', duration: 0 });
  let last = contentStart;
  // The first periodic play comes 1 s after the content opens, then one every 10 s.
  for (let at = contentStart + 1000; at < contentStart + CONTENT_S * 1000; at += 10_000) {
    plan.push({ at, type: 'play', asset: 'main', duration: at - last });
    last = at;
  }
  const end = contentStart + CONTENT_S * 1000;
  plan.push({ at: end, type: 'play', asset: 'main', duration: end - last });
  plan.push({ at: end, type: 'complete', asset: 'main', duration: 0 });
  return plan;
}

const PLAN = sessionPlan();
/** A session and the second before the next one opens. */
const SESSION_SIM_MS = PLAN.at(-1).at + 1000;

/** The heartbeat of `step` of `session` at `simNow` (ms since the epoch), as the tracker sends it. */
export function heartbeat(session, step, simNow) {
  return {
    analytics: { reportSuite: session.suite, trackingServer: '127.0.0.1', ssl: false },
    visitorId: session.visitorId,
    serviceProvider: { playerName: 'bench', libraryVersion: '2.2.1', apiLevel: 4, ovp: 'bench', channel: 'bench' },
    event: { sessionId: session.id, type: step.type, duration: step.duration, playhead: Math.max(0, Math.floor((step.at - 5250) / 1000)), ts: simNow, prevTs: -1 },
    asset: {
      type: step.asset,
      name: `Programa ${session.content}`,
      videoId: `content-${session.content}`,
      publisher: 'bench',
      length: CONTENT_S,
      ...(step.asset === 'ad' && { ad: { id: 'ad-1', sid: `${session.id}-ad`, podId: `${session.content}_1`, podPosition: 1, podOffset: 0, length: AD_S } }),
    },
    stream: { type: 'vod', qos: { bitrate: 2_000_000, fps: 25, droppedFrames: 0, startupTimeMs: 900 } },
    meta: { 'a.media.show': `Programa ${session.content % 20}` },
  };
}

/** Viewers against one server for a bounded time; resolves with what was sent and acknowledged. */
export async function runViewers({ port, viewers, suite, seconds }) {
  const agent = new ConnectionPool(port);
  // Viewers already watching have their connections open; opening N of them in the first
  // second would measure the kernel's accept queue, not the collector.
  await agent.prewarm(Math.min(viewers, PREWARMED_CONNECTIONS));
  const stats = { suite, sent: 0, acked: 0, failed: 0, failures: new Map(), latenciesMs: [], lateMs: [], ackedContentMs: 0, ackedAdMs: 0, sessions: new Set() };
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  const runs = [];
  for (let v = 0; v < viewers; v++) {
    // N viewers already watching, each somewhere in a session: the load is steady from the first
    // second, as on a live server, rather than N sessions starting in the same instant.
    const phase = Math.random() * SESSION_SIM_MS;
    runs.push(runViewer({ agent, suite, viewer: v, deadline, stats, startAt: startedAt, phase }));
  }
  await Promise.all(runs);
  agent.close();
  stats.elapsedS = (performance.now() - startedAt) / 1000;
  return stats;
}

async function runViewer({ agent, suite, viewer, deadline, stats, startAt, phase }) {
  let sessionStart = startAt - phase / COMPRESSION;
  for (let n = 0; ; n++) {
    const session = { id: `${Date.now()}${viewer}${String(n).padStart(4, '0')}`, suite, visitorId: `BENCH${viewer}-V`, content: viewer % 50 };
    // The first session's heartbeats before the phase were sent before the benchmark began.
    for (const step of n === 0 ? PLAN.filter((s) => s.at >= phase) : PLAN) {
      const dueAt = sessionStart + step.at / COMPRESSION;
      if (dueAt >= deadline) return;
      const wait = dueAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      stats.lateMs.push(Math.max(0, performance.now() - dueAt));
      const simNow = Math.round(Date.now() + step.at);
      await send(agent, session, step, simNow, stats);
    }
    sessionStart += SESSION_SIM_MS / COMPRESSION;
  }
}

async function send(agent, session, step, simNow, stats) {
  const path = `/hb/?${encodeHeartbeatQuery(heartbeat(session, step, simNow))}`;
  stats.sent += 1;
  const t0 = performance.now();
  const status = await agent.get(path);
  stats.latenciesMs.push(performance.now() - t0);
  if (status === 200) acknowledge(session, step, stats);
  else {
    stats.failed += 1;
    stats.failures.set(status, (stats.failures.get(status) ?? 0) + 1);
  }
}

function acknowledge(session, step, stats) {
  stats.acked += 1;
  stats.sessions.add(session.id);
  if (step.type === 'play' && step.asset === 'main') stats.ackedContentMs += step.duration;
  if (step.type === 'play' && step.asset === 'ad') stats.ackedAdMs += step.duration;
}

export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
