/**
 * A content store seeded by an earlier release (store/retired-podcast-files.ts): its podcast
 * episodes on the retired WebM clips play this release's MP3 files after a start, on the embedded
 * store and on PostgreSQL; an episode an editor pointed elsewhere is left as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSeedContent, type ContentSet } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { loadContentStore } from '../../src/store/duckdb/duckdb-content.js';
import { migrateMetadata } from '../../src/store/postgres/metadata-migrations.js';
import { loadPostgresContent } from '../../src/store/postgres/postgres-content.js';
import { testPostgres, testSchema } from '../helpers/test-postgres.js';

const audio = (content: ContentSet) => content.episodes.filter((episode) => episode.kind === 'audio');

/** The seed as the earlier release made it: its audio episodes on the 60 s WebM clips, the first moved by an editor. */
function earlierSeed(): ContentSet {
  const earlier = createSeedContent();
  audio(earlier).forEach((episode, i) => Object.assign(episode, { src: i === 0 ? '/media/altres/entrevista.mp3' : '/media/podcasts/tertulia.webm', lengthSeconds: 60 }));
  return earlier;
}

function expectMp3Episodes(now: ContentSet) {
  const episodes = audio(now);
  expect(episodes.length).toBeGreaterThan(2);
  expect(episodes[0]).toMatchObject({ src: '/media/altres/entrevista.mp3', lengthSeconds: 60 });
  expect(episodes.slice(1)).toEqual(audio(createSeedContent()).slice(1));
  expect(episodes.slice(1).every((episode) => episode.src.endsWith('.mp3'))).toBe(true);
}

const postgres = testPostgres();

describe('a content store of an earlier release', () => {
  it('plays the MP3 episodes where it kept the retired WebM podcast files, and leaves an episode pointed elsewhere', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-retired-podcasts-'));
    try {
      await loadContentStore(dataDir, earlierSeed);
      expectMp3Episodes(await loadContentStore(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(postgres === undefined)('does the same in PostgreSQL', async () => {
    const schema = testSchema(postgres!);
    try {
      const pool = await schema.pool();
      await migrateMetadata(pool);
      await loadPostgresContent(pool, earlierSeed);
      expectMp3Episodes(await loadPostgresContent(pool));
    } finally {
      await schema.drop();
    }
  });
});
