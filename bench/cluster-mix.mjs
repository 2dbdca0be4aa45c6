// The cluster benchmarks' requests: GET beacons, media heartbeats and personalisation decisions,
// each fresh (its own event id, session, visitor of a few thousand), as the site's pages and
// players send them. Used by bench/cluster.mjs and bench/collector-cost.mjs.
import { randomBytes } from 'node:crypto';
import { encodeBeacon, encodeHeartbeatQuery } from '@mesura/protocol';

export const SUITE = 'mesuradev';
/**
 * The benchmarks' collectors: the requests come from many addresses (through nginx in bench:cluster's
 * last phase, whose X-Forwarded-For they trust, one hop, as a real cluster's do); every limit keeps its default.
 */
export const CLUSTER_COLLECTOR_ENV = { MESURA_TRUSTED_PROXY_HOPS: '1', MESURA_LOG_LEVEL: 'warn' };
export const KINDS = ['beacon', 'heartbeat', 'decision'];
/** The kind of the mix's request number `seq`: the three in turn. */
export const kindOf = (seq) => KINDS[seq % 3];

/**
 * Numbered requests of one run: `next(kind)` makes the next one (default: the mix's kind for its
 * number), `idOf(seq)` is the event id (a beacon) or media session id (a heartbeat) it carries.
 */
export function createMix() {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  let sequence = 0;
  const idOf = (seq) => `${runId}x${seq}`;
  const next = (kind = kindOf(sequence + 1)) => {
    sequence += 1;
    return { seq: sequence, path: pathOf(kind, sequence, idOf(sequence)) };
  };
  return { runId, idOf, next };
}

/** The path and query of a request of `kind`, number `sequence`, carrying `id`. */
function pathOf(kind, sequence, id) {
  if (kind === 'beacon') {
    const hit = {
      eventId: id,
      clientTime: { day: 23, month0: 10, year: 2026, hour: 9, minute: 0, second: 0, weekday: 1, tzOffsetMin: -60 },
      visitor: { fid: `1F65FB944AFA1C05-${String(sequence % 5000).padStart(16, '0')}` },
      pageName: `noticies:article-${sequence % 300}`,
      url: `http://localhost/noticia/${sequence % 300}/`,
      events: [{ id: 1 }],
      props: { 1: 'noticies' },
      eVars: { 1: 'noticies', 8: 'noticia' },
      hierarchies: {},
      lists: {},
      contextData: {},
      browser: {},
    };
    return encodeBeacon({ reportSuites: [SUITE], libraryVersion: 'MESURA-0.1.0', random: String(1e13 + sequence) }, hit, 'page_view');
  }
  if (kind === 'heartbeat') {
    const heartbeat = {
      analytics: { reportSuite: SUITE, trackingServer: '127.0.0.1', ssl: false },
      visitorId: `bench-viewer-${sequence % 5000}`,
      serviceProvider: { playerName: 'bench', libraryVersion: '2.2.1', apiLevel: 4, ovp: 'bench', channel: 'bench' },
      event: { sessionId: id, type: 'start', duration: 0, playhead: 0, ts: Date.now(), prevTs: -1 },
      asset: { type: 'main', name: 'Programa', videoId: `content-${sequence % 50}`, publisher: 'bench', length: 60 },
      stream: { type: 'vod' },
      meta: {},
    };
    return `/hb/?${encodeHeartbeatQuery(heartbeat)}`;
  }
  const params = {
    mbox: 'mesura-noticia-1001',
    mboxSession: randomBytes(16).toString('hex'),
    mboxPC: `${randomBytes(16).toString('hex')}.1_0`,
    mboxPage: 'p',
    mboxRid: String(sequence),
    mboxVersion: '1.8.2',
    mboxCount: '1',
    mboxTime: String(Date.now()),
    mboxHost: 'localhost',
    mboxURL: 'http://localhost/noticia/1001/parlament-aprova-llei-habitatge-assequible',
    mboxReferrer: '',
    browserHeight: '800',
    browserWidth: '1280',
    browserTimeOffset: '60',
    screenHeight: '1080',
    screenWidth: '1920',
    colorDepth: '24',
    mboxXDomain: 'enabled',
    mboxMCGVID: randomBytes(8).toString('hex'),
  };
  return `/m2/mesura/mbox/json?${new URLSearchParams(params)}`;
}
