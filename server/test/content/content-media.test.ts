/**
 * The media front's answer (GET /api/content/media, packages/content api.ts MediaResponse): the
 * newest published video episodes and the newest published audio episodes, each its own list, so
 * that neither kind crowds the other out as it did in the home page's eight newest episodes.
 */
import { contentApi, type MediaResponse } from '@mesura/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_FRONT_TEASERS } from '../../src/content/content-catalog.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// After every seeded episode: the eight newest are all audio ("Música per a tothom", "La clàssica").
let nowMs = Date.parse('2026-12-13T12:00:00Z');
let test: TestServer;
beforeAll(async () => {
  test = await startTestServer({}, () => nowMs);
});
afterAll(() => test.dispose());

async function get(url: string) {
  const response = await test.server.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Record<string, any>, cache: response.headers['cache-control'] };
}

const times = (teasers: MediaResponse['videos']) => teasers.map((t) => Date.parse(t.publishedAt!));

describe('the media front answer', () => {
  it('lists the newest videos even when the newest episodes are all audio', async () => {
    nowMs = Date.parse('2026-12-13T12:00:00Z');
    const home = (await get(contentApi.home())).body;
    expect(home.media.every((t: any) => t.path.startsWith('/audio/'))).toBe(true);
    const { status, body, cache } = await get(contentApi.media());
    expect(status).toBe(200);
    expect(cache).toMatch(/^public, max-age=\d+$/);
    const media = body as MediaResponse;
    expect(media.videos.length).toBe(MEDIA_FRONT_TEASERS);
    expect(media.videos.every((t) => t.type === 'episode' && t.path.startsWith('/video/'))).toBe(true);
    // Every audio episode the seed has: 3 of Mesura Ràdio, 5 of Música per a tothom, 3 of La clàssica.
    expect(media.audios.length).toBe(11);
    expect(media.audios.every((t) => t.path.startsWith('/audio/'))).toBe(true);
    expect(media.videos[0]!.id).toBe('temps-de-terra-t1-e3');
    expect(media.audios[0]!.id).toBe('la-classica-t1-e3');
    for (const list of [media.videos, media.audios]) expect(times(list)).toEqual([...times(list)].sort((a, b) => b - a));
  });

  it('lists only published episodes, and not the test clips', async () => {
    nowMs = Date.parse('2026-11-26T12:00:00Z');
    const media = (await get(contentApi.media())).body as MediaResponse;
    const ids = [...media.videos, ...media.audios].map((t) => t.id);
    expect(media.audios[0]!.id).toBe('mesura-radio-podcast-t1-e3');
    for (const time of [...times(media.videos), ...times(media.audios)]) expect(time).toBeLessThanOrEqual(nowMs);
    for (const clip of ['clip-de-prova', 'clip-hls', 'audio-de-prova']) expect(ids).not.toContain(clip);
  });
});
