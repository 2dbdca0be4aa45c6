import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_IDLE_TIMEOUT_MS, decodeHeartbeatQuery, type Heartbeat } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { heartbeatId } from '../../src/ingest/heartbeat-pipeline.js';
import { deliver, heartbeatsOf, queryOf, replay, REPLAY_DAY, REPLAY_EPOCH_MS, scenario, useReplayServer, VOD, type ReplayedRequest } from '../helpers/media.js';
import { goldenTrace } from '../helpers/golden-media-traces.js';
import { STALL_AND_MIDROLL } from '../helpers/media-play-rows.js';
import { storedHeartbeats } from '../helpers/stored-heartbeats.js';
import { BROWSER_UA, authHeadersFor } from '../helpers/test-server.js';

const HOUR_MS = 3_600_000;
const media = useReplayServer();

async function sessions(server: MesuraServer = media.t.server, suite = 'mesuradev'): Promise<Record<string, unknown>[]> {
  const response = await server.app.inject({ url: `/api/reports/media/sessions?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=${suite}`, headers: await authHeadersFor(server, 'analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().sessions;
}

async function report(by: string): Promise<Record<string, any>> {
  const response = await media.t.server.app.inject({ url: `/api/reports/media?from=${REPLAY_DAY}&to=2026-01-02&by=${by}`, headers: await media.t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('retries and late heartbeats do not inflate the figures ', () => {
  let preroll: ReplayedRequest[];
  // media-report.test.ts's figures of the preroll scenario.
  const FIGURES = { contentSeconds: 26.4, adSeconds: 4.8, adsStarted: 2, adsCompleted: 2, completes: 1, bufferingSeconds: 2 };

  beforeEach(async () => {
    preroll = heartbeatsOf(await replay('preroll-ads-chapter-seek.json'));
  });

  it('keys a heartbeat on what tells it apart: a retry shares the key, a second heartbeat in the same ms does not', () => {
    const decoded = (params: Record<string, string>): Heartbeat => {
      const result = decodeHeartbeatQuery(queryOf(params));
      if (!result.ok) throw new Error(result.reason);
      return result.value;
    };
    // A periodic play and the extra play 0 of a state change on its tick, in one millisecond
    // (shared/reference/media-traces/RULES.md rule 7): the end of a recorded podcast.
    const podcast = goldenTrace('audio-podcast-seek-buffer', { startMs: REPLAY_EPOCH_MS, suite: 'mesuradev', sessionSuffix: '' });
    const endTs = podcast.at(-1)!.params['l:event:ts'];
    const [closing, atEnd] = podcast.filter((h) => h.params['l:event:ts'] === endTs && h.params['s:event:type'] === 'play');
    expect([closing!.params['l:event:duration'], atEnd!.params['l:event:duration']]).toEqual(['10060', '0']);
    expect(heartbeatId(decoded(closing!.params))).toBe(heartbeatId(decoded({ ...closing!.params, 's:meta:retry': '1' })));
    expect(heartbeatId(decoded(closing!.params))).not.toBe(heartbeatId(decoded(atEnd!.params)));
    // A session resumed after idle: `start`, then `start` 0 naming it, in one millisecond (shared/reference/media-traces/RULES.md rule 31).
    const [opening, reopening] = goldenTrace('idle-buffer-resume', { startMs: REPLAY_EPOCH_MS, suite: 'mesuradev', sessionSuffix: '' })
      .filter((h) => h.params['s:event:type'] === 'start' && h.params['l:event:duration'] === '0')
      .slice(-2);
    expect(opening!.params['l:event:ts']).toBe(reopening!.params['l:event:ts']);
    expect(heartbeatId(decoded(opening!.params))).not.toBe(heartbeatId(decoded(reopening!.params)));
    const adPlay = preroll.find((h) => h.params['s:asset:type'] === 'ad' && h.params['s:event:type'] === 'play')!.params;
    expect(heartbeatId(decoded(adPlay))).not.toBe(heartbeatId(decoded({ ...adPlay, 's:asset:ad_sid': 'another playback' })));
  });

  it('stores a heartbeat sent twice once', async () => {
    await deliver(
      media.t,
      preroll.flatMap((h) => [h, h]),
      media.setClock,
    );
    expect(await sessions(media.t.server, 'mesuraprod')).toMatchObject([FIGURES]);
    await media.t.server.close();
    expect(await storedHeartbeats(media.t.dataDir)).toHaveLength(preroll.length);
  });

  it('counts heartbeats that arrive out of order once, in the session they belong to', async () => {
    await deliver(media.t, [...preroll].reverse(), media.setClock);
    expect(await sessions(media.t.server, 'mesuraprod')).toMatchObject([{ ...FIGURES, endedReason: 'complete', day: REPLAY_DAY }]);
  });

  it('ignores copies that arrive hours later, after a restart made the collector forget them', async () => {
    await deliver(media.t, preroll, media.setClock);
    await media.t.server.close();
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    const restarted = await createServer(loadConfig({ MESURA_DATA_DIR: media.t.dataDir, MESURA_LOG_LEVEL: 'silent' }, repoRoot), { now: () => media.clock });
    try {
      await deliver({ ...media.t, server: restarted }, preroll.slice(5, 20), (ms) => media.setClock(ms + 3 * HOUR_MS));
      expect(await sessions(restarted, 'mesuraprod')).toMatchObject([{ ...FIGURES, lastHeartbeatAt: '2026-01-01T00:00:40.000Z' }]);
    } finally {
      await restarted.close();
    }
    // The store de-duplicates heartbeats by their key at load, also across restarts: the late copies are not stored.
    expect(await storedHeartbeats(media.t.dataDir)).toHaveLength(preroll.length);
  });

  it('counts a duration over the 10-minute cap of §9 as 0', async () => {
    await deliver(media.t, preroll, media.setClock);
    const forged = { ...preroll.at(-3)!.params, 'l:event:duration': String(5 * HOUR_MS), 'l:event:ts': '1767225641000' };
    await media.t.server.app.inject({ url: `/hb/?${queryOf(forged)}`, headers: { 'user-agent': BROWSER_UA } });
    expect(await sessions(media.t.server, 'mesuraprod')).toMatchObject([{ contentSeconds: 26.4 }]);
  });
});

describe('QoE beyond the heartbeat fields ', () => {
  it('counts a session closed without a content play as an exit before start, once it is closed', async () => {
    const leaves = scenario(
      [
        { at: 0, call: 'trackSessionStart', media: VOD },
        { at: 0, call: 'trackPlay', playing: false },
        { at: 100, call: 'trackEvent', event: 'AdBreakStart', info: ['adBreak', 'preroll', 1, 0] },
        { at: 100, call: 'trackEvent', event: 'AdStart', info: ['ad', 'Ad', 'ad-1', 1, 15] },
        // The tab closes during the ad: nothing more is sent.
      ],
      { runUntil: 4000 },
    );
    await deliver(media.t, await replay(leaves), media.setClock);
    // The ad's heartbeats up to 3 s arrived (0.1–3 s: its first at the tick nearest 1 s after its
    // start, then one a second, RULES.md rule 14); what it played after went with the tab.
    expect(await sessions()).toMatchObject([{ exitBeforeStart: false, endedReason: null, contentSeconds: 0, adSeconds: 2.9 }]);
    media.setClock(media.clock + MEDIA_IDLE_TIMEOUT_MS);
    expect(await sessions()).toMatchObject([{ exitBeforeStart: true, startFailure: false, endedReason: 'idle' }]);
    expect((await report('content')).total).toMatchObject({ sessions: 1, starts: 1, exitsBeforeStart: 1, startFailures: 0 });
  });

  it('counts an error before the first content play as a start failure, not as an exit', async () => {
    const fails = scenario(
      [
        { at: 2000, call: 'trackSessionStart', media: VOD },
        { at: 2100, call: 'trackError', errorId: 'MEDIA_ERR_NETWORK' },
        { at: 5000, call: 'trackSessionEnd' },
      ],
      { runUntil: 6000 },
    );
    await deliver(media.t, await replay(fails), media.setClock);
    expect(await sessions()).toMatchObject([{ startFailure: true, exitBeforeStart: false, errors: 1, endedReason: 'end' }]);
    expect((await report('day')).rows).toMatchObject([{ key: REPLAY_DAY, startFailures: 1, exitsBeforeStart: 0, errors: 1 }]);
  });

  it('does not count an error after the content began as a start failure', async () => {
    const later = scenario(
      [
        { at: 2000, call: 'trackSessionStart', media: VOD },
        { at: 2000, call: 'trackPlay', playing: true },
        { at: 8000, call: 'trackError', errorId: 'DECODE' },
        { at: 9000, call: 'trackSessionEnd' },
      ],
      { runUntil: 10000 },
    );
    await deliver(media.t, await replay(later), media.setClock);
    expect(await sessions()).toMatchObject([{ startFailure: false, exitBeforeStart: false, errors: 1 }]);
  });

  it('computes the rebuffering ratio from stalls only, per content and per day', async () => {
    await deliver(media.t, await replay(STALL_AND_MIDROLL), media.setClock);
    const smooth = scenario(
      [
        { at: 3000, call: 'trackSessionStart', media: ['Info K', 'infok-1', 300, 'vod', 'video'] },
        { at: 3000, call: 'trackPlay', playing: true },
        { at: 33000, call: 'trackComplete' },
      ],
      { runUntil: 34000 },
    );
    await deliver(media.t, await replay(smooth), (ms) => media.setClock(ms + 24 * HOUR_MS));
    // Content 0.25–10 s, 15–20 s and 27–37 s (24.75 s); stalled 10–15 s; the 1 s gaps at 20 s and 26 s are the break's.
    expect(await sessions()).toMatchObject([{ contentSeconds: 24.75, adSeconds: 5, bufferingSeconds: 5, rebufferRatio: 0.1681 }]);
    expect((await report('content')).rows).toMatchObject([
      { key: 'infok-1', bufferingSeconds: 0, rebufferRatio: 0 },
      { key: 'polonia-1', bufferingSeconds: 5, rebufferRatio: 0.1681 },
    ]);
    const byDay = await report('day');
    expect(byDay.rows).toMatchObject([
      { key: '2026-01-01', rebufferRatio: 0.1681 },
      { key: '2026-01-02', rebufferRatio: 0 },
    ]);
    expect(byDay.total).toMatchObject({ bufferingSeconds: 5, rebufferRatio: 0.084 }); // 5 / (5 + 24.75 + 29.75)
  });
});
