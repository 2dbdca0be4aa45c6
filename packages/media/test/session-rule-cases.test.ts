/**
 * The shared media session cases (packages/protocol/test/media-session-cases.json), run by the
 * tracker; the server's session SQL runs the same file (server/test/media-session-cases.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Harness, playing, video } from './helpers/harness.js';

interface Cases {
  durationCap: { name: string; elapsedMs: number; countedMs: number }[];
  idle: { name: string; silentMs: number; ended: boolean }[];
  shortState: { name: string; pauseMs: number; reported: boolean }[];
}

const CASES = JSON.parse(readFileSync(new URL('../../protocol/test/media-session-cases.json', import.meta.url), 'utf8')) as Cases;

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
    // The pause began at 500; the idle timer is checked on the scheduler's next tick.
    await h.to(500 + silentMs);
    expect(h.summary().filter((line) => line.startsWith('end '))).toEqual(ended ? ['end 0 0'] : []);
  });

  it.each(CASES.shortState)('$name', async ({ pauseMs, reported }) => {
    const h = await playing();
    await h.to(3_000);
    h.tracker.trackPause();
    await h.to(3_000 + pauseMs);
    h.tracker.trackPlay();
    await h.to(4_000);
    expect(h.heartbeats().some((hb) => hb.event.type === 'pause')).toBe(reported);
  });
});
