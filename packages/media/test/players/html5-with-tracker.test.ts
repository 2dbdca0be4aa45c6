/**
 * The HTML5 adapter with the real tracker on fake time: a preroll of two ads, a chapter, a pause,
 * a seek and the end give the heartbeats of wire-formats §2, and no stall is invented on the way;
 * an element whose playhead freezes while playing is reported as `stall` by the tracker's poll.
 */
import { describe, expect, it } from 'vitest';
import { trackHtml5Player, type PlayerTracking } from '../../src/players/index.js';
import { FakeMediaElement } from '../helpers/fake-player.js';
import { Harness } from '../helpers/harness.js';

/** A harness whose element plays the harness's playhead, followed by the adapter. */
function followed(): { harness: Harness; element: FakeMediaElement; tracking: PlayerTracking } {
  const harness = new Harness();
  const element = new FakeMediaElement();
  Object.defineProperty(element, 'currentTime', { get: () => harness.playhead() });
  const tracking = trackHtml5Player(element, {
    createTracker: () => harness.tracker,
    dataLayer: () => ({ video: { titol: 'Clip', idSessioVideo: 'clip-1', durada: 600 } }),
    timers: harness.clock,
    now: () => harness.clock.now(),
  });
  return { harness, element, tracking };
}

/** `type@ms-since-T0 duration` of the main heartbeats after the opening ones. */
function after(harness: Harness, fromMs: number): string[] {
  return harness
    .heartbeats()
    .filter((hb) => hb.at > fromMs && hb.asset.type === 'main')
    .map((hb) => `${hb.event.type}@${hb.at} ${hb.event.duration}`);
}

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

describe('trackHtml5Player with the tracker: a frozen stream (RULES 23)', () => {
  it('reports stall from the playhead poll while the element waits, then stall and play 0 once it moves', async () => {
    const { harness, element } = followed();
    element.loaded(600);
    harness.setPlaying(true);
    element.emit('play', { paused: false });
    element.emit('playing');
    await harness.to(5_000);
    // The stream freezes: the element waits, its playhead stands.
    harness.setPlaying(false);
    element.emit('waiting');
    await harness.to(12_000);
    harness.setPlaying(true);
    element.emit('playing');
    await harness.to(14_000);
    expect(harness.messages('error')).toEqual([]);
    // Polls every 1001 ms from the first play (250): the second still one (7257) closes play with
    // the playhead's progress since 1251 (3749 ms, RULES 24) and opens the stall; the first that
    // sees the playhead move (12262) closes it and reopens play.
    expect(after(harness, 1_500)).toEqual(['play@7500 3749', 'stall@12500 5005', 'play@12500 0']);
  });

  it('reports no stall while paused, seeking or in an ad break, and nothing after the session ends', async () => {
    const { harness, element, tracking } = followed();
    element.loaded(600);
    harness.setPlaying(true);
    element.emit('play', { paused: false });
    element.emit('playing');
    await harness.to(2_000);
    harness.setPlaying(false);
    element.emit('pause', { paused: true });
    await harness.to(6_000);
    element.emit('play', { paused: false });
    element.emit('seeking');
    await harness.to(10_000);
    element.emit('seeked');
    tracking.adBreakStart({ name: 'mid', position: 1, startTime: 0 });
    await harness.to(14_000);
    tracking.adBreakComplete();
    harness.setPlaying(true);
    await harness.to(16_000);
    element.emit('pause', { paused: true, ended: true });
    element.emit('ended');
    await harness.to(17_000);
    const sent = harness.sent.length;
    await harness.to(60_000);
    expect(harness.summary().map((line) => line.split(' ')[0])).not.toContain('stall');
    expect(harness.sent).toHaveLength(sent);
  });
});
