// What the episodes' media is encoded as. Chosen to fit a 2-core build (docs/media-generation.md):
// VP9 because Debian's Chromium has no H.264 decoder; libvpx's realtime mode at its fastest
// setting; 15 frames a second over slowly moving colours, which compress well; and three
// renditions, which the player's quality menu lists (144p stays: the player's e2e chooses it).

/** Frames a second; a keyframe starts every segment (EPISODE_SEGMENT_SECONDS). */
export const FRAME_RATE = 15;
/** Each programme's one stretch of picture, repeated by its episodes' playlists; a multiple of the segment. */
export const STRETCH_SECONDS = 24;
/** VP9 profile 0, level 1.0 as the committed assets announce; AAC-LC audio (mp4a.40.2). */
export const VIDEO_CODECS = 'vp09.00.10.08,mp4a.40.2';
/** AAC-LC, mono: the tone needs no more. */
export const AUDIO_BITS_PER_SECOND = 64_000;
export const AUDIO_SAMPLE_RATE_HZ = 48_000;

/** Lowest first, as the master playlist lists them. Bit rates are caps: the picture mostly needs less. */
export const RENDITIONS = [
  { name: '144p', width: 256, height: 144, videoBitsPerSecond: 100_000 },
  { name: '360p', width: 640, height: 360, videoBitsPerSecond: 400_000 },
  { name: '720p', width: 1280, height: 720, videoBitsPerSecond: 1_200_000 },
];

/**
 * A live channel's loop: a minute of its own picture (its name, "En directe", a clock), which the
 * server repeats along wall time (server/src/live); long enough not to look like a clip, short
 * enough that three channels fit the build's time.
 */
export const LIVE_LOOP_SECONDS = 60;
/** A live channel's renditions: what a channel offers, with no thumbnail-sized one. */
export const LIVE_RENDITIONS = RENDITIONS.filter((r) => r.name !== '144p');
