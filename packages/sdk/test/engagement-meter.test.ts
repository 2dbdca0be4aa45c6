import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_IDLE_MS, createEngagementMeter } from '../src/engagement-meter.js';

const S = 1000;

describe('engaged time (engagement-meter.ts)', () => {
  it('counts the arrival and then ENGAGEMENT_IDLE_MS after each input, while the page is visible', () => {
    const idle = createEngagementMeter(0, true);
    expect(idle.read(60 * S).engagedMs).toBe(ENGAGEMENT_IDLE_MS);

    const reader = createEngagementMeter(0, true);
    for (let at = 3 * S; at <= 30 * S; at += 3 * S) reader.activity(at);
    expect(reader.read(60 * S).engagedMs).toBe(30 * S + ENGAGEMENT_IDLE_MS);
  });

  it('counts nothing while the page is hidden, and showing it again is an act of the visitor', () => {
    const meter = createEngagementMeter(0, true);
    meter.activity(2 * S);
    meter.visibility(false, 4 * S);
    meter.activity(50 * S);
    meter.visibility(true, 100 * S);
    expect(meter.read(110 * S).engagedMs).toBe(4 * S + ENGAGEMENT_IDLE_MS);
  });

  it('counts a page opened in the background only once it is shown', () => {
    const meter = createEngagementMeter(0, false);
    expect(meter.read(30 * S).engagedMs).toBe(0);
    meter.visibility(true, 40 * S);
    expect(meter.read(41 * S).engagedMs).toBe(S);
  });

  it('counts the time a video or audio plays without any input, and the idle wait from when it stops', () => {
    const meter = createEngagementMeter(0, true);
    meter.playing(1, S);
    meter.playing(2, 20 * S);
    meter.playing(0, 61 * S);
    expect(meter.read(100 * S).engagedMs).toBe(61 * S + ENGAGEMENT_IDLE_MS);
  });

  it('keeps the deepest scroll, in whole percent from 0 to 100', () => {
    const meter = createEngagementMeter(0, true);
    meter.scrolled(35.4);
    meter.scrolled(80.6);
    meter.scrolled(20);
    expect(meter.read(S).scrollPercent).toBe(81);
    meter.scrolled(140);
    expect(meter.read(S).scrollPercent).toBe(100);
    expect(createEngagementMeter(0, true).read(0)).toEqual({ engagedMs: 0, scrollPercent: 0 });
  });

  it('counts each moment once, however the events interleave or repeat', () => {
    const meter = createEngagementMeter(0, true);
    meter.activity(4 * S);
    meter.activity(4 * S);
    meter.playing(1, 6 * S);
    meter.activity(7 * S);
    meter.visibility(true, 8 * S);
    meter.playing(0, 10 * S);
    expect(meter.read(12 * S).engagedMs).toBe(12 * S);
    expect(meter.read(12 * S).engagedMs).toBe(12 * S);
  });
});
