// What the media generation makes, read from the content seed: the video programmes (each one's
// stretch, look and poster), the video episodes that play generated playlists (and their generated
// subtitles), the TV channels' live loops, and the channels and stations that get a poster. Plain data: its hash is the generation's cache key.
import { EPISODE_SEGMENT_SECONDS, createSeedContent, episodeSubtitlesPath, episodeVideoPath, programmePosterId, stationPosterId } from '@mesura/content';

/**
 * Colours of the moving background (ffmpeg's gradients source) and the tone's pitch, in turn per
 * programme, channel and station, so that each looks and sounds its own.
 */
const LOOKS = [
  { colours: ['0x0b3d91', '0x1f7a8c', '0x0d1b2a'], toneHz: 392 },
  { colours: ['0x7a1f3d', '0xc0603a', '0x2b1d3a'], toneHz: 330 },
  { colours: ['0x1b5e20', '0x4f9d69', '0x0f2d1a'], toneHz: 294 },
  { colours: ['0x4a148c', '0x7b5ea7', '0x1a1033'], toneHz: 440 },
  { colours: ['0x8a5a00', '0xd4a017', '0x2e1f00'], toneHz: 262 },
  { colours: ['0x263238', '0x607d8b', '0x0b1114'], toneHz: 349 },
];

const look = (index) => LOOKS[index % LOOKS.length];

/** The plan: everything the media and posters follow from, and nothing else. */
export async function mediaPlan() {
  const content = createSeedContent();
  const programmes = content.programmes.filter((p) => p.kind === 'video');
  const generated = content.episodes.filter((e) => e.kind === 'video' && e.src === episodeVideoPath(e.id));
  const used = programmes.filter((p) => generated.some((e) => e.programme === p.slug));
  const lookOf = (slug) => look(used.findIndex((p) => p.slug === slug));
  return {
    segmentSeconds: EPISODE_SEGMENT_SECONDS,
    programmes: used.map((p) => ({ slug: p.slug, title: p.title, look: lookOf(p.slug), posterId: p.image.id === programmePosterId(p.slug) ? p.image.id : undefined })),
    episodes: generated.map((e) => ({
      id: e.id,
      programme: e.programme,
      programmeTitle: used.find((p) => p.slug === e.programme).title,
      title: e.title,
      lengthSeconds: e.lengthSeconds,
      posterId: e.image.id,
      subtitles: e.subtitles === episodeSubtitlesPath(e.id),
      look: lookOf(e.programme),
    })),
    channels: content.channels.map((c, index) => ({ slug: c.slug, name: c.name, look: look(index) })),
    stations: [...content.channels.map((c) => ({ ...c, kind: 'Televisió en directe' })), ...content.stations.map((s) => ({ ...s, kind: 'Ràdio en directe' }))].map((s, index) => ({
      slug: s.slug,
      name: s.name,
      kind: s.kind,
      posterId: stationPosterId(s.slug),
      look: look(index),
    })),
  };
}
