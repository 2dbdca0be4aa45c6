// The ffmpeg runs of the media generation: a loop of picture and sound in every rendition (one
// run: the picture is drawn once, then scaled and encoded once per rendition), for a programme's
// stretch or a live channel; a drawn poster and a poster from a frame, in the image pool's widths. Titles go through text files, so no quote or colon in
// a title needs escaping in the filter graph.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIO_BITS_PER_SECOND, AUDIO_SAMPLE_RATE_HZ, FRAME_RATE } from './episode-renditions.mjs';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** The image pool's widths (packages/content paths.ts): posters are found where pool images are. */
export const POSTER_WIDTHS_PX = [320, 640, 1280];
const CANVAS = { width: 1280, height: 720 };
/** ffmpeg's JPEG scale: 2 is best, 31 worst; 5 keeps a 1280 px poster near 60 KB. */
const JPEG_QSCALE = 5;
/** How fast the colours drift: slow enough to compress well, fast enough to see the picture move. */
const GRADIENT_SPEED = 0.015;
/** drawtext's expansion of the frame's time as a wall clock from noon (43,200 s after midnight). */
const CLOCK_TEXT = '%{pts:gmtime:43200:%H\\:%M\\:%S}';

function ffmpeg(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
}

/** Runs `run` with each text in a file of its own (drawtext reads a file: no escaping of what it says), then removes them. */
async function withTextFiles(texts, run) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-episode-'));
  try {
    const files = texts.map((text, index) => {
      const file = path.join(dir, `text-${index}.txt`);
      writeFileSync(file, text);
      return file;
    });
    return await run(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const gradients = (look, seconds) =>
  `gradients=size=${CANVAS.width}x${CANVAS.height}:rate=${FRAME_RATE}:duration=${seconds}:speed=${GRADIENT_SPEED}:nb_colors=3:c0=${look.colours[0]}:c1=${look.colours[1]}:c2=${look.colours[2]}:seed=${look.toneHz}`;

const drawText = (file, size, y) => `drawtext=fontfile=${FONT}:textfile=${file}:expansion=none:fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}:box=1:boxcolor=black@0.45:boxborderw=18`;

/**
 * Encodes `seconds` of moving picture and tone into `{dir}/{rendition}/` (init.mp4, segment-N.m4s,
 * index.m3u8) for each of `renditions`: `lines` of text over the look's colours, the rendition's
 * name in a corner (so a level switch shows) and, with `clock`, a clock counting from noon (a live
 * channel's). Asynchronous, so that two runs can share the build's two cores.
 * @param {{ dir: string, look: { colours: string[], toneHz: number }, seconds: number, segmentSeconds: number,
 *   renditions: { name: string, width: number, height: number, videoBitsPerSecond: number }[],
 *   lines: { text: string, sizePx: number, yPx: number }[], clock?: boolean }} options
 */
export async function encodeLoop({ dir, look, seconds, segmentSeconds, renditions, lines, clock = false }) {
  const keyframeEvery = FRAME_RATE * segmentSeconds;
  const texts = [...lines.map((line) => line.text), CLOCK_TEXT];
  await withTextFiles(texts, async (files) => {
    const drawn = lines.map((line, i) => drawText(files[i], line.sizePx, line.yPx));
    // Top left: the player's control bar covers the picture's bottom edge.
    if (clock) drawn.push(`drawtext=fontfile=${FONT}:textfile=${files[lines.length]}:fontcolor=white:fontsize=48:x=48:y=48:box=1:boxcolor=black@0.45:boxborderw=12`);
    const split = renditions.map((_, i) => `[s${i}]`).join('');
    const scaled = renditions.map(
      (r, i) =>
        `[s${i}]scale=${r.width}:${r.height},drawtext=fontfile=${FONT}:text=${r.name}:fontcolor=white@0.8:fontsize=${Math.round(r.height / 14)}:x=w-text_w-${Math.round(r.height / 30)}:y=${Math.round(r.height / 30)}[v${i}]`,
    );
    const graph = [`[0]${drawn.join(',')},split=${renditions.length}${split}`, ...scaled, `[1]volume=0.2,asplit=${renditions.length}${renditions.map((_, i) => `[a${i}]`).join('')}`].join(';');
    const outputs = renditions.flatMap((r, i) => {
      mkdirSync(path.join(dir, r.name), { recursive: true });
      const rate = String(r.videoBitsPerSecond);
      return [
        ...['-map', `[v${i}]`, '-map', `[a${i}]`],
        ...['-c:v', 'libvpx-vp9', '-b:v', rate, '-maxrate', rate, '-bufsize', rate, '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1'],
        ...['-g', String(keyframeEvery), '-keyint_min', String(keyframeEvery), '-force_key_frames', `expr:eq(mod(n,${keyframeEvery}),0)`, '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', String(AUDIO_BITS_PER_SECOND), '-ar', String(AUDIO_SAMPLE_RATE_HZ), '-ac', '1'],
        ...['-strict', 'experimental', '-f', 'hls', '-hls_segment_type', 'fmp4', '-hls_time', String(segmentSeconds), '-hls_playlist_type', 'vod'],
        ...['-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', path.join(dir, r.name, 'segment-%d.m4s'), path.join(dir, r.name, 'index.m3u8')],
      ];
    });
    await ffmpeg([
      ...['-f', 'lavfi', '-i', gradients(look, seconds)],
      ...['-f', 'lavfi', '-i', `sine=frequency=${look.toneHz}:beep_factor=2:duration=${seconds}`],
      ...['-filter_complex', graph, '-t', String(seconds), ...outputs],
    ]);
  });
}

/**
 * A programme's poster: the picture its episodes show at `atSeconds` (the same colours and lines),
 * drawn again from the same source rather than taken from an encoded segment, whose picture carries
 * the rendition's name in its corner, in every pool width.
 */
export async function framePoster({ imageDir, id, look, lines, atSeconds }) {
  await withTextFiles(
    lines.map((line) => line.text),
    async (files) => {
      const drawn = lines.map((line, i) => drawText(files[i], line.sizePx, line.yPx));
      const graph = [
        `[0]${drawn.join(',')},split=${POSTER_WIDTHS_PX.length}${POSTER_WIDTHS_PX.map((_, i) => `[p${i}]`).join('')}`,
        ...POSTER_WIDTHS_PX.map((width, i) => `[p${i}]scale=${width}:-2[o${i}]`),
      ].join(';');
      const outputs = POSTER_WIDTHS_PX.flatMap((width, i) => ['-map', `[o${i}]`, '-frames:v', '1', '-q:v', String(JPEG_QSCALE), '-update', '1', path.join(imageDir, `${id}-${width}.jpg`)]);
      // Seeking the input: the frames before are made but not drawn on.
      await ffmpeg(['-ss', String(atSeconds), '-f', 'lavfi', '-i', gradients(look, atSeconds + 1), '-filter_complex', graph, ...outputs]);
    },
  );
}

/** Draws one poster, `{imageDir}/{id}-{width}.jpg` in every pool width: its look, a title, a line under it. */
export async function drawPoster({ imageDir, id, title, subtitle, look }) {
  await withTextFiles([title, subtitle], async ([titleFile, subtitleFile]) => {
    const labels = POSTER_WIDTHS_PX.map((_, i) => `[p${i}]`).join('');
    const graph = [
      `[0]${drawText(titleFile, 72, 280)},${drawText(subtitleFile, 32, 420)},split=${POSTER_WIDTHS_PX.length}${labels}`,
      ...POSTER_WIDTHS_PX.map((width, i) => `[p${i}]scale=${width}:-2[o${i}]`),
    ].join(';');
    const outputs = POSTER_WIDTHS_PX.flatMap((width, i) => ['-map', `[o${i}]`, '-frames:v', '1', '-q:v', String(JPEG_QSCALE), '-update', '1', path.join(imageDir, `${id}-${width}.jpg`)]);
    await ffmpeg(['-f', 'lavfi', '-i', gradients(look, 1), '-filter_complex', graph, ...outputs]);
  });
}
