import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_OVERRUN_MS, PREROLL, playAdBreak, skipAd } from '../src/player/ad-break';
import type { VastAd } from '../src/player/vast';
import { FakeMedia, recordingTracking } from './helpers/fake-player';

const ad = (n: number, lengthSeconds: number): VastAd => ({
  id: `ad-${n}`,
  title: `Anunci ${n}`,
  advertiser: 'Mesura',
  creativeId: `c-${n}`,
  lengthSeconds,
  mediaUrl: `/ads/anunci-${n}.webm`,
  mediaType: 'video/webm',
});

let element: FakeMedia;
let recorder: ReturnType<typeof recordingTracking>;

beforeEach(() => {
  vi.useFakeTimers();
  element = new FakeMedia();
  recorder = recordingTracking();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the break run up to its next wait. */
const settle = () => vi.advanceTimersByTimeAsync(0);

const run = (ads: VastAd[]) => playAdBreak({ element: element as unknown as HTMLMediaElement, ads, tracking: () => recorder.tracking });

describe('playAdBreak', () => {
  it('plays each ad in order and reports the break, each ad as it plays and its end', async () => {
    const done = run([ad(1, 3), ad(2, 2)]);
    await settle();
    expect(element.src).toBe('/ads/anunci-1.webm');
    element.emit('ended');
    await settle();
    expect(element.src).toBe('/ads/anunci-2.webm');
    element.emit('ended');
    await done;
    expect(recorder.calls).toEqual([
      ['adBreakStart', PREROLL],
      ['adStart', { name: 'Anunci 1', id: 'ad-1', position: 1, length: 3, metadata: { 'a.media.ad.advertiser': 'Mesura', 'a.media.ad.creative': 'c-1' } }],
      ['adComplete'],
      ['adStart', { name: 'Anunci 2', id: 'ad-2', position: 2, length: 2, metadata: { 'a.media.ad.advertiser': 'Mesura', 'a.media.ad.creative': 'c-2' } }],
      ['adComplete'],
      ['adBreakComplete'],
    ]);
    expect(element.src).toBe('');
  });

  it('leaves out an ad that cannot play, and skips one that fails midway', async () => {
    element.failingPlays = 1;
    const done = run([ad(1, 3), ad(2, 2)]);
    await settle();
    expect(element.src).toBe('/ads/anunci-2.webm');
    element.emit('error');
    await done;
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart', 'adSkip', 'adBreakComplete']);
  });

  it('skips an ad that overruns its length by AD_OVERRUN_MS, so the content is never held for good', async () => {
    const done = run([ad(1, 3)]);
    await vi.advanceTimersByTimeAsync(3_000 + AD_OVERRUN_MS);
    await done;
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart', 'adSkip', 'adBreakComplete']);
    expect(element.paused).toBe(true);
  });

  it('plays the ads untracked while the media tracker is not there, and does nothing without ads', async () => {
    const done = playAdBreak({ element: element as unknown as HTMLMediaElement, ads: [ad(1, 3)], tracking: () => undefined });
    await settle();
    element.emit('ended');
    await done;
    expect(element.plays).toBe(1);
    await playAdBreak({ element: element as unknown as HTMLMediaElement, ads: [], tracking: () => recorder.tracking });
    expect(recorder.calls).toEqual([]);
  });
});

describe('playAdBreak: the visitor skips, or pauses an ad (its click-through)', () => {
  it('reports the break it is given and ends an ad the visitor skips as skipped', async () => {
    const midroll = { name: 'midroll', position: 2, startTime: 12 };
    const onBreakStart = vi.fn(() => expect(recorder.names()).toEqual(['adBreakStart']));
    const done = playAdBreak({ element: element as unknown as HTMLMediaElement, ads: [ad(3, 3)], adBreak: midroll, onBreakStart, tracking: () => recorder.tracking });
    await settle();
    skipAd(element);
    await done;
    expect(onBreakStart).toHaveBeenCalledOnce();
    expect(recorder.calls[0]).toEqual(['adBreakStart', midroll]);
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart', 'adSkip', 'adBreakComplete']);
    expect(element.paused).toBe(true);
  });

  it('does not hurry an ad the visitor paused: the overrun clock runs only while it plays', async () => {
    const done = run([ad(1, 3)]);
    await settle();
    element.emit('timeupdate', { currentTime: 1 });
    element.emit('pause', { paused: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart']);
    element.emit('play', { paused: false });
    await vi.advanceTimersByTimeAsync(2_000 + AD_OVERRUN_MS - 1);
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart']);
    element.emit('ended');
    await done;
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart', 'adComplete', 'adBreakComplete']);
  });
});
