// Makes the video episodes' and live channels' media at build time, with Debian's ffmpeg and
// nothing downloaded, from the content seed (@mesura/content: which programmes, which episodes, how
// long, episode-videos.ts; which channels):
//   public/media/episodis/programes/{programme}/{rendition}/  one stretch of STRETCH_SECONDS per
//       video programme: moving colours, the programme's title, the rendition's name (so a level
//       switch shows), a tone; VP9 + AAC in fMP4 segments of EPISODE_SEGMENT_SECONDS
//   public/media/episodis/{episode}/  master.m3u8 and one media playlist per rendition, repeating
//       the stretch's segments to the episode's length (episode-playlists.mjs), and subtitols.vtt,
//       Catalan subtitles over the whole length (episode-subtitles.mjs)
//   public/media/episodis/directes/{channel}/  a TV channel's live loop of LIVE_LOOP_SECONDS (its
//       name, "En directe", a clock) in LIVE_RENDITIONS, master.m3u8 and {rendition}/index.m3u8,
//       which the live server repeats along wall time (server/src/live/live-sources.ts)
//   public/imatges/{episodi-…,programa-…,emissora-…}-{width}.jpg  posters of every video episode,
//       programme (a frame of its stretch), channel and station, in the image pool's widths, so
//       cards and the players' posters find them by id
// Only the loops cost time (two ffmpeg runs at a time, one per core): an episode is text. The whole output is skipped when the stamp (a
// hash of the seed's media plan and of these scripts) is unchanged and the posters are there, so a
// second build costs nothing.
// Usage: node apps/site/scripts/generate-episodes.mjs [publicDir]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mediaPlan } from './episode-plan.mjs';
import { masterPlaylist, mediaPlaylist } from './episode-playlists.mjs';
import { drawPoster, encodeLoop, framePoster, POSTER_WIDTHS_PX } from './episode-ffmpeg.mjs';
import { FRAME_RATE, LIVE_LOOP_SECONDS, LIVE_RENDITIONS, RENDITIONS, STRETCH_SECONDS, VIDEO_CODECS } from './episode-renditions.mjs';
import { episodeSubtitles } from './episode-subtitles.mjs';

const DEFAULT_PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const SOURCES = ['generate-episodes.mjs', 'episode-plan.mjs', 'episode-playlists.mjs', 'episode-ffmpeg.mjs', 'episode-renditions.mjs', 'episode-subtitles.mjs'];
/** ffmpeg runs at a time: the build machine's two cores. */
const PARALLEL_RUNS = 2;
/**
 * The moment of its stretch a programme's poster shows: far enough in that the colours have moved,
 * early enough that making the frames before it stays cheap (about 0.2 s of machine a second).
 */
const POSTER_AT_SECONDS = 4;
export const STAMP_FILE = '.stamp';

/** The hash of everything the output follows from: the plan and the scripts that make it. */
export function planHash(plan) {
  const hash = createHash('sha256').update(JSON.stringify(plan));
  for (const name of SOURCES) hash.update(readFileSync(path.join(import.meta.dirname, name)));
  return hash.digest('hex');
}

/** Every poster the plan asks for: they sit with the pool's images, which may be cleaned apart from the media. */
export function posterFiles(plan, publicDir) {
  const ids = [...plan.episodes.map((e) => e.posterId), ...plan.programmes.flatMap((p) => (p.posterId ? [p.posterId] : [])), ...plan.stations.map((s) => s.posterId)];
  return ids.flatMap((id) => POSTER_WIDTHS_PX.map((width) => path.join(publicDir, 'imatges', `${id}-${width}.jpg`)));
}

/** True when the stamp holds the plan's hash and every poster is there: nothing to make. */
export function upToDate(plan, publicDir) {
  const stamp = path.join(publicDir, 'media/episodis', STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === planHash(plan) && posterFiles(plan, publicDir).every((file) => existsSync(file));
}

/** Peak bit rate of a rendition's segments (bits per second), as HLS's BANDWIDTH asks. */
function peakBitsPerSecond(dir, segmentSeconds) {
  const sizes = readdirSync(dir)
    .filter((name) => name.endsWith('.m4s'))
    .map((name) => statSync(path.join(dir, name)).size);
  return Math.ceil((Math.max(...sizes) * 8) / segmentSeconds);
}

function writeEpisode(outDir, episode, plan, peaks) {
  const dir = path.join(outDir, episode.id);
  mkdirSync(dir, { recursive: true });
  const renditions = RENDITIONS.map((r) => ({ ...r, peakBitsPerSecond: peaks[episode.programme][r.name] }));
  writeFileSync(path.join(dir, 'master.m3u8'), masterPlaylist({ renditions, frameRate: FRAME_RATE, codecs: VIDEO_CODECS }));
  for (const { name } of RENDITIONS) {
    const stretchUri = `../programes/${episode.programme}/${name}`;
    const text = mediaPlaylist({ segmentSeconds: plan.segmentSeconds, stretchSegments: STRETCH_SECONDS / plan.segmentSeconds, lengthSeconds: episode.lengthSeconds, stretchUri });
    writeFileSync(path.join(dir, `${name}.m3u8`), text);
  }
  if (episode.subtitles) writeFileSync(path.join(dir, 'subtitols.vtt'), episodeSubtitles(episode));
}

/** Runs `tasks` (functions returning promises), at most `limit` at a time. */
async function inTurn(tasks, limit) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

function encodeChannel(outDir, channel, segmentSeconds) {
  const dir = path.join(outDir, 'directes', channel.slug);
  const lines = [
    { text: channel.name, sizePx: 80, yPx: 260 },
    { text: 'En directe', sizePx: 36, yPx: 400 },
  ];
  return async () => {
    await encodeLoop({ dir, look: channel.look, seconds: LIVE_LOOP_SECONDS, segmentSeconds, renditions: LIVE_RENDITIONS, lines, clock: true });
    const renditions = LIVE_RENDITIONS.map((r) => ({ ...r, peakBitsPerSecond: peakBitsPerSecond(path.join(dir, r.name), segmentSeconds) }));
    writeFileSync(path.join(dir, 'master.m3u8'), masterPlaylist({ renditions, frameRate: FRAME_RATE, codecs: VIDEO_CODECS, uriOf: (name) => `${name}/index.m3u8` }));
  };
}

/** What a programme's picture says: its title, and the broadcaster's name above it. */
const programmeLines = (programme) => [
  { text: programme.title, sizePx: 72, yPx: 300 },
  { text: 'Mesura', sizePx: 28, yPx: 60 },
];

function encodeProgramme(outDir, programme, segmentSeconds, peaks) {
  const dir = path.join(outDir, 'programes', programme.slug);
  return async () => {
    await encodeLoop({ dir, look: programme.look, seconds: STRETCH_SECONDS, segmentSeconds, renditions: RENDITIONS, lines: programmeLines(programme) });
    peaks[programme.slug] = Object.fromEntries(RENDITIONS.map(({ name }) => [name, peakBitsPerSecond(path.join(dir, name), segmentSeconds)]));
  };
}

/**
 * Makes everything in `publicDir` unless the stamp says it is there already.
 * @returns {Promise<{ made: boolean, programmes: number, channels: number, episodes: number, posters: number }>}
 */
export async function generateEpisodes(publicDir = DEFAULT_PUBLIC_DIR) {
  const plan = await mediaPlan();
  const outDir = path.join(publicDir, 'media/episodis');
  if (upToDate(plan, publicDir)) return { made: false, programmes: 0, channels: 0, episodes: 0, posters: 0 };
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const imageDir = path.join(publicDir, 'imatges');
  mkdirSync(imageDir, { recursive: true });
  const peaks = {};
  // The longest runs first, so that the two cores finish together.
  await inTurn([...plan.channels.map((c) => encodeChannel(outDir, c, plan.segmentSeconds)), ...plan.programmes.map((p) => encodeProgramme(outDir, p, plan.segmentSeconds, peaks))], PARALLEL_RUNS);
  for (const programme of plan.programmes) {
    if (programme.posterId) await framePoster({ imageDir, id: programme.posterId, look: programme.look, lines: programmeLines(programme), atSeconds: POSTER_AT_SECONDS });
  }
  for (const episode of plan.episodes) {
    writeEpisode(outDir, episode, plan, peaks);
    await drawPoster({ imageDir, id: episode.posterId, title: episode.programmeTitle, subtitle: episode.title, look: episode.look });
  }
  for (const station of plan.stations) await drawPoster({ imageDir, id: station.posterId, title: station.name, subtitle: station.kind, look: station.look });
  // Written last: a build stopped half way leaves no stamp, and the next one starts again.
  writeFileSync(path.join(outDir, STAMP_FILE), planHash(plan));
  return { made: true, programmes: plan.programmes.length, channels: plan.channels.length, episodes: plan.episodes.length, posters: posterFiles(plan, publicDir).length / POSTER_WIDTHS_PX.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const publicDir = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_PUBLIC_DIR;
  const started = Date.now();
  const result = await generateEpisodes(publicDir);
  console.log(
    result.made
      ? `episodes: ${result.programmes} programmes' stretches, ${result.channels} live channels' loops, ${result.episodes} episodes, ${result.posters} posters in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'episodes: up to date',
  );
}
