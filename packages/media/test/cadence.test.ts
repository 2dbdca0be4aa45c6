import { describe, expect, it } from 'vitest';
import { MediaEvent, WORK_QUEUE_MAX_ITEMS, createAdBreakObject, createAdObject, createChapterObject } from '../src/index.js';
import * as messages from '../src/errors.js';
import { Harness, T0, playing, video } from './helpers/harness.js';

function times(h: Harness, type: string, asset = 'main'): string[] {
  return h
    .heartbeats()
    .filter((hb) => hb.event.type === type && hb.asset.type === asset)
    .map((hb) => `${hb.event.ts - T0}/${hb.event.duration}`);
}

describe('§9 playback tracking constants', () => {
  it("sends the session's first play at 0 ms, at the poll's first progress 1001 ms later, then every 10 s on the nearest tick (RULES 3, 25)", async () => {
    const h = await playing();
    await h.to(31_500);
    // The periodic play due at 11251 fires on the 11250 tick, 1 ms early (RULES 3).
    expect(times(h, 'play')).toEqual(['250/0', '1251/1001', '11250/9999', '21250/10000', '31250/10000']);
  });

  it('sends ad play every second (§9 ad tracking interval 1 s)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 1, 0));
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad', 'ad-1', 1, 30));
    await h.to(4_000);
    expect(times(h, 'play', 'ad')).toEqual(['1500/1000', '2500/1000', '3500/1000']);
  });

  it('reports the gap of a break with no ad as main buffer every 10 s: only ads tick every second (wire §2)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 1, 0));
    await h.to(21_000);
    expect(times(h, 'buffer')).toEqual(['10500/10000', '20500/10000']);
  });

  it('sends pause at 0 ms, then every 10 s', async () => {
    const h = await playing();
    h.tracker.trackPause();
    await h.to(21_000);
    expect(times(h, 'pause')).toEqual(['500/0', '10500/10000', '20500/10000']);
  });

  it('sends buffer every 10 s and when it ends, its close on the next send tick (RULES 2, 5)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(15_000);
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    await h.to(15_249);
    expect(times(h, 'buffer')).toEqual(['10500/10000']);
    await h.to(15_250);
    expect(times(h, 'buffer')).toEqual(['10500/10000', '15000/4500']);
  });

  it('reports a seek as pause when it completes, with the new playhead', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.SeekStart);
    await h.to(2_000);
    h.setPlayhead(120);
    h.tracker.trackEvent(MediaEvent.SeekComplete);
    await h.to(2_500);
    const pause = h.heartbeats().filter((hb) => hb.event.type === 'pause');
    expect(pause.map((hb) => `${hb.event.duration} ${hb.event.playhead}`)).toEqual(['1500 120']);
  });

  it('closes a pause at SeekStart; the seek is a pause of its own that SeekComplete does not end (RULES 22)', async () => {
    const h = await playing();
    h.tracker.trackPause();
    await h.to(1_000);
    h.tracker.trackEvent(MediaEvent.SeekStart);
    await h.to(2_000);
    h.tracker.trackEvent(MediaEvent.SeekComplete);
    await h.to(11_300);
    // No opening for the seek's pause, none at SeekComplete; its periodic pause 10 s after SeekStart.
    expect(times(h, 'pause')).toEqual(['500/0', '1000/500', '11000/10000']);
  });

  it('lets requests leave on the scheduler tick after their event (§9 scheduler tick 250 ms)', async () => {
    const h = await playing();
    await h.to(3_100);
    h.tracker.trackError('e1');
    await h.to(3_249);
    expect(h.heartbeats().filter((hb) => hb.event.type === 'error')).toEqual([]);
    await h.to(3_250);
    expect(
      h
        .heartbeats()
        .filter((hb) => hb.event.type === 'error')
        .map((hb) => hb.at),
    ).toEqual([3_250]);
  });

  it('reads the settings file every 180 s during a session (§9 check-status interval)', async () => {
    const h = await playing();
    await h.to(360_100);
    expect(h.settingsUrls.map((url) => new URL(url).searchParams.get('r'))).toEqual([0, 180_000, 360_000].map((ms) => String(T0 + ms)));
  });

  it('caps the settings file setup check interval at 600 s (§9)', async () => {
    const h = new Harness({ settings: { setupCheckIntervalS: 3600 } });
    h.tracker.trackSessionStart(video());
    await h.to(1_300_000);
    // The first read (at 0) applies 3600 s, capped at 600 s, from the next check on (at 180 s).
    expect(h.settingsUrls.map((url) => Number(new URL(url).searchParams.get('r')) - T0)).toEqual([0, 180_000, 780_000]);
  });

  it('uses the tracking interval of the settings file', async () => {
    const h = await playing({ settings: { trackingIntervalS: 5 } });
    await h.to(12_000);
    expect(times(h, 'play')).toEqual(['250/0', '1251/1001', '6250/4999', '11250/5000']);
  });

  it('ends the session after 1800 s paused with pause and end (§9 idle timer; RULES 7, 30)', async () => {
    const h = await playing();
    h.setPlaying(false);
    h.tracker.trackPause();
    await h.to(1_800_750 - 1);
    expect(h.summary().filter((line) => line.startsWith('end'))).toEqual([]);
    await h.to(1_800_750);
    // The pause opened at 500: the idle end falls on its periodic tick (1_800_500), so the periodic
    // pause comes first, then a pause 0 and the end (RULES 7); they leave on the next tick.
    expect(h.summary().slice(-3)).toEqual(['pause 10000 0', 'pause 0 0', 'end 0 0']);
    expect(h.heartbeats().at(-1)?.event.ts).toBe(T0 + 1_800_500);
    expect(h.messages('info')).toEqual([messages.IDLE_SESSION_ENDED]);
    await h.to(1_900_000);
    expect(h.summary().at(-1)).toBe('end 0 0');
  });

  it('resumes after idle with a new session id: ms_s, start, resume, start 0, play, aa_start (wire §2)', async () => {
    const h = await playing();
    h.setPlaying(false);
    h.tracker.trackPause();
    await h.to(1_801_000);
    const firstSid = h.heartbeats()[0]?.event.sessionId;
    const settingsReads = h.settingsUrls.length;
    h.clear();
    h.tracker.trackPlay();
    await h.to(1_801_600);
    expect(h.beacons().map((b) => b.hit.media?.kind)).toEqual(['ms_s']);
    expect(h.summary()).toEqual(['start 0 0', 'resume 0 0', 'start 0 0', 'play 0 0', 'aa_start 0 0']);
    const sids = new Set(h.heartbeats().map((hb) => hb.event.sessionId));
    expect(sids.size).toBe(1);
    expect(sids.has(firstSid ?? '')).toBe(false);
    expect(h.beacons()[0]?.hit.contextData['a.media.vsid']).toBe([...sids][0]);
    expect(h.settingsUrls).toHaveLength(settingsReads);
  });

  it('resets a duration over 10 minutes to 0 (§9)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    await h.to(600_001);
    h.tracker.trackPlay();
    await h.to(601_000);
    expect(times(h, 'start')).toEqual(['0/0', '600251/0']);
  });

  it('keeps a duration of exactly 10 minutes', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video({ prerollTrackingWaitingTime: 0 }));
    await h.to(600_000);
    h.tracker.trackPlay();
    await h.to(600_500);
    expect(times(h, 'start')).toEqual(['0/0', '600000/600000']);
  });

  it('reports the playhead progress and a WARN when it is over 2 s short of the clock (§9; RULES 24)', async () => {
    const h = await playing();
    await h.to(5_000);
    // The player stalled 3 s without saying so: the playhead is 3 s behind the clock.
    h.setPlayhead(h.playhead() - 3);
    await h.to(11_500);
    // 9999 ms on the clock since the play at 1251, 6999 ms of progress.
    expect(times(h, 'play').at(-1)).toBe('11250/6999');
    expect(h.messages('warn')).toEqual([messages.PLAYHEAD_DRIFT]);
  });

  it('reports the clock time and a WARN when the playhead jumps over 2 s ahead (RULES 24)', async () => {
    const h = await playing();
    await h.to(5_000);
    h.setPlayhead(h.playhead() + 3);
    await h.to(11_500);
    expect(times(h, 'play').at(-1)).toBe('11250/9999');
    expect(h.messages('warn')).toEqual([messages.PLAYHEAD_DRIFT]);
  });

  it('keeps the clock duration when the drift is 2 s or less', async () => {
    const h = await playing();
    await h.to(5_000);
    h.setPlayhead(h.playhead() - 2);
    await h.to(11_500);
    expect(times(h, 'play').at(-1)).toBe('11250/9999');
    expect(h.messages('warn')).toEqual([]);
  });

  it('keeps 2000 requests and drops the oldest, with a log line (§9 work queue 2000)', async () => {
    const h = new Harness({ privacy: 'unknown' });
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    await h.to(1_000);
    for (let i = 0; i < WORK_QUEUE_MAX_ITEMS; i++) h.tracker.trackError(`e${i}`);
    // The errors wait in the outbox for the send tick (RULES 2); the queue holds ms_s, start,
    // aa_start, the closing start and the play 0.
    expect(h.messages('warn')).toEqual([]);
    await h.to(1_250);
    expect(h.messages('warn')).toEqual(Array(5).fill(messages.QUEUE_FULL));
    h.setPrivacy('opted-in');
    expect(h.sent).toHaveLength(WORK_QUEUE_MAX_ITEMS);
    expect(h.beacons()).toEqual([]);
    const errors = h.heartbeats().map((hb) => hb.event.errorId);
    expect([errors[0], errors.at(-1)]).toEqual(['e0', `e${WORK_QUEUE_MAX_ITEMS - 1}`]);
  });

  it('writes library version 2.2.1 and api level 4 on every heartbeat (§9)', async () => {
    const h = await playing();
    await h.to(2_000);
    const versions = new Set(h.heartbeats().map((hb) => `${hb.serviceProvider.libraryVersion}/${hb.serviceProvider.apiLevel}`));
    expect([...versions]).toEqual(['2.2.1/4']);
  });

  it('floors lengths and positions (§9)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    h.setPlayhead(12.9);
    h.tracker.trackEvent(MediaEvent.ChapterStart, createChapterObject('Part', 2.7, 59.9, 10.5));
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 1.9, 30.6));
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad', 'ad-1', 1.5, 15.9));
    await h.to(500);
    const ad = h.heartbeats().find((hb) => hb.asset.type === 'ad');
    expect(ad?.asset.ad).toMatchObject({ podPosition: 1, podOffset: 30, length: 15 });
    expect(ad?.stream.chapter).toMatchObject({ position: 2, length: 59, offset: 10 });
    expect(h.heartbeats().find((hb) => hb.event.type === 'chapter_start')?.event.playhead).toBe(12);
  });
});
