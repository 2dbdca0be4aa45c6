/**
 * Where the video episodes' media is and how long each episode is. The site's build makes it
 * (apps/site/scripts/generate-episodes.mjs, from this seed): per video programme one short stretch
 * of picture and sound in every rendition, and per episode HLS playlists that repeat that stretch's
 * segments to the episode's length, so an episode of 25 minutes costs no more to make than one of 4.
 * Posters follow the image pool's paths (imagePath), so cards and the player show them unchanged.
 */

/** One HLS segment; an episode's length is a whole number of them, so its playlists end exactly. */
export const EPISODE_SEGMENT_SECONDS = 2;

/**
 * Episode lengths in minutes, taken in turn by the video episodes in seed order: a news bulletin,
 * a long report, a short piece, so that the catalogue reads like a broadcaster's (4 to 25 minutes).
 */
const EPISODE_LENGTHS_MINUTES = [12, 25, 6, 18, 9, 22, 4, 15];
const SECONDS_PER_MINUTE = 60;

/** The length of the `order`-th video episode of the seed (0-based), in seconds. */
export function episodeVideoLengthSeconds(order: number): number {
  return EPISODE_LENGTHS_MINUTES[order % EPISODE_LENGTHS_MINUTES.length]! * SECONDS_PER_MINUTE;
}

/** The episode's HLS master playlist, under the site's public files. */
export function episodeVideoPath(episodeId: string): string {
  return `/media/episodis/${episodeId}/master.m3u8`;
}

/** The image id of an episode's poster (a frame of its picture with its title), in the image pool's paths. */
export function episodePosterId(episodeId: string): string {
  return `episodi-${episodeId}`;
}

/** An episode's Catalan subtitles, made with its playlists to cover its whole length. */
export function episodeSubtitlesPath(episodeId: string): string {
  return `/media/episodis/${episodeId}/subtitols.vtt`;
}

/** The image id of a video programme's poster: a frame of its episodes' picture, made with their media. */
export function programmePosterId(slug: string): string {
  return `programa-${slug}`;
}

/** The image id of a channel's or station's poster (its name over its colours). */
export function stationPosterId(slug: string): string {
  return `emissora-${slug}`;
}

/** True for the image ids the media generation makes rather than the drawn pool. */
export function isGeneratedPosterId(id: string): boolean {
  return id.startsWith('episodi-') || id.startsWith('emissora-') || id.startsWith('programa-');
}
