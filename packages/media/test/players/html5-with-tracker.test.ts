/**
 * The HTML5 adapter with the real tracker on fake time: a preroll of two ads, a chapter, a pause,
 * a seek and the end give the heartbeats of wire-formats §2, and no stall is invented on the way.
 */
import { describe, expect, it } from 'vitest';
import { trackHtml5Player } from '../../src/players/index.js';
import { FakeMediaElement } from '../helpers/fake-player.js';
import { Harness } from '../helpers/harness.js';

describe('trackHtml5Player with the tracker', () => {
  it('plays a preroll of two ads, a chapter, a pause, a seek and the end', async () => {
    const harness = new Harness();
    const element = new FakeMediaElement();
    // The element's playhead is the harness's, which moves while the harness plays.
    Object.defineProperty(element, 'currentTime', { get: () => harness.playhead() });
    const tracking = trackHtml5Player(element, {
      createTracker: () => harness.tracker,
      dataLayer: () => ({ video: { titol: 'Clip', idSessioVideo: 'clip-1', durada: 12 } }),
      timers: harness.clock,
      now: () => harness.clock.now(),
    });
    element.loaded(12);
    await harness.to(100);
    tracking.adBreakStart({ name: 'preroll', position: 1, startTime: 0 });
    tracking.adStart({ name: 'Anunci 1', id: 'ad-1', position: 1, length: 3 });
    await harness.to(3100);
    tracking.adComplete();
    tracking.adStart({ name: 'Anunci 2', id: 'ad-2', position: 2, length: 2 });
    await harness.to(5100);
    tracking.adComplete();
    tracking.adBreakComplete();
    harness.setPlaying(true);
    element.emit('play', { paused: false });
    element.emit('playing');
    tracking.chapterStart({ name: 'Titulars', position: 1, length: 6, startTime: 0 });
    await harness.to(7100);
    harness.setPlaying(false);
    element.emit('pause', { paused: true });
    await harness.to(8100);
    element.emit('seeking');
    harness.setPlayhead(7);
    element.emit('seeked');
    await harness.to(8600);
    harness.setPlaying(true);
    element.emit('play', { paused: false });
    element.emit('playing');
    await harness.to(13600);
    harness.setPlaying(false);
    element.emit('pause', { paused: true, ended: true });
    element.emit('ended');
    await harness.to(15000);

    expect(harness.messages('error')).toEqual([]);
    const types = harness.summary().map((line) => line.split(' ')[0]);
    expect(types.filter((type) => type === 'ad:start')).toHaveLength(2);
    expect(types).toContain('chapter_start');
    expect(types).toContain('pause');
    expect(types).not.toContain('buffer');
    expect(types.at(-1)).toBe('complete');
    // Content played 2 s before the pause and 5 s after the seek; the play heartbeats add up to it.
    const played = harness.heartbeats().filter((h) => h.asset.type === 'main' && h.event.type === 'play');
    expect(played.reduce((sum, h) => sum + h.event.duration, 0)).toBe(7000);
  });
});
