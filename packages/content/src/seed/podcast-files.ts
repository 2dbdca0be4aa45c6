/**
 * The podcast episodes' audio files, made at the site's build by apps/site/scripts/generate-podcasts.sh
 * (MP3, mono, 64 kbit/s at 48 kHz): each one's length and exact size, which the programme's feed
 * (its enclosure's length, itunes:duration) and the episode's download link announce.
 * apps/site/test/seed-files.test.ts checks each size against the generated file.
 */

/** The MIME type of every podcast file, in the player, the download link and the feed. */
export const PODCAST_TYPE = 'audio/mpeg';

export interface PodcastFile {
  /** Site path, under the site's public files. */
  path: string;
  /** Whole seconds, as generated. */
  lengthSeconds: number;
  /** The file's size: the feed's enclosure length. */
  bytes: number;
}

/**
 * Length and bytes per episode id. At 64 kbit/s and 48 kHz every MP3 frame is 192 bytes, so a
 * file is 8,000 bytes a second plus one frame the encoder adds: a length changed in the script
 * changes the size by exactly that.
 */
const FILES: Record<string, { lengthSeconds: number; bytes: number }> = {
  'mesura-radio-podcast-t1-e1': { lengthSeconds: 540, bytes: 4_320_192 },
  'mesura-radio-podcast-t1-e2': { lengthSeconds: 420, bytes: 3_360_192 },
  'mesura-radio-podcast-t1-e3': { lengthSeconds: 690, bytes: 5_520_192 },
  'musica-per-a-tothom-t1-e1': { lengthSeconds: 300, bytes: 2_400_192 },
  'musica-per-a-tothom-t1-e2': { lengthSeconds: 600, bytes: 4_800_192 },
  'musica-per-a-tothom-t1-e3': { lengthSeconds: 240, bytes: 1_920_192 },
  'musica-per-a-tothom-t2-e1': { lengthSeconds: 360, bytes: 2_880_192 },
  'musica-per-a-tothom-t2-e2': { lengthSeconds: 480, bytes: 3_840_192 },
  'la-classica-t1-e1': { lengthSeconds: 720, bytes: 5_760_192 },
  'la-classica-t1-e2': { lengthSeconds: 600, bytes: 4_800_192 },
  'la-classica-t1-e3': { lengthSeconds: 420, bytes: 3_360_192 },
};

/** Every podcast file by episode id. */
export const PODCAST_FILES: Readonly<Record<string, PodcastFile>> = Object.fromEntries(Object.entries(FILES).map(([id, file]) => [id, { path: `/media/podcasts/${id}.mp3`, ...file }]));

/** The file of a podcast episode; a seeded audio episode without one is a mistake in this table. */
export function podcastFile(episodeId: string): PodcastFile {
  const file = PODCAST_FILES[episodeId];
  if (file === undefined) throw new Error(`no podcast file for ${episodeId}: add it to generate-podcasts.sh and PODCAST_FILES`);
  return file;
}
