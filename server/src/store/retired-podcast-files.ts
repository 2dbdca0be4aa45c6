/**
 * Podcast episodes stored by an earlier release point at files this release no longer ships (the
 * 60 s WebM clips of /media/podcasts/, replaced by MP3 episodes made at build). The content stores
 * are seeded on a first start only, so each start replaces such a stored episode by the seed's
 * document of the same id (duckdb/duckdb-content.ts, postgres/postgres-content.ts); an episode an
 * editor pointed elsewhere is left as it is. Idempotent: once replaced, nothing matches again.
 */
import type { ContentSet } from '@mesura/content';
import { contentDocuments, type ContentDocument } from './content-documents.js';

/** The address of a retired podcast file: only these are replaced. */
const RETIRED_PODCAST_FILE = /^\/media\/podcasts\/[a-z0-9-]+\.webm$/;

/** The seed's documents that replace stored episodes still playing a retired file. */
/** The seed is made only when a stored episode needs it. */
export function podcastReplacements(stored: readonly Readonly<Record<string, unknown>>[], seed: () => ContentSet): ContentDocument[] {
  const retired = new Set(
    stored.filter((row) => row.kind === 'episodes' && typeof row.body === 'string' && RETIRED_PODCAST_FILE.test(String((JSON.parse(row.body) as { src?: unknown }).src))).map((row) => String(row.id)),
  );
  return retired.size === 0 ? [] : contentDocuments(seed()).filter((document) => document.kind === 'episodes' && retired.has(document.id));
}
