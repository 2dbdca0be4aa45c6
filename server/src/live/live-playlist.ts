/**
 * The live HLS media playlist the server makes for a channel or station: a sliding window over a
 * loop of segments played end to end since LIVE_EPOCH_MS, so that every visitor, and every
 * rendition of one channel, sees the same segment at the same wall time. Pure: the caller passes
 * `now`. Each wrap of the loop restarts the media's timestamps, hence a discontinuity (and the init
 * segment again) there; each segment carries its wall time (EXT-X-PROGRAM-DATE-TIME), which is how
 * the player maps its playhead onto the programme guide.
 */

/** One pass of the looped media, as its VOD playlist lists it. URIs are absolute paths. */
export interface LiveLoop {
  initUri: string;
  segments: LoopSegment[];
}

export interface LoopSegment {
  uri: string;
  /** Whole milliseconds, so that the wall-time arithmetic is exact. */
  durationMs: number;
}

export interface PlaylistWindow {
  /** When segment 0 of loop pass 0 began, epoch ms. */
  epochMs: number;
  /** How much the playlist holds behind the live edge: the DVR window, seconds. */
  windowSeconds: number;
}

/** One segment of the endless stream: its global sequence number and wall-time start. */
export interface StreamSegment {
  sequence: number;
  /** Index in the loop. */
  index: number;
  startMs: number;
  durationMs: number;
}

const MS_PER_SECOND = 1000;

/** The segments of the window ending at the live edge (the last segment complete at `nowMs`), oldest first. */
export function windowSegments(loop: LiveLoop, nowMs: number, window: PlaylistWindow): StreamSegment[] {
  const count = loop.segments.length;
  if (count === 0) throw new Error('a live loop needs at least one segment');
  const offsets = loopOffsets(loop);
  const loopMs = offsets[count] as number;
  const segmentAt = (sequence: number): StreamSegment => {
    const pass = Math.floor(sequence / count);
    const index = sequence - pass * count;
    return { sequence, index, startMs: window.epochMs + pass * loopMs + (offsets[index] as number), durationMs: (loop.segments[index] as LoopSegment).durationMs };
  };
  const elapsedMs = Math.max(0, nowMs - window.epochMs);
  const pass = Math.floor(elapsedMs / loopMs);
  const withinMs = elapsedMs - pass * loopMs;
  let completeInPass = 0;
  while (completeInPass < count && (offsets[completeInPass + 1] as number) <= withinMs) completeInPass += 1;
  const last = pass * count + completeInPass - 1;
  const segments: StreamSegment[] = [];
  let heldMs = 0;
  for (let sequence = last; sequence >= 0 && heldMs < window.windowSeconds * MS_PER_SECOND; sequence -= 1) {
    const segment = segmentAt(sequence);
    segments.unshift(segment);
    heldMs += segment.durationMs;
  }
  return segments;
}

/** The media playlist (RFC 8216) of the window ending at the live edge at `nowMs`. No ENDLIST: it is live. */
export function livePlaylist(loop: LiveLoop, nowMs: number, window: PlaylistWindow): string {
  const segments = windowSegments(loop, nowMs, window);
  const count = loop.segments.length;
  const first = segments[0];
  const longestMs = Math.max(...loop.segments.map((segment) => segment.durationMs));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(longestMs / MS_PER_SECOND)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.sequence ?? 0}`,
    // Discontinuities before the first segment: one per wrap of the loop.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor((first?.sequence ?? 0) / count)}`,
    `#EXT-X-MAP:URI="${loop.initUri}"`,
  ];
  for (const segment of segments) {
    if (segment.index === 0 && segment !== first) lines.push('#EXT-X-DISCONTINUITY', `#EXT-X-MAP:URI="${loop.initUri}"`);
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startMs).toISOString()}`, `#EXTINF:${(segment.durationMs / MS_PER_SECOND).toFixed(3)},`, (loop.segments[segment.index] as LoopSegment).uri);
  }
  return `${lines.join('\n')}\n`;
}

/** Start of each segment within one pass, and the pass's length last. */
function loopOffsets(loop: LiveLoop): number[] {
  const offsets = [0];
  for (const segment of loop.segments) offsets.push((offsets[offsets.length - 1] as number) + segment.durationMs);
  return offsets;
}
