/**
 * The live playlists' routes (server/src/live/live-routes.ts) over a built site's folders and a
 * fixed clock: the master lists the looped folder's renditions, a rendition's playlist is the live
 * window with absolute segment paths, unknown slugs and renditions answer 404, nothing is cached.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/errors.js';
import { liveRoutes } from '../../src/live/live-routes.js';
import { LIVE_EPOCH_MS, LIVE_SOURCES } from '../../src/live/live-sources.js';

const NOW = LIVE_EPOCH_MS + 3_600_000;
/** Where Mesura TV's loop lies in a built site. */
const TV_DIR = LIVE_SOURCES['mesura-tv'] as string;
const MASTER =
  '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=60000,RESOLUTION=256x144,CODECS="vp09.00.10.08,opus"\n144p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=150000,RESOLUTION=640x360,CODECS="vp09.00.10.08,opus"\n360p/index.m3u8\n';
const STATION_MASTER = '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=32000,CODECS="opus"\naudio/index.m3u8\n';
const STATION_LOOP = `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI="init.mp4"\n${Array.from({ length: 10 }, (_, n) => `#EXTINF:2.000000,\nsegment-${n}.m4s`).join('\n')}\n#EXT-X-ENDLIST\n`;
const VOD = `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI="init.mp4"\n${Array.from({ length: 15 }, (_, n) => `#EXTINF:2.000000,\nsegment-${n}.m4s`).join('\n')}\n#EXT-X-ENDLIST\n`;

let siteDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'mesura-live-'));
  for (const rendition of ['144p', '360p']) {
    mkdirSync(path.join(siteDir, TV_DIR, rendition), { recursive: true });
    writeFileSync(path.join(siteDir, TV_DIR, rendition, 'index.m3u8'), VOD);
  }
  writeFileSync(path.join(siteDir, TV_DIR, 'master.m3u8'), MASTER);
  // The radio's loops, laid out as the site's build lays them out: one audio rendition of ten segments each.
  for (const station of ['mesura-radio', 'mesura-musica', 'mesura-classica']) {
    mkdirSync(path.join(siteDir, 'media/live-audio', station, 'audio'), { recursive: true });
    writeFileSync(path.join(siteDir, 'media/live-audio', station, 'master.m3u8'), STATION_MASTER);
    writeFileSync(path.join(siteDir, 'media/live-audio', station, 'audio/index.m3u8'), STATION_LOOP);
  }
  app = Fastify();
  app.setErrorHandler((error, _request, reply) => (error instanceof HttpError ? reply.code(error.kind.status).send(error.body()) : reply.code(500).send()));
  await app.register(liveRoutes, { siteDir, now: () => NOW });
});
afterAll(async () => {
  await app.close();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('GET /live/{slug}/index.m3u8', () => {
  it("answers a TV channel's master with the looped asset's renditions, uncached", async () => {
    const response = await app.inject({ url: '/live/mesura-tv/index.m3u8' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(MASTER);
  });

  it("answers a station's master with its one audio rendition", async () => {
    const response = await app.inject({ url: '/live/mesura-radio/index.m3u8' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('CODECS="opus"');
    expect(response.body).toContain('audio/index.m3u8');
  });

  it('answers 404 for an unknown slug, a slug of another shape, and a channel whose media are not built', async () => {
    for (const url of ['/live/mesura-nothing/index.m3u8', '/live/..%2Fetc/index.m3u8', '/live/MESURA-TV/index.m3u8', '/live/mesura-24/index.m3u8']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('MESURA_ERR_NOT_FOUND');
    }
  });
});

describe('GET /live/{slug}/{rendition}/index.m3u8', () => {
  it('answers the live window over the rendition with absolute segment paths', async () => {
    const response = await app.inject({ url: '/live/mesura-tv/360p/index.m3u8' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const lines = response.body.split('\n');
    expect(lines).toContain(`#EXT-X-MAP:URI="/${TV_DIR}/360p/init.mp4"`);
    expect(lines.filter((line) => line.startsWith(`/${TV_DIR}/360p/segment-`))).toHaveLength(300);
    expect(lines).toContain(`#EXT-X-MEDIA-SEQUENCE:${3_600_000 / 2000 - 1 - 299}`);
    expect(response.body).not.toContain('ENDLIST');
  });

  it("loops a station's audio segments", async () => {
    const response = await app.inject({ url: '/live/mesura-classica/audio/index.m3u8' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/media/live-audio/mesura-classica/audio/segment-9.m4s');
    expect(response.body).toContain('#EXT-X-PROGRAM-DATE-TIME:');
  });

  it('answers 404 for a rendition the master does not list', async () => {
    for (const url of ['/live/mesura-tv/720p/index.m3u8', '/live/mesura-tv/audio/index.m3u8', '/live/mesura-radio/144p/index.m3u8']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
