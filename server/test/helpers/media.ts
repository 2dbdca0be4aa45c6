import { REPLAY_EPOCH_MS, runScenario } from '@mesura/media/replay';
import { CONTEXT_DATA_OPEN, encodeContextData } from '@mesura/protocol';
import { readMediaScenario } from '@mesura/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { BROWSER_UA, startTestServer, type TestServer } from './test-server.js';

/** Day of the replay clock's start (2026-01-01T00:00Z, 01:00 in Barcelona). */
export const REPLAY_DAY = '2026-01-01';
export { REPLAY_EPOCH_MS };

/** A request the media tracker sent during a replay: a heartbeat, or its analytics start hit. */
export interface ReplayedRequest {
  kind: 'heartbeat' | 'analytics';
  /** Epoch ms at which it left (the replay clock). */
  sentAtMs: number;
  params: Record<string, string>;
}

/** Replays a media scenario (a file name of @mesura/test-utils' media-scenarios, or a scenario object). */
export async function replay(scenario: string | object): Promise<ReplayedRequest[]> {
  const data = typeof scenario === 'string' ? readMediaScenario(scenario) : scenario;
  const lines = await runScenario(data);
  return lines.flatMap((line) => (line.kind === 'heartbeat' || line.kind === 'analytics' ? [{ kind: line.kind, sentAtMs: REPLAY_EPOCH_MS + line.at, params: line.params }] : []));
}

export const heartbeatsOf = (requests: readonly ReplayedRequest[]) => requests.filter((r) => r.kind === 'heartbeat');

/** The query string as the tracker writes it: keys keep their `:`. */
export function queryOf(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key).replaceAll('%3A', ':')}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Where a replayed request goes on the Mesura server: `/hb/?…`, or the analytics collector. */
export function urlOf(request: ReplayedRequest, heartbeatPath = '/hb/'): string {
  if (request.kind === 'heartbeat') return `${heartbeatPath}?${queryOf(request.params)}`;
  const suite = request.params['s:sc:rsid'] ?? 'mesuradev';
  return `/b/ss/${suite}/1/MESURA-MEDIA-0.1.0/s${request.sentAtMs}?${beaconQueryOf(request.params)}`;
}

/**
 * A replayed analytics hit's query as the tracker sent it: the replay writes its context data as
 * `c.<dotted.path>` keys (the traces' convention, packages/media/src/replay/run-scenario.ts
 * flattenContextData), which the beacon carries nested (`c.` … `.c`), where the first of them stood.
 */
function beaconQueryOf(params: Record<string, string>): string {
  const pieces: string[] = [];
  const contextData: Record<string, string> = {};
  let contextDataAt: number | undefined;
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith(CONTEXT_DATA_OPEN)) {
      contextDataAt ??= pieces.length;
      contextData[key.slice(CONTEXT_DATA_OPEN.length)] = value;
    } else {
      pieces.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    }
  }
  pieces.splice(contextDataAt ?? pieces.length, 0, ...encodeContextData(contextData));
  return pieces.join('&');
}

/**
 * Sends requests as the browser would have, each received when it left (the test server's clock
 * is set through `setClock`), and expects every one to be acknowledged.
 */
export async function deliver(
  t: TestServer,
  requests: readonly ReplayedRequest[],
  setClock: (ms: number) => void,
  options: { heartbeatPath?: string; suite?: string; userAgent?: string } = {},
): Promise<void> {
  for (const request of requests) {
    setClock(request.sentAtMs);
    const url = urlOf(request, options.heartbeatPath);
    const response = await t.server.app.inject({ url, headers: { 'user-agent': options.userAgent ?? BROWSER_UA } });
    if (response.statusCode !== 200) throw new Error(`${url.slice(0, 80)}… answered ${response.statusCode}: ${response.body}`);
  }
}

export interface ScenarioOptions {
  /** `s:sc:rsid` and the start hits' suite. Default mesuradev. */
  suite?: string;
  /** The player's QoS: [bitrate, startup time in s, fps, dropped frames]. */
  qos?: [number, number, number, number];
  /** Milliseconds the replay runs after the start. Default: the last step. */
  runUntil?: number;
}

/** A scenario of the media tracker (packages/media/README.md "Replay") written in the test. */
export function scenario(steps: object[], options: ScenarioOptions = {}): object {
  return {
    config: {
      trackingServer: 'localhost/hb',
      publisher: 'mesura',
      playerName: 'html5',
      channel: 'web',
      ssl: false,
      reportSuite: options.suite ?? 'mesuradev',
      analyticsServer: 'localhost',
    },
    qos: options.qos ?? [2_000_000, 0.8, 25, 0],
    steps,
    ...(options.runUntil !== undefined && { runUntil: options.runUntil }),
  };
}

/** The media object of a 10-minute video on demand: [name, id, length, streamType, mediaType, options]. */
export const VOD = ['Polònia', 'polonia-1', 600, 'vod', 'video', { standardMetadata: { 'a.media.show': 'Polònia' } }];

/** A test server on the replay's clock: started at REPLAY_EPOCH_MS before each test, disposed after it. */
export interface ReplayServer {
  readonly t: TestServer;
  /** The server's clock now (ms). */
  readonly clock: number;
  /** Sets the server's clock (what `deliver` calls before each request). */
  setClock(ms: number): void;
}

/**
 * Starts a ReplayServer around each test of the calling file (call at the top of the file, or of a
 * describe block). `env` is read when each test starts: a ClickHouse test database's URL exists only then.
 */
export function useReplayServer(env: () => Record<string, string> = () => ({})): ReplayServer {
  const handle = replayServerHandle('the replay server runs only inside a test');
  beforeEach(async () => {
    handle.setClock(REPLAY_EPOCH_MS);
    handle.server = await startTestServer(env(), () => handle.clock);
  });
  afterEach(async () => {
    await handle.server?.dispose();
  });
  return handle;
}

/** How long a shared server may take to start and be given its playbacks, on a loaded machine. */
const SHARED_SERVER_START_TIMEOUT_MS = 60_000;

/**
 * One ReplayServer for all the tests of the calling block, given its playbacks once by `prepare`:
 * for tests that only read what was delivered, so that they do not each pay a start and a delivery.
 */
export function useSharedReplayServer(prepare: (media: ReplayServer) => Promise<void>): ReplayServer {
  const handle = replayServerHandle('the shared replay server runs only inside its block');
  beforeAll(async () => {
    handle.server = await startTestServer({}, () => handle.clock);
    await prepare(handle);
  }, SHARED_SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await handle.server?.dispose();
  });
  return handle;
}

/** A ReplayServer over a server set later, on a clock starting at REPLAY_EPOCH_MS. */
function replayServerHandle(outside: string): ReplayServer & { server: TestServer | undefined } {
  let clock = REPLAY_EPOCH_MS;
  return {
    server: undefined,
    get t() {
      if (!this.server) throw new Error(outside);
      return this.server;
    },
    get clock() {
      return clock;
    },
    setClock: (ms: number) => void (clock = ms),
  };
}
