/**
 * Every file the seeded content points at exists in the site's public files (the podcasts' MP3s
 * and the video episodes' playlists once the build has made them: scripts/generate-podcasts.sh
 * makes exactly the files the seed names, at the lengths it announces, and generate-episodes.mjs
 * every episode whose source is its generated playlist, with its subtitles, test/episode-media.test.ts), and a
 * download's announced size is the file's: a visitor never follows a link to nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSeedContent, episodeSubtitlesPath, episodeVideoPath, PODCAST_FILES } from '@mesura/content';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const PODCAST_SCRIPT = path.resolve(import.meta.dirname, '../scripts/generate-podcasts.sh');
const content = createSeedContent();
const publicFile = (urlPath: string) => path.join(PUBLIC_DIR, urlPath);
const isPodcastFile = (urlPath: string) => Object.values(PODCAST_FILES).some((file) => file.path === urlPath);
/** 64 kbit/s is 8,000 bytes a second; the encoder adds one 192-byte frame (podcast-files.ts). */
const MP3_BYTES_PER_S = 8_000;
const MP3_FRAME_BYTES = 192;

/** The episodes generate-podcasts.sh makes: id and length in seconds, from its EPISODES table. */
function scriptEpisodes(): Record<string, number> {
  const lines = readFileSync(PODCAST_SCRIPT, 'utf8').matchAll(/^ {2}"([a-z0-9-]+) (\d+) [a-z]+ \d+"$/gm);
  return Object.fromEntries([...lines].map((match) => [match[1], Number(match[2])]));
}

describe("the seeded content's files", () => {
  it('has every episode source, subtitle track and VAST file it names', () => {
    for (const episode of content.episodes) {
      // Made by the build, which the unit tests do not wait for.
      const madeAtBuild = isPodcastFile(episode.src) || episode.src === episodeVideoPath(episode.id);
      if (!madeAtBuild) expect(existsSync(publicFile(episode.src)), episode.src).toBe(true);
      if (episode.subtitles && episode.subtitles !== episodeSubtitlesPath(episode.id)) expect(existsSync(publicFile(episode.subtitles)), episode.subtitles).toBe(true);
      for (const vast of episode.adBreaks.flatMap((b) => b.vast)) expect(existsSync(publicFile(vast)), vast).toBe(true);
    }
  });

  it('has the build make every podcast file, at the length and size the seed announces', () => {
    const podcasts = content.episodes.filter((episode) => episode.download !== undefined);
    expect(podcasts.length).toBeGreaterThanOrEqual(10);
    expect(scriptEpisodes()).toEqual(Object.fromEntries(podcasts.map((episode) => [episode.id, episode.lengthSeconds])));
    for (const episode of podcasts) {
      expect(episode.download).toEqual({ path: `/media/podcasts/${episode.id}.mp3`, type: 'audio/mpeg', bytes: episode.lengthSeconds * MP3_BYTES_PER_S + MP3_FRAME_BYTES });
      expect(episode.lengthSeconds).toBeGreaterThanOrEqual(180);
      expect(episode.lengthSeconds).toBeLessThanOrEqual(720);
    }
  });

  it('announces each download with its real size, once built', () => {
    for (const episode of content.episodes) {
      const file = episode.download && publicFile(episode.download.path);
      // Before the first build the podcasts are not made yet; e2e/podcast-feeds checks them served.
      if (file !== undefined && existsSync(file)) expect(statSync(file).size, episode.download?.path).toBe(episode.download?.bytes);
    }
  });

  it("has every article's document", () => {
    const documents = content.articles.flatMap((a) => (a.document ? [a.document.path] : []));
    expect(documents.length).toBeGreaterThanOrEqual(4);
    for (const document of documents) expect(existsSync(publicFile(document)), document).toBe(true);
  });
});
