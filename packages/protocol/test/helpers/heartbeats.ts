/**
 * A heartbeat for the decoder's and the stored limits' tests: main content, without ad, chapter,
 * customer ids or consent signal, so that each test adds only what it is about.
 */
import type { Heartbeat } from '@mesura/protocol';

export const PLAIN_HEARTBEAT: Heartbeat = {
  analytics: { reportSuite: 'rsid', trackingServer: 'metrics.example.cat', ssl: true },
  visitorId: 'V-1',
  serviceProvider: { ovp: 'ovp', sdk: '1.0', channel: 'tv3', playerName: 'html5', libraryVersion: '2.2.1', apiLevel: 4 },
  event: { sessionId: 'S-1', type: 'play', duration: 10_000, playhead: 42, ts: 1_767_225_610_000, prevTs: -1 },
  asset: { type: 'main', name: 'Vídeo', videoId: 'vid-1', publisher: 'org-1', length: 600 },
  stream: { type: 'vod', qos: { bitrate: 2_500_000, fps: 25, droppedFrames: 0, startupTimeMs: 1400 } },
  meta: {},
};
