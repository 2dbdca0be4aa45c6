// The ingest that goes on while bench:reports asks its reports: page-view beacons of many visitors
// and the heartbeats of live viewers, sent to the server at a steady rate from a process of its
// own, until it is told to stop (SIGTERM) or its time is up. Of RATE_PER_S requests, HEARTBEAT_SHARE
// are heartbeats (bench/reports.mjs's mix) of as many live viewers as send them every
// HEARTBEAT_INTERVAL_MS, as the tracker does on a live stream: each viewer's session opens with a
// `start`, then sends a main `play` per interval, and after HEARTBEATS_PER_SESSION the viewer
// starts another. Prints how many were acknowledged.
// Usage: node bench/reports-ingest.mjs PORT RATE_PER_S SECONDS
import http from 'node:http';
import { guideFor } from '@mesura/content';
import { HEARTBEAT_INTERVAL_MS, encodeHeartbeatQuery } from '@mesura/protocol';
import { BENCH_USER_AGENT, beaconPath, visitorId } from './abuse-beacon.mjs';

const [port, rate, seconds] = process.argv.slice(2).map(Number);
const TICK_MS = 50;
const VISITOR_POOL = 50_000;
const HEARTBEAT_SHARE = 0.6;
/** Heartbeats a viewer's session sends before it ends and the viewer starts another. */
const HEARTBEATS_PER_SESSION = 60;
const LIVE_CHANNELS = ['mesura-tv', 'mesura-24', 'mesura-radio'];
const SUITE = 'mesuradev';
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const runId = `${process.pid}${Date.now()}`;
/** How long a stopped ingest waits for the answers still on their way before it counts them. */
const ANSWER_WAIT_MS = 10_000;
let sent = 0;
let acknowledged = 0;
let answered = 0;
let visitor = 0;
let viewer = 0;
/** Live viewers watching at once: each sends a heartbeat per HEARTBEAT_INTERVAL_MS, all of them HEARTBEAT_SHARE of the rate. */
const LIVE_VIEWERS = Math.max(1, Math.round((rate * HEARTBEAT_SHARE * HEARTBEAT_INTERVAL_MS) / 1000));
/** Each viewer's session: its number and how many heartbeats it has sent. */
const sessions = new Map();

function get(path) {
  sent += 1;
  const request = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'user-agent': BENCH_USER_AGENT } }, (response) => {
    if (response.statusCode === 200) acknowledged += 1;
    response.resume();
    answered += 1;
  });
  request.on('error', () => {
    answered += 1;
  });
}

function sendBeacon() {
  visitor = (visitor + 7919) % VISITOR_POOL;
  get(beaconPath(visitorId('ingest', visitor), 'bench:ingest'));
}

/** The next heartbeat of one of the live viewers, taken in turn. */
function sendHeartbeat() {
  viewer = (viewer + 1) % LIVE_VIEWERS;
  const session = sessions.get(viewer) ?? { number: 0, count: 0 };
  const count = session.count;
  sessions.set(viewer, count + 1 === HEARTBEATS_PER_SESSION ? { number: session.number + 1, count: 0 } : { number: session.number, count: count + 1 });
  const now = Date.now();
  const channel = LIVE_CHANNELS[viewer % LIVE_CHANNELS.length];
  const broadcast = guideFor(channel, new Date(now)).find((b) => Date.parse(b.start) <= now && now < Date.parse(b.end));
  const heartbeat = {
    analytics: { reportSuite: SUITE, trackingServer: '127.0.0.1', ssl: false },
    visitorId: visitorId('viewer', viewer),
    serviceProvider: { playerName: 'bench', libraryVersion: '2.2.1', apiLevel: 4, ovp: 'bench', channel: 'bench' },
    event: { sessionId: `${runId}-${viewer}-${session.number}`, type: count === 0 ? 'start' : 'play', duration: count === 0 ? 0 : HEARTBEAT_INTERVAL_MS, playhead: 0, ts: now, prevTs: -1 },
    asset: { type: 'main', name: broadcast?.title ?? channel, videoId: broadcast?.id ?? channel, publisher: 'bench', length: 86_400 },
    stream: { type: 'live', qos: { bitrate: 2_000_000, fps: 25, droppedFrames: 0, startupTimeMs: 900 } },
    meta: {},
  };
  get(`/hb/?${encodeHeartbeatQuery(heartbeat)}`);
}

const perTick = (rate * TICK_MS) / 1000;
let owed = 0;
let heartbeatsOwed = 0;
const timer = setInterval(() => {
  for (owed += perTick; owed >= 1; owed -= 1) {
    heartbeatsOwed += HEARTBEAT_SHARE;
    if (heartbeatsOwed >= 1) {
      heartbeatsOwed -= 1;
      sendHeartbeat();
    } else sendBeacon();
  }
}, TICK_MS);

/** Stops sending, then prints the count once every request sent has its answer (or ANSWER_WAIT_MS passed). */
function stop() {
  clearInterval(timer);
  const print = () => {
    process.stdout.write(`ingest: ${acknowledged} of ${sent} beacons and heartbeats acknowledged\n`);
    process.exit(0);
  };
  const waiting = setInterval(() => answered === sent && print(), TICK_MS);
  setTimeout(() => {
    clearInterval(waiting);
    print();
  }, ANSWER_WAIT_MS);
}
process.on('SIGTERM', stop);
setTimeout(stop, seconds * 1000);
