/** Watch on TV: the pairing's lifecycle on a fake clock, the media a cast may carry, and the HTTP flow. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyQuiz } from '../../src/engagement/daily-quiz.js';
import { MAX_ACTIVE_TV_PAIRINGS, TV_PAIRED_SESSION_TTL_MS, TV_PAIRING_CODE_TTL_MS } from '../../src/engagement/engagement-limits.js';
import { parseTvMedia } from '../../src/engagement/tv-media.js';
import type { TvMedia } from '@mesura/protocol';
import { TvPairings } from '../../src/engagement/tv-pairings.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const MEDIA: TvMedia = { kind: 'video', id: 'clip-de-prova', title: 'Clip de prova', src: '/media/clip-de-prova.webm', type: 'video/webm', delivery: 'file' };

describe('TV pairings', () => {
  it('pairs a code, delivers a cast to its receiver only, and expires', () => {
    let now = 1_000_000;
    const pairings = new TvPairings(() => now);
    const { code, receiverToken, expiresAtMs } = pairings.create()!;
    expect(code).toMatch(/^\d{6}$/);
    expect(expiresAtMs).toBe(now + TV_PAIRING_CODE_TTL_MS);
    expect(pairings.cast(code, MEDIA)).toBe('no-receiver');
    expect(pairings.listen(code, 'wrong-token', () => undefined)).toBeUndefined();

    const received: TvMedia[] = [];
    const stop = pairings.listen(code, receiverToken, (m) => received.push(m))!;
    expect(pairings.cast(code, MEDIA)).toBe('cast');
    expect(received).toEqual([MEDIA]);

    // A cast keeps the pairing alive past the code's own lifetime.
    now += TV_PAIRING_CODE_TTL_MS + 1;
    expect(pairings.cast(code, MEDIA)).toBe('cast');
    now += TV_PAIRED_SESSION_TTL_MS;
    expect(pairings.cast(code, MEDIA)).toBe('unknown');
    expect(pairings.expiresAt(code)).toBeUndefined();
    stop();
    expect(received).toHaveLength(2);
  });

  it('lets an unused code expire after its lifetime', () => {
    let now = 0;
    const pairings = new TvPairings(() => now);
    const { code, receiverToken } = pairings.create()!;
    now += TV_PAIRING_CODE_TTL_MS - 1;
    expect(pairings.expiresAt(code)).toBeDefined();
    now += 1;
    expect(pairings.listen(code, receiverToken, () => undefined)).toBeUndefined();
    expect(pairings.size).toBe(0);
  });

  it('is bounded: past MAX_ACTIVE_TV_PAIRINGS it refuses until some expire', () => {
    let now = 0;
    const pairings = new TvPairings(() => now);
    for (let i = 0; i < MAX_ACTIVE_TV_PAIRINGS; i++) expect(pairings.create()).toBeDefined();
    expect(pairings.create()).toBeUndefined();
    now += TV_PAIRING_CODE_TTL_MS;
    expect(pairings.create()).toBeDefined();
    expect(pairings.size).toBe(1);
  });

  it("accepts only the site's own media", () => {
    expect(parseTvMedia(MEDIA)).toEqual(MEDIA);
    expect(parseTvMedia({ ...MEDIA, src: '/media/hls/clip/master.m3u8', type: 'application/vnd.apple.mpegurl', delivery: 'hls' }).delivery).toBe('hls');
    for (const bad of [
      { ...MEDIA, src: 'https://evil.test/x.webm' },
      { ...MEDIA, src: '/media/../secret' },
      { ...MEDIA, type: 'text/html' },
      { ...MEDIA, kind: 'image' },
      { ...MEDIA, id: 'Not An Id' },
      { ...MEDIA, title: '' },
      { ...MEDIA, delivery: 'dash' },
      null,
    ]) {
      expect(() => parseTvMedia(bad), JSON.stringify(bad)).toThrow();
    }
  });
});

describe('daily quiz selection', () => {
  it('is the same for a day and changes across days', () => {
    expect(dailyQuiz('2026-05-04')).toEqual(dailyQuiz('2026-05-04'));
    const ids = (day: string) =>
      dailyQuiz(day)
        .questions.map((q) => q.id)
        .join();
    const days = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07'];
    expect(new Set(days.map(ids)).size).toBeGreaterThan(1);
    expect(new Set(dailyQuiz('2026-05-04').questions.map((q) => q.id)).size).toBe(5);
  });
});

describe('watch on TV over HTTP', () => {
  const ORIGIN = 'https://site.test';
  let testServer: TestServer;
  beforeAll(async () => {
    testServer = await startTestServer({ MESURA_SITE_ORIGINS: ORIGIN });
  });
  afterAll(async () => {
    await testServer.dispose();
  });

  it('issues a code, refuses a cast with no receiver listening, an unknown code and a bad one', async () => {
    const { app } = testServer.server;
    const created = await app.inject({ method: 'POST', url: '/api/engagement/tv/pairings', headers: { origin: ORIGIN } });
    expect(created.statusCode).toBe(201);
    const { code, receiverToken } = created.json();
    expect(code).toMatch(/^\d{6}$/);
    expect(receiverToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const cast = (to: string) => app.inject({ method: 'POST', url: `/api/engagement/tv/pairings/${to}/cast`, headers: { origin: ORIGIN }, payload: MEDIA });
    expect((await cast(code)).statusCode).toBe(409);
    const other = code === '000000' ? '000001' : '000000';
    expect((await cast(other)).statusCode).toBe(404);
    expect((await cast('12ab')).statusCode).toBe(400);
    const events = await app.inject({ url: `/api/engagement/tv/pairings/${code}/events?token=${'x'.repeat(24)}` });
    expect(events.statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/engagement/tv/pairings' })).statusCode).toBe(403);
  });
});
