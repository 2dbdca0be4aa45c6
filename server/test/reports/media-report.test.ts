import { beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_IDLE_TIMEOUT_MS } from '@mesura/protocol';
import { deliver, replay, REPLAY_DAY, scenario, useReplayServer, useSharedReplayServer, VOD, type ReplayServer } from '../helpers/media.js';

const DAY_MS = 86_400_000;
/** The server the tests ask: their own, or the one their block shares. */
let media: ReplayServer;

async function get(url: string): Promise<Record<string, any>> {
  const response = await media.t.server.app.inject({ url, headers: await media.t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const sessionsOf = async (suite: string, to = REPLAY_DAY) => (await get(`/api/reports/media/sessions?from=${REPLAY_DAY}&to=${to}&suite=${suite}`)).sessions as Record<string, unknown>[];

/** Polònia, started at 5 s (its own session id), played from 5.25 s to 25 s, then closed. */
const POLONIA = scenario(
  [
    { at: 5000, call: 'trackSessionStart', media: VOD },
    { at: 5000, call: 'trackPlay', playing: true },
    { at: 25000, call: 'trackPause', playing: false },
    { at: 26000, call: 'trackSessionEnd' },
  ],
  { suite: 'mesuraprod', runUntil: 27000 },
);

describe('media sessions of replayed playbacks', () => {
  const own = useReplayServer();
  beforeEach(() => {
    media = own;
  });

  it('sums the preroll scenario: two ads, a chapter, a pause, a seek, a stall and the end', async () => {
    await deliver(media.t, await replay('preroll-ads-chapter-seek.json'), media.setClock);
    // Content 5.6–20.0 s, 26.0–30.0 s and 32.0–40.0 s; ads 0.1–3.0 s and 3.6–5.5 s (each ad's last
    // 100 ms, closed at its complete, is 250 ms or less and not sent: the library's rule 5); a
    // stall 30–32 s (the 0.5 s between the two ads is the break's gap, before the content began).
    expect(await sessionsOf('mesuraprod')).toEqual([
      {
        sessionId: '1767225600000605992674',
        visitorId: '0123456789ABCDEF-FEDCBA9876543210',
        contentId: 'tn-2026-01-01',
        contentName: 'Telenotícies migdia',
        programme: 'Telenotícies',
        streamType: 'vod',
        mediaType: 'video',
        day: REPLAY_DAY,
        startedAt: '2026-01-01T00:00:00.000Z',
        lastHeartbeatAt: '2026-01-01T00:00:40.000Z',
        endedReason: 'complete',
        endedAt: '2026-01-01T00:00:40.000Z',
        contentSeconds: 26.4,
        adSeconds: 4.8,
        completes: 1,
        adBreaks: 1,
        adsStarted: 2,
        adsCompleted: 2,
        chaptersStarted: 1,
        chaptersCompleted: 0,
        startupTimeMs: 1400,
        avgBitrate: 2_500_000,
        droppedFrames: 0,
        bufferingSeconds: 2,
        rebufferRatio: 0.0704,
        errors: 0,
        exitBeforeStart: false,
        startFailure: false,
        isBot: false,
      },
    ]);
  });

  it('keeps the issue example open while it plays its midroll, then closes it idle at its last heartbeat (§9)', async () => {
    await deliver(media.t, await replay('issue-example.json'), media.setClock);
    const lastSent = media.clock;
    // Content 1.25–26 s, then a 15-second ad that never completes; no end is sent. The seek at 41 s
    // is the player's state the ad carries (the library's rule 15): its `pause` every second until
    // the replay stops, the last at 59 s.
    const expected = { contentSeconds: 24.75, adSeconds: 15, adBreaks: 1, adsStarted: 1, adsCompleted: 0, completes: 0 };
    expect(await sessionsOf('rsid.test')).toMatchObject([{ ...expected, endedReason: null, endedAt: null }]);
    media.setClock(lastSent + MEDIA_IDLE_TIMEOUT_MS - 1);
    expect(await sessionsOf('rsid.test')).toMatchObject([{ endedReason: null }]);
    media.setClock(lastSent + MEDIA_IDLE_TIMEOUT_MS);
    expect(await sessionsOf('rsid.test')).toMatchObject([{ ...expected, endedReason: 'idle', endedAt: '2026-01-01T00:00:59.000Z' }]);
  });

  it('ends the paused session of the idle scenario with its end, and counts the resumed one apart', async () => {
    await deliver(media.t, await replay('privacy-idle-resume.json'), media.setClock);
    // The resumed session plays 2 s before the visitor opts out, which sends nothing more; after an
    // idle resume there is no play heartbeat at 1 s (the library's rule 25), so none of it is reported.
    expect(await sessionsOf('rsid.test')).toMatchObject([
      { sessionId: '1767225600000605992674', contentSeconds: 6.75, endedReason: 'end', endedAt: '2026-01-01T00:30:08.000Z' },
      { sessionId: '1767227500000119253954', contentSeconds: 0, endedReason: null, startedAt: '2026-01-01T00:31:40.000Z' },
    ]);
  });
});

describe('GET /api/reports/media', () => {
  // Each test only reads the two days delivered: they share one server holding them, since starting
  // a server and delivering them cost seconds a test.
  const shared = useSharedReplayServer(async (media) => {
    await deliver(media.t, await replay('preroll-ads-chapter-seek.json'), media.setClock);
    // The next day, in the site's time zone.
    await deliver(media.t, await replay(POLONIA), (ms) => media.setClock(ms + DAY_MS));
  });
  beforeEach(() => {
    media = shared;
  });

  const TN = { sessions: 1, starts: 1, contentMinutes: 0.44, adMinutes: 0.08, completes: 1, completionRate: 1, adBreaks: 1 };
  const POL = { sessions: 1, starts: 1, contentMinutes: 0.329, adMinutes: 0, completes: 0, completionRate: 0, adBreaks: 0 };

  it('answers per content, most sessions first, with the total over the range', async () => {
    const report = await get(`/api/reports/media?from=2026-01-01&to=2026-01-02&by=content&suite=mesuraprod`);
    expect(report).toMatchObject({ from: '2026-01-01', to: '2026-01-02', by: 'content', reportSuite: 'mesuraprod' });
    expect(report.rows).toMatchObject([
      { key: 'polonia-1', ...POL, avgStartupTimeMs: 800, avgBitrate: 2_000_000 },
      { key: 'tn-2026-01-01', ...TN, avgStartupTimeMs: 1400, avgBitrate: 2_500_000, adsStarted: 2, adsCompleted: 2 },
    ]);
    expect(report.total).toEqual({
      sessions: 2,
      starts: 2,
      contentMinutes: 0.769, // (26.4 + 19.75) s
      adMinutes: 0.08, // 4.8 s
      completes: 1,
      completionRate: 0.5,
      adBreaks: 1,
      adsStarted: 2,
      adsCompleted: 2,
      chaptersStarted: 1,
      chaptersCompleted: 0,
      avgStartupTimeMs: 1100,
      avgBitrate: 2_286_024, // (2.5 Mb/s × 26.4 s + 2 Mb/s × 19.75 s) / 46.15 s
      droppedFrames: 0,
      bufferingSeconds: 2,
      rebufferRatio: 0.0415, // 2 / (2 + 46.15)
      errors: 0,
      exitsBeforeStart: 0,
      startFailures: 0,
    });
  });

  it('answers per programme and per day of the session start', async () => {
    const byProgramme = await get(`/api/reports/media?from=2026-01-01&to=2026-01-02&by=programme&suite=mesuraprod`);
    expect(byProgramme.rows.map((r: { key: string }) => r.key)).toEqual(['Polònia', 'Telenotícies']);
    const byDay = await get(`/api/reports/media?from=2026-01-01&to=2026-01-02&by=day&suite=mesuraprod`);
    expect(byDay.rows).toMatchObject([
      { key: '2026-01-01', ...TN },
      { key: '2026-01-02', ...POL },
    ]);
    const firstDay = await get(`/api/reports/media?from=2026-01-01&to=2026-01-01&suite=mesuraprod`);
    expect(firstDay.total).toMatchObject(TN);
  });

  it('answers a range without sessions with no rows and a total of zeros', async () => {
    const report = await get(`/api/reports/media?from=2025-01-01&to=2025-01-31&by=content&suite=mesuraprod`);
    expect(report.rows).toEqual([]);
    expect(report.total).toMatchObject({ sessions: 0, contentMinutes: 0, completionRate: 0, avgStartupTimeMs: null, avgBitrate: null });
  });

  it.each([
    ['by=channel', 'by must be one of content, programme, day'],
    ['by=day&limit=3', "unknown parameter 'limit'; expected from, to, by, suite, includeBots"],
    ['from=2026-01-02&to=2026-01-01', 'from (2026-01-02) is after to (2026-01-01)'],
    ['from=2025-01-01&to=2026-01-02', 'the range covers 367 days; at most 366 are allowed'],
    ['includeBots=yes', 'includeBots must be true or false'],
  ])('answers %s with 400 and one line', async (query, error) => {
    const params = new URLSearchParams({ from: '2026-01-01', to: '2026-01-02', ...Object.fromEntries(new URLSearchParams(query)) });
    const response = await media.t.server.app.inject({ url: `/api/reports/media?${params}`, headers: await media.t.authHeaders('analyst') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'MESURA_ERR_BAD_QUERY' });
  });

  it('validates the sessions list the same way, with its limit', async () => {
    const bad = await media.t.server.app.inject({ url: '/api/reports/media/sessions?from=2026-01-01&to=2026-01-02&limit=0', headers: await media.t.authHeaders('analyst') });
    expect(bad.json()).toEqual({ error: 'limit must be a whole number from 1 to 10000', code: 'MESURA_ERR_BAD_QUERY' });
    const one = await get('/api/reports/media/sessions?from=2026-01-01&to=2026-01-02&suite=mesuraprod&limit=1');
    expect(one.sessions.map((s: { contentId: string }) => s.contentId)).toEqual(['tn-2026-01-01']);
  });
});

describe('media type (spec §3 "Media": video or audio)', () => {
  const own = useReplayServer();
  beforeEach(() => {
    media = own;
  });

  const radio = (streamType: string) =>
    scenario(
      [
        { at: 0, call: 'trackSessionStart', media: ['Catalunya Ràdio', 'cr-directe', 86400, streamType, 'audio'] },
        { at: 0, call: 'trackPlay', playing: true },
        { at: 12000, call: 'trackSessionEnd' },
      ],
      { runUntil: 13000 },
    );

  it('takes it from the session start hit: live radio is linear, like live television', async () => {
    await deliver(media.t, await replay(radio('linear')), media.setClock);
    expect(await sessionsOf('mesuradev')).toMatchObject([{ contentId: 'cr-directe', streamType: 'linear', mediaType: 'audio', endedReason: 'end' }]);
  });

  it('falls back on the audio stream types when the start hit went elsewhere', async () => {
    const heartbeatsOnly = (await replay(radio('podcast'))).filter((r) => r.kind === 'heartbeat');
    await deliver(media.t, heartbeatsOnly, media.setClock);
    expect(await sessionsOf('mesuradev')).toMatchObject([{ streamType: 'podcast', mediaType: 'audio' }]);
  });
});
