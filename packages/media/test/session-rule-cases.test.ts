/**
 * The shared media session cases (@mesura/test-utils media-session-cases.json), run by the
 * tracker; the server's session SQL runs the same file (server/test/store/media-session-cases.test.ts).
 */
import { readMediaSessionCases } from '@mesura/test-utils';
import { describe, expect, it } from 'vitest';
import { MediaEvent } from '../src/index.js';
import { SCHEDULER_TICK_MS } from '../src/constants.js';
import { IDLE_SESSION_ENDED } from '../src/errors.js';
import { Harness, T0, playing, video } from './helpers/harness.js';

interface Cases {
  durationCap: { name: string; elapsedMs: number; countedMs: number }[];
  idle: { name: string; silentMs: number; ended: boolean }[];
  shortState: { name: string; state: 'pause' | 'buffer'; durationMs: number; reported: boolean }[];
}

const CASES = readMediaSessionCases() as Cases;

describe('media session rules, the shared cases (§4, §9)', () => {
  it.each(CASES.durationCap)('$name', async ({ elapsedMs, countedMs }) => {
    const h = new Harness();
    h.tracker.trackSessionStart(video({ prerollTrackingWaitingTime: 0 }));
    await h.to(elapsedMs);
    // The first play closes the start state with the time since the session started.
    h.tracker.trackPlay();
    await h.to(elapsedMs + 500);
    expect(h.summary().filter((line) => line.startsWith('start '))).toEqual(['start 0 0', `start ${countedMs} 0`]);
  });

  it.each(CASES.idle)('$name', async ({ silentMs, ended }) => {
    const h = await playing();
    h.setPlaying(false);
    h.tracker.trackPause();
    // The pause began at 500, on a send tick: the idle end is due on that tick (RULES 30), and logged then.
    await h.to(500 + silentMs);
    expect(h.messages('info')).toEqual(ended ? [IDLE_SESSION_ENDED] : []);
    // Its `end` leaves on the next tick (RULES 2), with the time it was due.
    await h.to(500 + silentMs + SCHEDULER_TICK_MS);
    const ends = h.heartbeats().filter((hb) => hb.event.type === 'end');
    expect(ends.map((hb) => hb.event.ts - T0)).toEqual(ended ? [500 + silentMs] : []);
  });

  it.each(CASES.shortState)('$name', async ({ state, durationMs, reported }) => {
    const h = await playing();
    await h.to(3_000);
    if (state === 'pause') h.tracker.trackPause();
    else h.tracker.trackEvent(MediaEvent.BufferStart);
    await h.to(3_000 + durationMs);
    if (state === 'pause') h.tracker.trackPlay();
    else h.tracker.trackEvent(MediaEvent.BufferComplete);
    await h.to(4_000);
    expect(h.heartbeats().some((hb) => hb.event.type === state)).toBe(reported);
  });
});
