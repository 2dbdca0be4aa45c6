/**
 * Every file the seeded content points at exists in the site's public files, and a download's
 * announced size is the file's: a visitor never follows a link to nothing.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSeedContent } from '@mesura/content';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const content = createSeedContent();
const publicFile = (urlPath: string) => path.join(PUBLIC_DIR, urlPath);

describe("the seeded content's files", () => {
  it('has every episode source, subtitle track and VAST file it names', () => {
    for (const episode of content.episodes) {
      expect(existsSync(publicFile(episode.src)), episode.src).toBe(true);
      if (episode.subtitles) expect(existsSync(publicFile(episode.subtitles)), episode.subtitles).toBe(true);
      for (const vast of episode.adBreaks.flatMap((b) => b.vast)) expect(existsSync(publicFile(vast)), vast).toBe(true);
    }
  });

  it('announces each download with its real size', () => {
    for (const episode of content.episodes) {
      if (episode.download) expect(statSync(publicFile(episode.download.path)).size, episode.download.path).toBe(episode.download.bytes);
    }
  });

  it("has every article's document", () => {
    const documents = content.articles.flatMap((a) => (a.document ? [a.document.path] : []));
    expect(documents.length).toBeGreaterThanOrEqual(4);
    for (const document of documents) expect(existsSync(publicFile(document)), document).toBe(true);
  });
});
