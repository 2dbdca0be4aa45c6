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
      // Periodic heartbeats are due on the scheduler's 250 ms ticks: 1100 falls on the 1250 one.
      'ad:play@1250 1150',
      'ad:play@2100 850',
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
    expect(timeline(h).slice(0, 4)).toEqual(['start@0 0', 'start@250 250', 'play@250 0', 'play@300 50']);
  });

  it('adds an extra start of 0 ms for a chapter started inside the window (wire §2)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackEvent(MediaEvent.ChapterStart, createChapterObject('Part 1', 1, 60, 0));
    h.tracker.trackPlay();
    await h.to(500);
    expect(timeline(h)).toEqual(['start@0 0', 'chapter_start@0 0', 'start@0 0', 'start@250 250', 'play@250 0']);
  });
});

describe('§9 flush filter: play, pause and buffer states of 250 ms or less are not reported', () => {
  it('splits play around a pause of 250 ms and reports no pause (wire §2)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackPause();
    await h.to(3250);
    h.tracker.trackPlay();
    await h.to(4000);
    // The play closes where the pause began and reopens where it ended: 250 ms in no state.
    expect(timeline(h)).toEqual(['play@1250 1000', 'play@3000 1750', 'play@3250 0']);
  });

  it('reports a pause of 251 ms, timed from the call', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackPause();
    await h.to(3251);
    h.tracker.trackPlay();
    await h.to(4000);
    expect(timeline(h)).toEqual(['play@1250 1000', 'play@3000 1750', 'pause@3000 0', 'pause@3251 251', 'play@3251 0']);
  });

  it('never reports a buffer of 250 ms or less, but splits play around it (wire §2)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(3200);
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    await h.to(4000);
    expect(timeline(h)).toEqual(['play@1250 1000', 'play@3000 1750', 'play@3200 0']);
  });

  it('reports a longer buffer when it ends, with no opening heartbeat (wire §2)', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(4000);
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    await h.to(4500);
    expect(timeline(h)).toEqual(['play@1250 1000', 'play@3000 1750', 'buffer@4000 1000', 'play@4000 0']);
  });

  it('drops the first of two quick changes and reports the second from its own call', async () => {
    const h = await playing();
    h.clear();
    await h.to(3000);
    h.tracker.trackPause();
    await h.to(3100);
    h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(4000);
    // The pause lasted 100 ms: the play closes when the buffer began.
    expect(timeline(h)).toEqual(['play@1250 1000', 'play@3100 1850']);
  });
});
