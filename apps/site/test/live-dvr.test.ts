/**
 * The live pages' pure logic over fixed times: which broadcast is on at a playhead, where each DVR
 * control seeks within the window, when the playhead is live, when the media session must follow
 * a new broadcast, and the playhead's wall time through the fragments' program date times.
 */
import type { Broadcast } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { broadcastToFollow, DVR_STEP_BACK_MS, isAtLiveEdge, LIVE_EDGE_TOLERANCE_MS, programmeStartInWindow, programmeStartTarget, scrubTarget, stepBackTarget } from '../src/live/dvr';
import { mediaTimeAt, wallTimeAt } from '../src/live/hls-clock';
import { broadcastAfter, broadcastAt, guideOfDay } from '../src/live/live-guide';

const at = (iso: string) => Date.parse(iso);
const entry = (id: string, start: string, end: string): Broadcast => ({ id, channel: 'mesura-tv', title: `Programa ${id}`, start, end, genre: 'informatius' });
const GUIDE: Broadcast[] = [
  entry('a', '2026-11-23T23:30:00+01:00', '2026-11-24T10:00:00+01:00'),
  entry('b', '2026-11-24T10:00:00+01:00', '2026-11-24T10:30:00+01:00'),
  entry('c', '2026-11-24T10:30:00+01:00', '2026-11-24T11:00:00+01:00'),
  entry('d', '2026-11-25T00:00:00+01:00', '2026-11-25T01:00:00+01:00'),
];
/** A 600 s window whose live edge is 10:05 (Catalan time). */
const RANGE = { startMs: at('2026-11-24T09:55:00+01:00'), liveEdgeMs: at('2026-11-24T10:05:00+01:00') };

describe('the guide', () => {
  it('finds the broadcast on at a time: its start included, its end not', () => {
    expect(broadcastAt(GUIDE, at('2026-11-24T10:00:00+01:00'))?.id).toBe('b');
    expect(broadcastAt(GUIDE, at('2026-11-24T09:59:59.999+01:00'))?.id).toBe('a');
    expect(broadcastAt(GUIDE, at('2026-11-24T12:00:00+01:00'))).toBeUndefined();
    expect(broadcastAfter(GUIDE, GUIDE[1]!)?.id).toBe('c');
  });

  it("lists the Catalan day's entries, with the one on at midnight", () => {
    expect(guideOfDay(GUIDE, at('2026-11-24T10:00:00+01:00')).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('the DVR controls', () => {
  it('"-30 s" goes thirty seconds back, never before the window', () => {
    const playhead = at('2026-11-24T10:04:54+01:00');
    expect(stepBackTarget(playhead, RANGE)).toBe(playhead - DVR_STEP_BACK_MS);
    expect(stepBackTarget(RANGE.startMs + 10_000, RANGE)).toBe(RANGE.startMs);
  });

  it('"Torna a l\'inici del programa" reaches the start when the window holds it, else the window\'s oldest moment', () => {
    expect(programmeStartTarget(GUIDE[1]!, RANGE)).toBe(at('2026-11-24T10:00:00+01:00'));
    expect(programmeStartInWindow(GUIDE[1]!, RANGE)).toBe(true);
    expect(programmeStartTarget(GUIDE[0]!, RANGE)).toBe(RANGE.startMs);
    expect(programmeStartInWindow(GUIDE[0]!, RANGE)).toBe(false);
  });

  it('the scrubber seeks a distance behind the live edge, within the window', () => {
    expect(scrubTarget(120_000, RANGE)).toBe(RANGE.liveEdgeMs - 120_000);
    expect(scrubTarget(3_600_000, RANGE)).toBe(RANGE.startMs);
    expect(scrubTarget(-5000, RANGE)).toBe(RANGE.liveEdgeMs);
  });

  it('is live within the tolerance of the live edge, delayed beyond it', () => {
    expect(isAtLiveEdge(RANGE.liveEdgeMs - LIVE_EDGE_TOLERANCE_MS, RANGE)).toBe(true);
    expect(isAtLiveEdge(RANGE.liveEdgeMs - LIVE_EDGE_TOLERANCE_MS - 1, RANGE)).toBe(false);
  });
});

describe('the media session follows the guide', () => {
  it('switches when the playhead crosses an entry, by playing on or by a seek back', () => {
    expect(broadcastToFollow(GUIDE, 'a', at('2026-11-24T09:59:59+01:00'))).toBeUndefined();
    expect(broadcastToFollow(GUIDE, 'a', at('2026-11-24T10:00:01+01:00'))?.id).toBe('b');
    expect(broadcastToFollow(GUIDE, 'b', at('2026-11-24T09:58:00+01:00'))?.id).toBe('a');
    // A playhead outside the guide keeps the session it has.
    expect(broadcastToFollow(GUIDE, 'c', at('2026-11-24T12:00:00+01:00'))).toBeUndefined();
  });
});

describe('the playhead in wall time', () => {
  const base = at('2026-11-24T10:00:00+01:00');
  const FRAGMENTS = [
    { start: 100, duration: 2, programDateTime: base },
    { start: 102, duration: 2, programDateTime: base + 2000 },
    // After a loop wrap the media time goes on (hls.js offsets it); the wall time does too.
    { start: 104, duration: 2, programDateTime: base + 4000 },
  ];

  it('maps media time to the wall time of the fragment holding it, and back', () => {
    expect(wallTimeAt(FRAGMENTS, 103.5)).toBe(base + 3500);
    expect(mediaTimeAt(FRAGMENTS, base + 3500)).toBe(103.5);
    expect(mediaTimeAt(FRAGMENTS, base + 4000)).toBe(104);
  });

  it('extrapolates from the nearest fragment outside them, and knows nothing without dates', () => {
    expect(wallTimeAt(FRAGMENTS, 107)).toBe(base + 7000);
    expect(mediaTimeAt(FRAGMENTS, base - 1000)).toBe(99);
    expect(wallTimeAt([{ start: 0, duration: 2, programDateTime: null }], 1)).toBeUndefined();
  });
});
