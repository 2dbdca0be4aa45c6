import { describe, expect, it } from 'vitest';
import { MediaEvent, createAdBreakObject, createAdObject, createChapterObject } from '../src/index.js';
import * as messages from '../src/errors.js';
import { Harness, T0, playing, video } from './helpers/harness.js';

/** `type@ms-since-T0 duration` of each main heartbeat that is not a periodic aa_ event. */
function timeline(h: Harness): string[] {
  return h
    .heartbeats()
    .filter((hb) => !hb.event.type.startsWith('aa_'))
    .map((hb) => `${hb.asset.type === 'ad' ? 'ad:' : ''}${hb.event.type}@${hb.event.ts - T0} ${hb.event.duration}`);
}

describe('§4 first play deferred by the preroll wait', () => {
  it('reports the first play 250 ms after trackPlay, the start covering the wait (§9 preroll wait 250 ms)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    await h.to(1000);
    h.tracker.trackPlay();
    await h.to(1500);
    expect(timeline(h)).toEqual(['start@0 0', 'start@1250 1250', 'play@1250 0']);
  });

  it('takes the wait from the media object when valid', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video({ prerollTrackingWaitingTime: 2000 }));
    h.tracker.trackPlay();
    await h.to(1750);
    expect(timeline(h)).toEqual(['start@0 0']);
    await h.to(2250);
    expect(timeline(h)).toEqual(['start@0 0', 'start@2000 2000', 'play@2000 0']);
  });

  it('keeps 250 ms when the media object gives an invalid wait, with a warning (§5)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video({ prerollTrackingWaitingTime: 'soon' as never }));
    h.tracker.trackPlay();
    await h.to(500);
    expect(h.messages('warn')).toEqual([messages.IGNORED_PREROLL_WAIT]);
    expect(timeline(h)).toEqual(['start@0 0', 'start@250 250', 'play@250 0']);
  });

  it('is cancelled by a buffer and rescheduled when it completes', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    await h.to(100);
    h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(3000);
    expect(timeline(h)).toEqual(['start@0 0']);
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    await h.to(3500);
    expect(timeline(h)).toEqual(['start@0 0', 'start@3250 3250', 'play@3250 0']);
  });

  it('is cancelled by a seek and rescheduled when it completes', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    h.tracker.trackEvent(MediaEvent.SeekStart);
    await h.to(1000);
    h.tracker.trackEvent(MediaEvent.SeekComplete);
    await h.to(1500);
    expect(timeline(h)).toEqual(['start@0 0', 'start@1250 1250', 'play@1250 0']);
  });

  it('counts an ad break inside the window as preroll: start closes, no content play before the ads', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    await h.to(100);
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('preroll', 1, 0));
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad', 'ad-1', 1, 2));
    await h.to(2100);
    h.tracker.trackEvent(MediaEvent.AdComplete);
    h.tracker.trackEvent(MediaEvent.AdBreakComplete);
    await h.to(2500);
    expect(timeline(h)).toEqual([
      'start@0 0',
      'start@100 100',
      'ad:start@100 0',
      // RULES 14: the first ad play on the tick nearest ad start + 1 s (1000, for 1100), then
      // every 1 s; AdComplete's 100 ms close of the ad play is not sent (RULES 5, 13).
      'ad:play@1000 900',
      'ad:play@2000 1000',
      'ad:complete@2100 0',
      // The content plays when the break completes, without a play call.
      'play@2100 0',
    ]);
  });

  it('does not count an ad break after the window as preroll', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    await h.to(300);
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 1, 0));
    await h.to(600);
    // The start closes when the wait ends (a preroll's closes at the break, as above). The play
    // the break ends after 50 ms is not reported, and its play 0, still queued, goes with it (RULES 5, 6).
    expect(timeline(h)).toEqual(['start@0 0', 'start@250 250']);
  });

  it('sends start 0 and chapter_start for a chapter started inside the window; the first play closes that start in its place (RULES 6, 10)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackEvent(MediaEvent.ChapterStart, createChapterObject('Part 1', 1, 60, 0));
    h.tracker.trackPlay();
    await h.to(500);
    expect(timeline(h)).toEqual(['start@0 0', 'start@250 250', 'chapter_start@0 0', 'play@250 0']);
    // The start queued with the chapter's keys is the one the play closed.
    expect(
      h
        .heartbeats()
        .filter((hb) => hb.event.type === 'start')
        .map((hb) => hb.stream.chapter?.name),
    ).toEqual([undefined, 'Part 1']);
  });
});

describe('RULES 5: short closes of play, buffer and seek are not sent; a pause always is', () => {
  it('reports a pause of 250 ms, its pause 0 and its close, and reopens play (RULES 5)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackPause();
    await h.to(3250);
    h.tracker.trackPlay();
    await h.to(4000);
    // 'play@1251 1001' is the poll's first progress (RULES 25).
    expect(timeline(h)).toEqual(['play@1251 1001', 'play@3000 1749', 'pause@3000 0', 'pause@3250 250', 'play@3250 0']);
  });

  it('reports a pause of 90 ms too (RULES 5: wire §2 is wrong for pause)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackPause();
    await h.to(3090);
    h.tracker.trackPlay();
    await h.to(4000);
    expect(timeline(h)).toEqual(['play@1251 1001', 'play@3000 1749', 'pause@3000 0', 'pause@3090 90', 'play@3090 0']);
  });

  it('never reports a buffer of 250 ms or less; play closes at its start and reopens at its end (RULES 5)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(3250);
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    await h.to(4000);
    expect(timeline(h)).toEqual(['play@1251 1001', 'play@3000 1749', 'play@3250 0']);
  });

  it('reports a buffer of 251 ms when it ends, with no opening heartbeat (RULES 5)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(3251);
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    await h.to(4000);
    expect(timeline(h)).toEqual(['play@1251 1001', 'play@3000 1749', 'buffer@3251 251', 'play@3251 0']);
  });

  it('removes a play of 250 ms or less together with its queued play 0 (RULES 6)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackPause();
    await h.to(3400);
    h.tracker.trackPlay();
    await h.to(3500);
    h.tracker.trackPause();
    await h.to(4000);
    // The play from 3400 to 3500 leaves no heartbeat; both pauses are reported.
    expect(timeline(h)).toEqual(['play@1251 1001', 'play@3000 1749', 'pause@3000 0', 'pause@3400 400', 'pause@3500 0']);
  });
});
