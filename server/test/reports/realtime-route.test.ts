/**
 * `GET /api/reports/realtime/stream` over a real socket, with the stream's interval on fake time:
 * the first event's figures from hits and heartbeats sent through the collector, the next event
 * one interval later, a disconnect that stops the interval and frees the slot, and the bounds.
 */
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_API_LEVEL, HEARTBEAT_LIBRARY_VERSION, encodeHeartbeatQuery, type Heartbeat } from '@mesura/protocol';
import { REALTIME_MAX_STREAMS_PER_USER, REALTIME_PUSH_INTERVAL_MS } from '../../src/reports/realtime-limits.js';
import type { RealtimeSnapshot } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const NOW = Date.UTC(2026, 10, 23, 9, 30, 20); // 10:30:20 in Barcelona
let clock = NOW;
let t: TestServer;
let origin: string;

beforeEach(async () => {
  // Only intervals are fake: the stream's push, and the loader's and flushes' (which the catch-up replaces).
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  clock = NOW;
  t = await startTestServer({}, () => clock);
  origin = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await t.dispose();
  vi.useRealTimers();
});

const visitor = (n: number) => `1F65FB944AFA1C${String(n).padStart(2, '0')}-25FBFAF16BF6E758`;

async function pageView(url: string, title: string, visitorNumber: number, at: number): Promise<void> {
  clock = at;
  const hit = testHit({ url, eVars: { 1: 'noticies', 20: title }, visitor: { fid: visitor(visitorNumber) } });
  const response = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

async function liveHeartbeat(channel: string, session: number, visitorNumber: number, at: number, type: Heartbeat['event']['type'] = 'play'): Promise<void> {
  clock = at;
  const heartbeat: Heartbeat = {
    analytics: { reportSuite: 'mesuradev', ssl: false },
    visitorId: visitor(visitorNumber),
    serviceProvider: { playerName: 'hls.js', libraryVersion: HEARTBEAT_LIBRARY_VERSION, apiLevel: HEARTBEAT_API_LEVEL },
    event: { sessionId: `17678880000${String(session).padStart(5, '0')}`, type, duration: 10_000, playhead: 0, ts: at, prevTs: at - 10_000 },
    asset: { type: 'main', videoId: `${channel}-2026-11-23T10:00:00+01:00`, publisher: 'mesura', length: 0 },
    stream: { type: 'live', qos: { bitrate: 0, fps: 0, droppedFrames: 0, startupTimeMs: 0 } },
    meta: {},
  };
  const response = await t.server.app.inject({ url: `/hb/?${encodeHeartbeatQuery(heartbeat)}`, headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

/** An open stream: its events as they come, and a way to hang up. */
interface OpenStream {
  status: number;
  events: { event: string; data: unknown }[];
  close(): void;
}

async function openStream(headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/api/reports/realtime/stream`, { headers }, (response) => {
      const stream: OpenStream = { status: response.statusCode ?? 0, events: [], close: () => request.destroy() };
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== undefined && data !== undefined) stream.events.push({ event, data: JSON.parse(data) });
        }
      });
      response.on('error', () => undefined);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** Most a test waits for the server's side of a socket (queries, a close) before it fails. */
const UNTIL_MAX_MS = 10_000;

/** Turns the event loop (no timer involved) until `done` holds, failing after UNTIL_MAX_MS. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + UNTIL_MAX_MS;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

describe('GET /api/reports/realtime/stream', () => {
  it('sends the last 30 minutes at once, anew every REALTIME_PUSH_INTERVAL_MS, with the minimum cohort', async () => {
    for (let v = 1; v <= 5; v++) await pageView('http://localhost:8080/noticia/1/', 'La notícia del dia', v, NOW - 60_000);
    await pageView('http://localhost:8080/noticia/1/', 'La notícia del dia', 1, NOW - 120_000);
    for (let v = 6; v <= 7; v++) await pageView('http://localhost:8080/noticia/2/', 'Una altra', v, NOW - 60_000);
    await pageView('http://localhost:8080/', 'Portada', 8, NOW - 20 * 60_000); // counted per minute, not an active page
    for (let s = 1; s <= 5; s++) await liveHeartbeat('mesura-tv', s, 10 + s, NOW - 10_000);
    await liveHeartbeat('mesura-tv', 6, 20, NOW - 10_000, 'end'); // ended: not a viewer
    await liveHeartbeat('mesura-tv', 7, 21, NOW - 120_000); // silent for two minutes: not a viewer
    await liveHeartbeat('mesura-radio', 8, 22, NOW - 5_000);
    clock = NOW;

    const stream = await openStream(await t.authHeaders('analyst'));
    expect(stream.status).toBe(200);
    await until(() => stream.events.length === 1);
    const first = stream.events[0]!;
    expect(first.event).toBe('snapshot');
    const snapshot = first.data as RealtimeSnapshot;
    expect(snapshot.at).toBe(new Date(NOW).toISOString());
    expect(snapshot.minutes).toHaveLength(30);
    expect(snapshot.minutes.at(-2)).toEqual({ start: '2026-11-23T09:29:00.000Z', pageViews: 7 });
    expect(snapshot.minutes.at(-3)).toEqual({ start: '2026-11-23T09:28:00.000Z', pageViews: null });
    expect(snapshot.minutes.filter((m) => m.pageViews === null)).toHaveLength(2);
    expect(snapshot.activePages.pages).toEqual([{ url: 'http://localhost:8080/noticia/1/', title: 'La notícia del dia', pageViews: 6, visitors: 5 }]);
    // Both pages' views in all; the second's two visitors are one page alone, not added up.
    expect(snapshot.activePages.total).toEqual({ pageViews: 8, visitors: 7 });
    expect(snapshot.activePages.others).toBeUndefined();
    expect(snapshot.live.channels.find((c) => c.slug === 'mesura-tv')).toEqual({ slug: 'mesura-tv', name: 'Mesura TV', viewers: 5 });
    expect(snapshot.live.channels.find((c) => c.slug === 'mesura-24')).toEqual({ slug: 'mesura-24', name: 'Mesura 24', viewers: 0 });
    expect(snapshot.live.stations.find((s) => s.slug === 'mesura-radio')).toEqual({ slug: 'mesura-radio', name: 'Mesura Ràdio', viewers: null });

    clock = NOW + REALTIME_PUSH_INTERVAL_MS;
    await vi.advanceTimersByTimeAsync(REALTIME_PUSH_INTERVAL_MS);
    await until(() => stream.events.length === 2);
    expect((stream.events[1]!.data as RealtimeSnapshot).at).toBe(new Date(NOW + REALTIME_PUSH_INTERVAL_MS).toISOString());
    stream.close();
  });

  it('stops its interval when the client goes, and bounds the streams of one user (429)', async () => {
    const headers = await t.authHeaders('analyst');
    const timersBefore = vi.getTimerCount();
    const streams: OpenStream[] = [];
    for (let i = 0; i < REALTIME_MAX_STREAMS_PER_USER; i++) streams.push(await openStream(headers));
    expect(streams.map((s) => s.status)).toEqual(Array(REALTIME_MAX_STREAMS_PER_USER).fill(200));
    expect(vi.getTimerCount()).toBe(timersBefore + REALTIME_MAX_STREAMS_PER_USER);

    const refused = await t.server.app.inject({ url: '/api/reports/realtime/stream', headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: `at most ${REALTIME_MAX_STREAMS_PER_USER} live streams per user; close another console tab`, code: 'MESURA_ERR_TOO_MANY_REQUESTS' });

    streams[0]!.close();
    await until(() => vi.getTimerCount() === timersBefore + REALTIME_MAX_STREAMS_PER_USER - 1);
    const again = await openStream(headers);
    expect(again.status).toBe(200);
    for (const stream of [...streams.slice(1), again]) stream.close();
    await until(() => vi.getTimerCount() === timersBefore);
  });

  it('refuses a parameter with a one-line 400, and anyone without a session with 401', async () => {
    const bad = await t.server.app.inject({ url: '/api/reports/realtime/stream?minutes=60', headers: await t.authHeaders('analyst') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("unknown parameter 'minutes'; the stream takes none");
    expect((await t.server.app.inject({ url: '/api/reports/realtime/stream' })).statusCode).toBe(401);
  });
});
