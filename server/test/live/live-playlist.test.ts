/**
 * The live playlist (server/src/live/live-playlist.ts) over a fixed clock: a window of the
 * content's DVR window (LIVE_DVR_WINDOW_S) ending at the live edge, sequence numbers that grow
 * with wall time, a discontinuity (and the init segment again) at each wrap of the loop, and wall
 * times per segment.
 */
import { describe, expect, it } from 'vitest';
import { livePlaylist, windowSegments, type LiveLoop } from '../../src/live/live-playlist.js';
import { LIVE_DVR_WINDOW_S } from '@mesura/content';
import { LIVE_EPOCH_MS } from '../../src/live/live-sources.js';
import { parseLoop } from '../../src/live/live-loop-files.js';

const SEGMENT_MS = 2000;
const LOOP_SEGMENTS = 15;
const LOOP: LiveLoop = {
  initUri: '/media/vod/informatiu/144p/init.mp4',
  segments: Array.from({ length: LOOP_SEGMENTS }, (_, index) => ({ uri: `/media/vod/informatiu/144p/segment-${index}.m4s`, durationMs: SEGMENT_MS })),
};
const WINDOW = { epochMs: LIVE_EPOCH_MS, windowSeconds: LIVE_DVR_WINDOW_S };
/** A day and a bit after the epoch, 0.5 s into a segment. */
const NOW = LIVE_EPOCH_MS + 86_400_000 + 3 * SEGMENT_MS + 500;

/** The playlist's lines after its header, grouped per segment. */
function tagValues(text: string, tag: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${tag}:`))
    .map((line) => line.slice(tag.length + 1));
}

describe('livePlaylist', () => {
  it('holds LIVE_DVR_WINDOW_S of segments, ending with the last complete one', () => {
    const segments = windowSegments(LOOP, NOW, WINDOW);
    expect(LIVE_DVR_WINDOW_S).toBeGreaterThanOrEqual(300);
    expect(segments).toHaveLength((LIVE_DVR_WINDOW_S * 1000) / SEGMENT_MS);
    const last = segments[segments.length - 1]!;
    expect(last.startMs + last.durationMs).toBeLessThanOrEqual(NOW);
    expect(NOW - (last.startMs + last.durationMs)).toBeLessThan(SEGMENT_MS);
  });

  it('numbers segments by wall time: one more per segment duration, the same for every request', () => {
    const first = tagValues(livePlaylist(LOOP, NOW, WINDOW), '#EXT-X-MEDIA-SEQUENCE')[0];
    const sameSegment = tagValues(livePlaylist(LOOP, NOW + 1000, WINDOW), '#EXT-X-MEDIA-SEQUENCE')[0];
    const later = tagValues(livePlaylist(LOOP, NOW + 10 * SEGMENT_MS, WINDOW), '#EXT-X-MEDIA-SEQUENCE')[0];
    expect(Number(first)).toBe((86_400_000 + 3 * SEGMENT_MS) / SEGMENT_MS - (LIVE_DVR_WINDOW_S * 1000) / SEGMENT_MS);
    expect(sameSegment).toBe(first);
    expect(Number(later)).toBe(Number(first) + 10);
  });

  it('marks each wrap of the loop with a discontinuity and the init segment again', () => {
    const text = livePlaylist(LOOP, NOW, WINDOW);
    const lines = text.split('\n');
    const segments = windowSegments(LOOP, NOW, WINDOW);
    const wraps = segments.filter((segment, position) => position > 0 && segment.index === 0).length;
    expect(wraps).toBe(20);
    expect(lines.filter((line) => line === '#EXT-X-DISCONTINUITY')).toHaveLength(wraps);
    expect(tagValues(text, '#EXT-X-MAP')).toHaveLength(wraps + 1);
    // A discontinuity is always followed by the map, then the first segment of the loop.
    for (const [position, line] of lines.entries()) {
      if (line !== '#EXT-X-DISCONTINUITY') continue;
      expect(lines[position + 1]).toBe(`#EXT-X-MAP:URI="${LOOP.initUri}"`);
      expect(lines[position + 4]).toBe(LOOP.segments[0]!.uri);
    }
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(tagValues(text, '#EXT-X-TARGETDURATION')).toEqual(['2']);
  });

  it('counts the discontinuities that left the window in EXT-X-DISCONTINUITY-SEQUENCE', () => {
    const before = windowSegments(LOOP, NOW, WINDOW)[0]!;
    // Move the window so that its first segment is the first one after a wrap, then one further.
    const toWrapMs = ((LOOP_SEGMENTS - before.index) % LOOP_SEGMENTS) * SEGMENT_MS;
    const atWrap = livePlaylist(LOOP, NOW + toWrapMs, WINDOW);
    const afterWrap = livePlaylist(LOOP, NOW + toWrapMs + SEGMENT_MS, WINDOW);
    const sequenceAt = Number(tagValues(atWrap, '#EXT-X-MEDIA-SEQUENCE')[0]);
    expect(sequenceAt % LOOP_SEGMENTS).toBe(0);
    expect(Number(tagValues(atWrap, '#EXT-X-DISCONTINUITY-SEQUENCE')[0])).toBe(sequenceAt / LOOP_SEGMENTS);
    expect(tagValues(afterWrap, '#EXT-X-DISCONTINUITY-SEQUENCE')).toEqual(tagValues(atWrap, '#EXT-X-DISCONTINUITY-SEQUENCE'));
    // 300 segments are exactly 20 passes: starting on a wrap, 19 wraps are inside; the first
    // segment's own break is counted in the sequence, not tagged (nothing before it to break from).
    expect(atWrap.split('\n').filter((line) => line === '#EXT-X-DISCONTINUITY')).toHaveLength(19);
  });

  it('gives every segment its wall time, each one segment duration after the one before, across wraps', () => {
    const times = tagValues(livePlaylist(LOOP, NOW, WINDOW), '#EXT-X-PROGRAM-DATE-TIME').map((iso) => Date.parse(iso));
    expect(times).toHaveLength(300);
    for (let position = 1; position < times.length; position += 1) expect(times[position]! - times[position - 1]!).toBe(SEGMENT_MS);
    expect(times[times.length - 1]).toBe(NOW - 500 - SEGMENT_MS);
  });

  it('keeps uneven segment lengths exact in wall time', () => {
    const uneven: LiveLoop = {
      initUri: '/i.mp4',
      segments: [
        { uri: '/a.m4s', durationMs: 6000 },
        { uri: '/b.m4s', durationMs: 3000 },
        { uri: '/c.m4s', durationMs: 2970 },
      ],
    };
    // Pass 1000 of the 11.97 s loop, 9.5 s in: segments 0 and 1 of this pass are complete.
    const segments = windowSegments(uneven, LIVE_EPOCH_MS + 1000 * 11_970 + 9500, { epochMs: LIVE_EPOCH_MS, windowSeconds: 20 });
    expect(segments.map((segment) => segment.index)).toEqual([0, 1, 2, 0, 1]);
    expect(segments.map((segment) => segment.sequence)).toEqual([2997, 2998, 2999, 3000, 3001]);
    expect(segments.map((segment) => segment.startMs - LIVE_EPOCH_MS)).toEqual([11_958_030, 11_964_030, 11_967_030, 11_970_000, 11_976_000]);
  });
});

describe('parseLoop', () => {
  it('reads a VOD playlist into absolute segment paths with millisecond lengths', () => {
    const text = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.000000,\nsegment-0.m4s\n#EXTINF:1.5,\nsegment-1.m4s\n#EXT-X-ENDLIST\n';
    expect(parseLoop(text, '/media/x/a/')).toEqual({
      initUri: '/media/x/a/init.mp4',
      segments: [
        { uri: '/media/x/a/segment-0.m4s', durationMs: 2000 },
        { uri: '/media/x/a/segment-1.m4s', durationMs: 1500 },
      ],
    });
  });

  it('refuses a playlist that points outside its folder', () => {
    expect(parseLoop('#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\n../other/segment-0.m4s\n', '/media/x/a/')).toBeUndefined();
    expect(parseLoop('#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\nhttps://elsewhere.test/s.m4s\n', '/media/x/a/')).toBeUndefined();
  });
});
